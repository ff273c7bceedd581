#define MISBEHAVE_CONSTRUCTOR_HANGS 1
#include "misbehaving_plugin.h"
