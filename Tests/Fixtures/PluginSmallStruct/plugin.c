#define FIXTURE_STRUCT_SIZE 16u
#include "fixture_plugin.h"
