import TestSupport

/// The built tools and plugins the examples are run with (see ``toolsFolder``).
let products = toolsFolder

/// A scratch folder of this run's, removed with it.
func scratch(_ name: String) -> String { scratchDirectory("example-\(name)") }
