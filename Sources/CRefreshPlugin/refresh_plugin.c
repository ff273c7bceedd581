/* The ABI is the header alone; this file only lets SwiftPM build the module and checks the
 * header compiles as C. */
#include "refresh_plugin.h"
