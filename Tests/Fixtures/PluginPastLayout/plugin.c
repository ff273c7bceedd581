#include "refresh_plugin_past.h"
#define LAYOUT_NAME "past"
#include "layout_plugin.h"
