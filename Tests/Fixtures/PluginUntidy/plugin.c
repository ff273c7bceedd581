#define MISBEHAVE_UNTIDY 1
#include "misbehaving_plugin.h"
