/* A plugin that tries one thing a drawing never needs (see plugin.c). */
