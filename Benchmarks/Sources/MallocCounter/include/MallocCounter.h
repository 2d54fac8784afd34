#ifndef MALLOC_COUNTER_H
#define MALLOC_COUNTER_H
/// Calls to malloc, calloc, realloc and posix_memalign while counting was on (0 where the
/// counter cannot interpose the allocator, that is off glibc).
long malloc_counter_calls(void);
/// Turns counting on (1) or off (0). It starts off, so that the allocator costs what it costs
/// in an application everywhere but in the measurement that counts (an atomic increment on
/// every allocation would tax the parsers, which allocate more than the loops they race).
void malloc_counter_set_enabled(int enabled);
/// Whether the counter works on this platform.
int malloc_counter_available(void);
/// Bytes the allocator has handed out and not taken back (glibc's mallinfo2; 0 elsewhere).
long malloc_counter_allocated_bytes(void);
#endif
