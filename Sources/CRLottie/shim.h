#include <rlottie_capi.h>
