#define FIXTURE_NO_ENTRY 1
#include "fixture_plugin.h"
