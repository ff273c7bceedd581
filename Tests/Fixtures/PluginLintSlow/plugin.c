#define LINT_SLOW 1
#include "lint_plugin.h"
