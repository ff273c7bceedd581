/* Header-only: see include/misbehaving_plugin.h. */
