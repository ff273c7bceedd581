#define MISBEHAVE_PROCESS 1
#include "misbehaving_plugin.h"
