#define MISBEHAVE_EXITS 1
#include "misbehaving_plugin.h"
