#define MISBEHAVE_STOPS_HOST 1
#include "misbehaving_plugin.h"
