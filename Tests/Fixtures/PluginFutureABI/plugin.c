#define FIXTURE_ABI 99u
#include "fixture_plugin.h"
