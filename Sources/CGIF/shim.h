#include <dlfcn.h>
#include <gif_lib.h>
#include <libimagequant.h>

/* Debian's libimagequant runs its k-means on OpenMP threads (as many as cores) and adds their errors up in
   the order they finish, which can change when it stops: one thread on the calling thread's parallel
   regions keeps a palette a function of the frame alone. Nothing to do where it was built without OpenMP. */
static inline void refreshkit_quantize_on_one_thread(void) {
    void (*set_threads)(int) = (void (*)(int))dlsym(RTLD_DEFAULT, "omp_set_num_threads");
    if (set_threads) set_threads(1);
}
