#include "AllocatorTuning.h"
// Any C library header defines __GLIBC__ when the C library is glibc.
#include <limits.h>

#if defined(__GLIBC__)
#include <malloc.h>

int allocator_keep_freed_memory(int reused_block_bytes, int growth_bytes) {
    int taken = mallopt(M_MMAP_THRESHOLD, reused_block_bytes);
    taken &= mallopt(M_TRIM_THRESHOLD, INT_MAX);
    taken &= mallopt(M_TOP_PAD, growth_bytes);
    return taken ? 1 : 0;
}
#else
int allocator_keep_freed_memory(int reused_block_bytes, int growth_bytes) {
    (void)reused_block_bytes;
    (void)growth_bytes;
    return 0;
}
#endif
