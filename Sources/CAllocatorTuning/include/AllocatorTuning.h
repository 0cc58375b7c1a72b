#ifndef ALLOCATOR_TUNING_H
#define ALLOCATOR_TUNING_H

/// Asks the C allocator to keep freed memory in the process for reuse: blocks up to
/// `reused_block_bytes` come from the heap instead of their own mappings, the heap is never
/// trimmed, and it grows `growth_bytes` at a time. Returns 1 when the allocator took the settings
/// (glibc), 0 where there is no such setting.
int allocator_keep_freed_memory(int reused_block_bytes, int growth_bytes);

#endif
