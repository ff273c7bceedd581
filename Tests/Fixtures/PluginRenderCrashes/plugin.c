#define FIXTURE_RENDER_CRASHES 1
#include "fixture_plugin.h"
