#include <gif_lib.h>
#include <libimagequant.h>
