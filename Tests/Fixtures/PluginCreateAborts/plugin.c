#define MISBEHAVE_CREATE_ABORTS 1
#include "misbehaving_plugin.h"
