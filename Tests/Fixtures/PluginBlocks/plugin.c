#define MISBEHAVE_BLOCKS 1
#include "misbehaving_plugin.h"
