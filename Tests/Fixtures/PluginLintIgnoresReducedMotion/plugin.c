#define LINT_IGNORES_MOTION 1
#include "lint_plugin.h"
