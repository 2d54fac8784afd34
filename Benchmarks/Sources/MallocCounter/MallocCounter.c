#include "MallocCounter.h"
#include <stddef.h>
#include <stdatomic.h>
#if defined(__linux__) && defined(__GLIBC__)
#include <malloc.h>
#endif

#if defined(__linux__) && defined(__GLIBC__)
extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern int __posix_memalign(void **, size_t, size_t) __attribute__((weak));
extern void *__libc_memalign(size_t, size_t);

static atomic_long calls;
static atomic_int enabled;

#define COUNT() do { if (atomic_load_explicit(&enabled, memory_order_relaxed)) atomic_fetch_add_explicit(&calls, 1, memory_order_relaxed); } while (0)

void *malloc(size_t size) { COUNT(); return __libc_malloc(size); }
void *calloc(size_t count, size_t size) { COUNT(); return __libc_calloc(count, size); }
void *realloc(void *pointer, size_t size) { COUNT(); return __libc_realloc(pointer, size); }
int posix_memalign(void **out, size_t alignment, size_t size) {
    COUNT();
    void *pointer = __libc_memalign(alignment, size);
    if (!pointer) return 12; /* ENOMEM */
    *out = pointer;
    return 0;
}
long malloc_counter_calls(void) { return atomic_load_explicit(&calls, memory_order_relaxed); }
void malloc_counter_set_enabled(int on) { atomic_store_explicit(&enabled, on, memory_order_relaxed); }
int malloc_counter_available(void) { return 1; }
long malloc_counter_allocated_bytes(void) { return (long)mallinfo2().uordblks; }
#else
long malloc_counter_calls(void) { return 0; }
void malloc_counter_set_enabled(int on) { (void)on; }
int malloc_counter_available(void) { return 0; }
long malloc_counter_allocated_bytes(void) { return 0; }
#endif
