#include "lint_plugin.h"
