/* Header-only: see include/layout_plugin.h. */
