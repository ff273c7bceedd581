#define LINT_VANISHES_IN_DARK 1
#include "lint_plugin.h"
