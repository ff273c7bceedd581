#define LINT_FALSE_MIRROR 1
#include "lint_plugin.h"
