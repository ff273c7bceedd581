#define FIXTURE_DECLINES 1
#include "fixture_plugin.h"
