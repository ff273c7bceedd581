/* Header-only: see include/lint_plugin.h. */
