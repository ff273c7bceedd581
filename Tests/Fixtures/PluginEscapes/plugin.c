#define MISBEHAVE_ESCAPES 1
#include "misbehaving_plugin.h"
