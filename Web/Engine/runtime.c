// The few C functions the engine's WebAssembly module needs beyond wasi-libc's memory and number
// routines, so that the module imports nothing from its host.
#include <stdlib.h>

// The standard library reads decimal text into a Double through this hook (Double(String)); the
// native runtime implements it with the C library's strtod in the "C" locale, as here.
const char *_swift_stdlib_strtod_clocale(const char *text, double *result) {
    char *end = 0;
    *result = strtod(text, &end);
    return end;
}

// A trap's message has nowhere to go in a page: the trap itself reaches JavaScript as an error.
int putchar(int c) { return c; }

// 128-bit multiplication (the standard library's float printing and full-width products use it;
// compiler-rt's builtins are not part of wasi-libc): the low 128 bits of a × b, from 32-bit halves.
__int128 __multi3(__int128 a, __int128 b) {
    unsigned long long al = (unsigned long long)a, ah = (unsigned long long)((unsigned __int128)a >> 64);
    unsigned long long bl = (unsigned long long)b, bh = (unsigned long long)((unsigned __int128)b >> 64);
    unsigned long long a0 = al & 0xffffffffu, a1 = al >> 32, b0 = bl & 0xffffffffu, b1 = bl >> 32;
    unsigned long long p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    unsigned long long middle = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu);
    unsigned long long low = (p00 & 0xffffffffu) | (middle << 32);
    unsigned long long high = p11 + (p01 >> 32) + (p10 >> 32) + (middle >> 32) + al * bh + ah * bl;
    return (__int128)(((unsigned __int128)high << 64) | low);
}

// The C library's failed assertion prints through stdio (pulling in printf and three host calls);
// here it traps, which reaches JavaScript as a RuntimeError.
_Noreturn void __assert_fail(const char *expression, const char *file, int line, const char *function) {
    (void)expression; (void)file; (void)line; (void)function;
    __builtin_trap();
}
