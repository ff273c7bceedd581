#define MISBEHAVE_HUGE_LENGTH 1
#include "misbehaving_plugin.h"
