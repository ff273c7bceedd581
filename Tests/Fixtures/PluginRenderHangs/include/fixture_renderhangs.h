/* Fixture: see fixture_plugin.h. */
