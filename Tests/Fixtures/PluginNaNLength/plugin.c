#define FIXTURE_NAN_LENGTH 1
#include "fixture_plugin.h"
