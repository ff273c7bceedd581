/* An empty public header: SwiftPM builds a C target with an include folder. */
