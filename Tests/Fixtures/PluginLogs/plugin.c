#define MISBEHAVE_LOGS 1
#include "misbehaving_plugin.h"
