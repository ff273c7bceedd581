/* SpinnerC exports only the plugin entry declared in refresh_plugin.h. */
#include "refresh_plugin.h"
