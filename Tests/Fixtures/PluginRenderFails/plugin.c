#define FIXTURE_RENDER_FAILS 1
#include "fixture_plugin.h"
