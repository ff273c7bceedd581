#define MISBEHAVE_DESTROY_ABORTS 1
#include "misbehaving_plugin.h"
