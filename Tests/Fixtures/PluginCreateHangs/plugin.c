#define MISBEHAVE_CREATE_HANGS 1
#include "misbehaving_plugin.h"
