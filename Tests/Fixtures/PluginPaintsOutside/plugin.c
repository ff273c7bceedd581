#define MISBEHAVE_PAINTS_OUTSIDE 1
#include "misbehaving_plugin.h"
