#ifndef MALLOC_COUNTER_H
#define MALLOC_COUNTER_H
/// Calls to malloc, calloc, realloc and posix_memalign since the program started (0 where the
/// counter cannot interpose the allocator, that is off glibc).
long malloc_counter_calls(void);
/// Whether the counter works on this platform.
int malloc_counter_available(void);
#endif
