#define MISBEHAVE_NONDETERMINISTIC 1
#include "misbehaving_plugin.h"
