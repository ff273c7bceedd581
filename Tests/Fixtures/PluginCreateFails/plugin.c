#define FIXTURE_CREATE_FAILS 1
#include "fixture_plugin.h"
