#include "refresh_plugin_future.h"
#define LAYOUT_NAME "future"
#include "layout_plugin.h"
