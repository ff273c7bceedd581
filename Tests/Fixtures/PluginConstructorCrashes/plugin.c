#define MISBEHAVE_CONSTRUCTOR 1
#include "misbehaving_plugin.h"
