// swift-tools-version:6.0
// Plugins broken on purpose (and two written against earlier SDKs), for RefreshKit's own tests: a
// package of their own, so that a package depending on RefreshKit sees none of them among its
// products. The tests build it (TestSupport's fixturePlugin; `make test` builds it first into
// .build/fixtures). The C fixtures read the plugin header from the checkout they sit in.
import PackageDescription

let checkout = "\(Context.packageDirectory)/../.."
let pluginHeader: [CSetting] = [.unsafeFlags(["-I", "\(checkout)/Sources/CRefreshPlugin/include"])]
/// As RefreshKit links its built-in Swift plugins: only `refresh_plugin_entry` exported.
let pluginLinking: [LinkerSetting] = [
    .unsafeFlags(["-Xlinker", "--version-script=\(checkout)/Plugins/plugin-exports.map", "-Xlinker", "--gc-sections"]),
]

let package = Package(
    name: "RefreshKitFixtures",
    products: [
        .library(name: "FixturePluginNoEntry", type: .dynamic, targets: ["FixturePluginNoEntry"]),
        .library(name: "FixturePluginFutureABI", type: .dynamic, targets: ["FixturePluginFutureABI"]),
        .library(name: "FixturePluginCreateFails", type: .dynamic, targets: ["FixturePluginCreateFails"]),
        .library(name: "FixturePluginNaNLength", type: .dynamic, targets: ["FixturePluginNaNLength"]),
        .library(name: "FixturePluginSmallStruct", type: .dynamic, targets: ["FixturePluginSmallStruct"]),
        .library(name: "FixturePluginDeclines", type: .dynamic, targets: ["FixturePluginDeclines"]),
        .library(name: "FixturePluginRenderCrashes", type: .dynamic, targets: ["FixturePluginRenderCrashes"]),
        .library(name: "FixturePluginRenderFails", type: .dynamic, targets: ["FixturePluginRenderFails"]),
        .library(name: "FixturePluginRenderHangs", type: .dynamic, targets: ["FixturePluginRenderHangs"]),
        .library(name: "FixturePluginFutureLayout", type: .dynamic, targets: ["FixturePluginFutureLayout"]),
        .library(name: "FixturePluginPastLayout", type: .dynamic, targets: ["FixturePluginPastLayout"]),
        .library(name: "FixturePluginUntidy", type: .dynamic, targets: ["FixturePluginUntidy"]),
        .library(name: "FixturePluginPaintsOutside", type: .dynamic, targets: ["FixturePluginPaintsOutside"]),
        .library(name: "FixturePluginProcess", type: .dynamic, targets: ["FixturePluginProcess"]),
        .library(name: "FixturePluginExits", type: .dynamic, targets: ["FixturePluginExits"]),
        .library(name: "FixturePluginStopsItsHost", type: .dynamic, targets: ["FixturePluginStopsItsHost"]),
        .library(name: "FixturePluginNondeterministic", type: .dynamic, targets: ["FixturePluginNondeterministic"]),
        .library(name: "FixturePluginLintClean", type: .dynamic, targets: ["FixturePluginLintClean"]),
        .library(name: "FixturePluginLintFlashes", type: .dynamic, targets: ["FixturePluginLintFlashes"]),
        .library(name: "FixturePluginLintVanishesInDark", type: .dynamic, targets: ["FixturePluginLintVanishesInDark"]),
        .library(name: "FixturePluginLintIgnoresReducedMotion", type: .dynamic, targets: ["FixturePluginLintIgnoresReducedMotion"]),
        .library(name: "FixturePluginLintSlow", type: .dynamic, targets: ["FixturePluginLintSlow"]),
        .library(name: "FixturePluginLintFalseMirror", type: .dynamic, targets: ["FixturePluginLintFalseMirror"]),
        .library(name: "FixturePluginHugeLength", type: .dynamic, targets: ["FixturePluginHugeLength"]),
        .library(name: "FixturePluginEscapes", type: .dynamic, targets: ["FixturePluginEscapes"]),
        .library(name: "FixturePluginLogs", type: .dynamic, targets: ["FixturePluginLogs"]),
        .library(name: "FixturePluginHostile", type: .dynamic, targets: ["FixturePluginHostile"]),
        .library(name: "FixturePluginThreadRules", type: .dynamic, targets: ["FixturePluginThreadRules"]),
        .library(name: "FixturePluginConstructorHangs", type: .dynamic, targets: ["FixturePluginConstructorHangs"]),
        .library(name: "FixturePluginConstructorCrashes", type: .dynamic, targets: ["FixturePluginConstructorCrashes"]),
        .library(name: "FixturePluginCreateAborts", type: .dynamic, targets: ["FixturePluginCreateAborts"]),
        .library(name: "FixturePluginDestroyAborts", type: .dynamic, targets: ["FixturePluginDestroyAborts"]),
        .library(name: "FixturePluginBlocks", type: .dynamic, targets: ["FixturePluginBlocks"]),
        .library(name: "FixturePluginCreateHangs", type: .dynamic, targets: ["FixturePluginCreateHangs"]),
        .library(name: "FixturePluginCompatUntypedReads", type: .dynamic, targets: ["FixturePluginCompatUntypedReads"]),
        .library(name: "FixturePluginCompatThrowingReads", type: .dynamic, targets: ["FixturePluginCompatThrowingReads"]),
    ],
    dependencies: [
        .package(name: "RefreshKit", path: "../.."),
    ],
    targets: [
        .systemLibrary(name: "FixtureCairo", path: "CairoLibrary", pkgConfig: "cairo"),
        .target(name: "FixturePluginCommon", dependencies: [], path: "PluginCommon", cSettings: pluginHeader),
        .target(name: "FixturePluginNoEntry", dependencies: ["FixturePluginCommon"], path: "PluginNoEntry", cSettings: pluginHeader, linkerSettings: [.linkedLibrary("m")]),
        .target(name: "FixturePluginFutureABI", dependencies: ["FixturePluginCommon"], path: "PluginFutureABI", cSettings: pluginHeader, linkerSettings: [.linkedLibrary("m")]),
        .target(name: "FixturePluginCreateFails", dependencies: ["FixturePluginCommon"], path: "PluginCreateFails", cSettings: pluginHeader, linkerSettings: [.linkedLibrary("m")]),
        .target(name: "FixturePluginNaNLength", dependencies: ["FixturePluginCommon"], path: "PluginNaNLength", cSettings: pluginHeader, linkerSettings: [.linkedLibrary("m")]),
        .target(name: "FixturePluginSmallStruct", dependencies: ["FixturePluginCommon"], path: "PluginSmallStruct", cSettings: pluginHeader, linkerSettings: [.linkedLibrary("m")]),
        .target(name: "FixturePluginDeclines", dependencies: ["FixturePluginCommon"], path: "PluginDeclines", cSettings: pluginHeader, linkerSettings: [.linkedLibrary("m")]),
        .target(name: "FixturePluginRenderCrashes", dependencies: ["FixturePluginCommon"], path: "PluginRenderCrashes", cSettings: pluginHeader, linkerSettings: [.linkedLibrary("m")]),
        .target(name: "FixturePluginRenderFails", dependencies: ["FixturePluginCommon"], path: "PluginRenderFails", cSettings: pluginHeader, linkerSettings: [.linkedLibrary("m")]),
        .target(name: "FixturePluginRenderHangs", dependencies: ["FixturePluginCommon"], path: "PluginRenderHangs", cSettings: pluginHeader, linkerSettings: [.linkedLibrary("m")]),
        .target(name: "FixturePluginLayoutCommon", dependencies: ["FixtureCairo"], path: "PluginLayoutCommon"),
        .target(name: "FixturePluginFutureLayout", dependencies: ["FixturePluginLayoutCommon"], path: "PluginFutureLayout"),
        .target(name: "FixturePluginPastLayout", dependencies: ["FixturePluginLayoutCommon"], path: "PluginPastLayout"),
        .target(name: "FixturePluginCairoCommon", dependencies: ["FixtureCairo"], path: "PluginCairoCommon", cSettings: pluginHeader),
        .target(name: "FixturePluginUntidy", dependencies: ["FixturePluginCairoCommon"], path: "PluginUntidy", cSettings: pluginHeader),
        .target(name: "FixturePluginPaintsOutside", dependencies: ["FixturePluginCairoCommon"], path: "PluginPaintsOutside", cSettings: pluginHeader),
        .target(name: "FixturePluginProcess", dependencies: ["FixturePluginCairoCommon"], path: "PluginProcess", cSettings: pluginHeader),
        .target(name: "FixturePluginExits", dependencies: ["FixturePluginCairoCommon"], path: "PluginExits", cSettings: pluginHeader),
        .target(name: "FixturePluginStopsItsHost", dependencies: ["FixturePluginCairoCommon"], path: "PluginStopsItsHost", cSettings: pluginHeader),
        .target(name: "FixturePluginNondeterministic", dependencies: ["FixturePluginCairoCommon"], path: "PluginNondeterministic", cSettings: pluginHeader),
        .target(name: "FixturePluginLintCommon", dependencies: ["FixtureCairo"], path: "PluginLintCommon", cSettings: pluginHeader),
        .target(name: "FixturePluginLintClean", dependencies: ["FixturePluginLintCommon"], path: "PluginLintClean", cSettings: pluginHeader),
        .target(name: "FixturePluginLintFlashes", dependencies: ["FixturePluginLintCommon"], path: "PluginLintFlashes", cSettings: pluginHeader),
        .target(name: "FixturePluginLintVanishesInDark", dependencies: ["FixturePluginLintCommon"], path: "PluginLintVanishesInDark", cSettings: pluginHeader),
        .target(name: "FixturePluginLintIgnoresReducedMotion", dependencies: ["FixturePluginLintCommon"], path: "PluginLintIgnoresReducedMotion", cSettings: pluginHeader),
        .target(name: "FixturePluginLintSlow", dependencies: ["FixturePluginLintCommon"], path: "PluginLintSlow", cSettings: pluginHeader),
        .target(name: "FixturePluginLintFalseMirror", dependencies: ["FixturePluginLintCommon"], path: "PluginLintFalseMirror", cSettings: pluginHeader),
        .target(name: "FixturePluginHugeLength", dependencies: ["FixturePluginCairoCommon"], path: "PluginHugeLength", cSettings: pluginHeader),
        .target(name: "FixturePluginEscapes", dependencies: ["FixturePluginCairoCommon"], path: "PluginEscapes", cSettings: pluginHeader),
        .target(name: "FixturePluginLogs", dependencies: ["FixturePluginCairoCommon"], path: "PluginLogs", cSettings: pluginHeader),
        .target(name: "FixturePluginHostile", dependencies: ["FixtureCairo"], path: "PluginHostile", cSettings: pluginHeader),
        .target(name: "FixturePluginThreadRules", dependencies: ["FixtureCairo"], path: "PluginThreadRules", cSettings: pluginHeader),
        .target(name: "FixturePluginConstructorHangs", dependencies: ["FixturePluginCairoCommon"], path: "PluginConstructorHangs", cSettings: pluginHeader),
        .target(name: "FixturePluginConstructorCrashes", dependencies: ["FixturePluginCairoCommon"], path: "PluginConstructorCrashes", cSettings: pluginHeader),
        .target(name: "FixturePluginCreateAborts", dependencies: ["FixturePluginCairoCommon"], path: "PluginCreateAborts", cSettings: pluginHeader),
        .target(name: "FixturePluginDestroyAborts", dependencies: ["FixturePluginCairoCommon"], path: "PluginDestroyAborts", cSettings: pluginHeader),
        .target(name: "FixturePluginBlocks", dependencies: ["FixturePluginCairoCommon"], path: "PluginBlocks", cSettings: pluginHeader),
        .target(name: "FixturePluginCreateHangs", dependencies: ["FixturePluginCairoCommon"], path: "PluginCreateHangs", cSettings: pluginHeader),
        // Built as they were written: their deprecation warnings are the point, not news in every build.
        .target(name: "FixturePluginCompatUntypedReads", dependencies: [.product(name: "RefreshPluginSDK", package: "RefreshKit")],
                path: "SDKCompat/UntypedReads", swiftSettings: [.unsafeFlags(["-suppress-warnings"])], linkerSettings: pluginLinking),
        .target(name: "FixturePluginCompatThrowingReads", dependencies: [.product(name: "RefreshPluginSDK", package: "RefreshKit")],
                path: "SDKCompat/ThrowingReads", swiftSettings: [.unsafeFlags(["-suppress-warnings"])], linkerSettings: pluginLinking),
    ]
)
