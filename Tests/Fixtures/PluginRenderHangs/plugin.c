#define FIXTURE_RENDER_HANGS 1
#include "fixture_plugin.h"
