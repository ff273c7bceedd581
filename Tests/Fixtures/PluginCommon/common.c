/* Header-only: see include/fixture_plugin.h. */
