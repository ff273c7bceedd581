/// The path of a plugin library this build made, e.g. `library("RefreshSpinner")`.
public func library(_ product: String) -> String { "\(buildFolder)/lib\(product).so" }

/// The built-in plugins, by product name.
public let builtIns = ["RefreshSpinner", "RefreshSpinnerC", "RefreshRainbow", "RefreshPathDrawing", "RefreshLabel", "RefreshLottie", "ExampleTemplate",
                       "RefreshMaterial", "RefreshWaterDrop", "RefreshBezierRadar", "RefreshStoreHouse", "RefreshPhoenix", "RefreshTaurus", "RefreshImageSequence"]
