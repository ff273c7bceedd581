#define LINT_FLASHES 1
#include "lint_plugin.h"
