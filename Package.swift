// swift-tools-version:6.0
// RefreshKit is licensed under the Apache License, Version 2.0 (LICENSE), like the Swift packages it builds on.
import PackageDescription

/// A built-in Swift plugin exports only `refresh_plugin_entry` and drops the code it does not
/// reach: no host, paging or encoder symbols ride along, and the library is a fraction of the size.
let pluginLinking: [LinkerSetting] = [
    .unsafeFlags(["-Xlinker", "--version-script=\(Context.packageDirectory)/Plugins/plugin-exports.map", "-Xlinker", "--gc-sections"]),
    .unsafeFlags(["-Xlinker", "--strip-all"], .when(configuration: .release)),
]

/// The plugin host and validate's check child (in refresh-dump) lend a plugin their `open` and its
/// kin (CFileWatch, which only they link), so a file its sandbox refuses is named.
let fileWatchExports: [LinkerSetting] = [
    .unsafeFlags(["open", "open64", "openat", "openat64", "__open_2", "__open64_2", "__openat_2", "fopen", "fopen64", "opendir"]
        .flatMap { ["-Xlinker", "--export-dynamic-symbol=\($0)"] }),
]

let package = Package(
    name: "RefreshKit",
    products: [
        .library(name: "RefreshCore", targets: ["RefreshCore"]),
        .library(name: "RefreshGraphics", targets: ["RefreshGraphics"]),
        .library(name: "RefreshPluginSDK", targets: ["RefreshPluginSDK"]),
        .library(name: "RefreshHost", targets: ["RefreshHost"]),
        // For a plugin's own tests without swift-snapshot-testing: expectFrame, expectFrames, validateIndicator.
        .library(name: "RefreshTestingCore", targets: ["RefreshTestingCore"]),
        // For a plugin's own tests: its frames and motion against references (swift-snapshot-testing
        // strategies, or expectFrame for Swift Testing and XCTest). Tools and plugins never link it.
        .library(name: "RefreshTesting", targets: ["RefreshTesting"]),
        .executable(name: "refresh-dump", targets: ["refresh-dump"]),
        .executable(name: "refresh-preview", targets: ["refresh-preview"]),
        .executable(name: "refresh-plugin-host", targets: ["refresh-plugin-host"]),
        // Built-in indicators: each a shared library the host loads at run time.
        .library(name: "RefreshSpinner", type: .dynamic, targets: ["Spinner"]),
        .library(name: "RefreshSpinnerC", type: .dynamic, targets: ["SpinnerC"]),
        .library(name: "RefreshRainbow", type: .dynamic, targets: ["Rainbow"]),
        .library(name: "RefreshPathDrawing", type: .dynamic, targets: ["PathDrawing"]),
        .library(name: "RefreshLabel", type: .dynamic, targets: ["Label"]),
        .library(name: "RefreshLottie", type: .dynamic, targets: ["Lottie"]),
        .library(name: "ExampleTemplate", type: .dynamic, targets: ["Template"]),
        // The gallery: the famous indicators of other platforms.
        .library(name: "RefreshMaterial", type: .dynamic, targets: ["Material"]),
        .library(name: "RefreshWaterDrop", type: .dynamic, targets: ["WaterDrop"]),
        .library(name: "RefreshBezierRadar", type: .dynamic, targets: ["BezierRadar"]),
        .library(name: "RefreshStoreHouse", type: .dynamic, targets: ["StoreHouse"]),
        .library(name: "RefreshPhoenix", type: .dynamic, targets: ["Phoenix"]),
        .library(name: "RefreshTaurus", type: .dynamic, targets: ["Taurus"]),
        .library(name: "RefreshImageSequence", type: .dynamic, targets: ["ImageSequence"]),
        // Plugins written against earlier SDK APIs, kept as written: each must build and draw as the template does.
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // `swift package generate-documentation --target RefreshPluginSDK`: the SDK's DocC catalog.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
        // RefreshTesting's snapshot strategies plug into the library Swift developers already use.
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.17.0"),
        // dotLottie archives (.lottie): the Lottie plugin reads them.
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.19"),
    ],
    targets: [
        // System libraries, found through pkg-config; `make` installs the apt packages named here.
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CPangoCairo", pkgConfig: "pangocairo", providers: [.apt(["libpango1.0-dev"])]),
        .systemLibrary(name: "CSDL2", pkgConfig: "sdl2", providers: [.apt(["libsdl2-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CLibz", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CJSON", pkgConfig: "libcjson", providers: [.apt(["libcjson-dev"])]),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebpmux", providers: [.apt(["libwebp-dev"])]),
        .systemLibrary(name: "CRLottie", pkgConfig: "rlottie", providers: [.apt(["librlottie-dev"])]),
        .systemLibrary(name: "CGIF", pkgConfig: "imagequant", providers: [.apt(["libimagequant-dev", "libgif-dev"])]),

        // Pure Swift, no C, on RefreshContract's vocabulary (re-exported). Rooms: Indicator/
        // (AnimatableRefresh: what the container holds), StateMachine/ (the transition table and an
        // edge's configuration), Container/ (offsets in, progress and states out), Physics/ (rubber
        // band, fling, spring), Paging/, Support/.
        .target(name: "RefreshCore", dependencies: ["RefreshContract"]),

        // The words a plugin and the host share, and nothing else: RefreshState, RefreshEdge and
        // ScrollAxis, IndicatorPlacement, what a state says (StateDescription), Point/Size, and
        // the Lottie export's format (its markers) that the exporter and the Lottie plugin share.
        // Its own target so that plugins link none of the container, physics or paging.
        .target(name: "RefreshContract"),

        // The plumbing under every tool: Files/ (careful reads and writes, temporary paths and the
        // stop signals that remove them, digests) and Processes/ (child programs, clocks).
        .target(name: "RefreshSystem", dependencies: ["CPangoCairo"]),

        // Drawing over Cairo and Pango, on RefreshContract's vocabulary (re-exported). Rooms: Drawing/
        // (Canvas, colours, images), Paths/ (SVG path data, flattening, measuring, trimming), Text/,
        // Files/ (PNG).
        .target(name: "RefreshGraphics", dependencies: ["RefreshContract", "RefreshSystem", "CCairo", "CPangoCairo", "CPNG"]),

        // Image comparison and golden files, for the tools and tests; plugins never link it.
        .target(name: "RefreshGoldens", dependencies: ["RefreshGraphics"]),

        // FFmpeg's headers, and its libraries opened on first use rather than linked (most runs
        // write no video; loading them cost every start 20 ms). `make` installs libavformat-dev,
        // libavcodec-dev, libswscale-dev and libavutil-dev.
        .target(name: "CFFmpeg"),

        // Animation files (animated WebP, GIF, MP4, and APNG in APNG/) for the tools; plugins never link it.
        .target(name: "RefreshAnimationFiles", dependencies: ["RefreshGraphics", "CFFmpeg", "CGIF", "CWebP", "CLibz"]),

        // The C ABI between host and plugins: include/refresh_plugin.h.
        .target(name: "CRefreshPlugin"),
        // What a Swift plugin imports: RefreshIndicator, parameters, the export adapter.
        .target(name: "RefreshPluginSDK", dependencies: ["RefreshGraphics", "CRefreshPlugin"]),

        // What every tool and the plugin author's test kit share: the plugin host. Rooms:
        // PluginLoading/ (finding, loading, checking, hot reload, the in-process watchdog),
        // Isolation/ (plugin-host children, the probe, crash records), Scenes/ (what a frame of the
        // list looks like), Scenarios/ (reading, playing, verifying), MotionGoldens/ (every frame's
        // track, its film, comparison and strip), InputFiles/ (versions and errors of the files
        // people write).
        .target(name: "RefreshHost", dependencies: ["RefreshCore", "RefreshPluginSDK", "RefreshGoldens", "CRefreshPlugin", "CCairo", "CPangoCairo", "CProcessControl"]),
        // What Swift cannot call itself for the plugin-host zygote (prctl, descriptors over a socket)
        // and the plugin host's sandbox (Landlock, and a seccomp filter through libseccomp: `make`
        // installs libseccomp-dev).
        .target(name: "CProcessControl", linkerSettings: [.linkedLibrary("seccomp")]),
        // The open wrappers that name a file a sandboxed plugin is refused: in the programs that run plugins alone.
        .target(name: "CFileWatch", dependencies: ["CProcessControl"]),

        // The preview's session, shared by the window and the scripted preview. Rooms: Session/
        // (commands, keys, clock, pretend server), Recording/, Opening/ (files and plugins),
        // Timeline/, Inspector/, Overlays/ (help, gallery, captions).
        .target(name: "RefreshPreviewSession", dependencies: ["RefreshHost", "RefreshCore", "RefreshPluginSDK"]),

        // refresh-dump's checks of a plugin. Rooms: Validation/ (validate's checks, also run by
        // RefreshTesting), Lint/ (lint's measures), Fuzzing/.
        .target(name: "RefreshChecks", dependencies: ["RefreshHost", "RefreshCore", "RefreshPluginSDK", "RefreshGoldens"]),

        // A plugin as a Lottie animation with the state markers, and the dotLottie holding its light
        // and dark files: each frame's drawing recorded, read into shapes, laid out over time.
        .target(name: "RefreshLottieExport", dependencies: ["RefreshHost", "RefreshCore", "RefreshPluginSDK", "RefreshLottieSource", "CJSON", .product(name: "ZIPFoundation", package: "ZIPFoundation")]),

        // A Lottie file as the Lottie plugin plays it: its frames, markers and the ranges each state
        // plays, read from the plugin's parameters; the plugin draws them, the export writes them.
        .target(name: "RefreshLottieSource", dependencies: ["RefreshPluginSDK", .product(name: "ZIPFoundation", package: "ZIPFoundation")]),

        // What a developer takes into an app: the trigger, hold, timing and words per platform.
        .target(name: "RefreshHandoff", dependencies: ["RefreshHost", "RefreshCore", "RefreshPluginSDK", "RefreshLottieExport"]),

        // A plugin author's test kit: frames and motion of a Swift indicator in process, checked
        // against references with verify's comparator.
        .target(name: "RefreshTestingCore", dependencies: ["RefreshHost", "RefreshChecks", "RefreshGoldens", "CRefreshPlugin"]),
        // RefreshTestingCore with swift-snapshot-testing's assertSnapshot and RefreshKit's strategies for it.
        .target(name: "RefreshTesting", dependencies: ["RefreshTestingCore", "RefreshHost", "RefreshGoldens",
                                                       .product(name: "SnapshotTesting", package: "swift-snapshot-testing")]),

        // Built-in indicators.
        .target(name: "Spinner", dependencies: ["RefreshPluginSDK"], path: "Plugins/Spinner", linkerSettings: pluginLinking),
        .target(name: "Rainbow", dependencies: ["RefreshPluginSDK"], path: "Plugins/Rainbow", linkerSettings: pluginLinking),
        .target(name: "PathDrawing", dependencies: ["RefreshPluginSDK"], path: "Plugins/PathDrawing", linkerSettings: pluginLinking),
        .target(name: "Label", dependencies: ["RefreshPluginSDK"], path: "Plugins/Label", linkerSettings: pluginLinking),
        .target(name: "Lottie", dependencies: ["RefreshPluginSDK", "RefreshLottieSource", "CRLottie"], path: "Plugins/Lottie", linkerSettings: pluginLinking),
        .target(name: "Template", dependencies: ["RefreshPluginSDK"], path: "Examples/SwiftPlugin/Sources/MyIndicator", linkerSettings: pluginLinking),
        .target(name: "Material", dependencies: ["RefreshPluginSDK"], path: "Plugins/Material", linkerSettings: pluginLinking),
        .target(name: "WaterDrop", dependencies: ["RefreshPluginSDK"], path: "Plugins/WaterDrop", linkerSettings: pluginLinking),
        .target(name: "BezierRadar", dependencies: ["RefreshPluginSDK"], path: "Plugins/BezierRadar", linkerSettings: pluginLinking),
        .target(name: "StoreHouse", dependencies: ["RefreshPluginSDK"], path: "Plugins/StoreHouse", linkerSettings: pluginLinking),
        .target(name: "Phoenix", dependencies: ["RefreshPluginSDK"], path: "Plugins/Phoenix", linkerSettings: pluginLinking),
        .target(name: "Taurus", dependencies: ["RefreshPluginSDK"], path: "Plugins/Taurus", linkerSettings: pluginLinking),
        .target(name: "ImageSequence", dependencies: ["RefreshPluginSDK"], path: "Plugins/ImageSequence", linkerSettings: pluginLinking),
        .target(name: "SpinnerC", dependencies: ["CRefreshPlugin", "CCairo", "CJSON"], path: "Plugins/SpinnerC",
                linkerSettings: [.linkedLibrary("m")] + pluginLinking),

        // What the two command lines share: exit codes.
        .target(name: "RefreshCommandLine", dependencies: ["RefreshGraphics", .product(name: "ArgumentParser", package: "swift-argument-parser")]),

        .executableTarget(
            name: "refresh-dump",
            dependencies: [
                "RefreshCore",
                "RefreshGraphics",
                "RefreshGoldens",
                "RefreshHost",
                "RefreshChecks",
                "RefreshHandoff",
                "RefreshLottieExport",
                "RefreshPreviewSession",
                "RefreshAnimationFiles",
                "RefreshCommandLine",
                "CFileWatch",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            linkerSettings: fileWatchExports
        ),

        // The child that runs one plugin for the tools: only what a plugin needs, so it starts fast.
        .executableTarget(name: "refresh-plugin-host", dependencies: ["RefreshHost", "CFileWatch"], linkerSettings: fileWatchExports),
        // bench's anchor for that child's start: a C program that loads a plugin and nothing else.
        .executableTarget(name: "refresh-bench-anchor", dependencies: ["CRefreshPlugin"]),

        .executableTarget(
            name: "refresh-preview",
            dependencies: [
                "RefreshCore",
                "RefreshHost",
                "RefreshPreviewSession",
                "RefreshAnimationFiles",
                "RefreshHandoff",
                "RefreshLottieExport",
                "CSDL2",
                "RefreshCommandLine",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // What several test targets share: running a program, the package's folder, scratch folders.
        .target(name: "TestSupport", dependencies: ["RefreshGoldens", "RefreshGraphics"], path: "Tests/TestSupport"),
        .testTarget(name: "RefreshCoreTests", dependencies: ["RefreshCore"]),
        .testTarget(name: "RefreshSystemTests", dependencies: ["RefreshSystem"]),
        .testTarget(name: "RefreshContractTests", dependencies: ["RefreshContract"]),
        .testTarget(name: "RefreshGoldensTests", dependencies: ["RefreshGoldens", "RefreshGraphics", "TestSupport"]),
        .testTarget(name: "RefreshPluginSDKTests", dependencies: ["RefreshPluginSDK", "TestSupport"]),
        .testTarget(name: "PathDrawingTests", dependencies: ["RefreshHost", "RefreshPluginSDK", "TestSupport"]),
        .testTarget(name: "ImageSequenceTests", dependencies: ["RefreshHost", "RefreshPluginSDK", "TestSupport"]),
        .testTarget(name: "PluginsEndToEndTests", dependencies: ["RefreshHost", "RefreshPluginSDK", "RefreshGoldens", "TestSupport"], exclude: ["Golden"]),
        .testTarget(name: "RefreshGraphicsTests", dependencies: ["RefreshCore", "RefreshGraphics", "RefreshGoldens", "TestSupport"], exclude: ["Golden", "SVGIcons"]),
        .testTarget(name: "RefreshHostTests", dependencies: ["RefreshCore", "RefreshHost", "RefreshGoldens", "TestSupport"], exclude: ["Golden"]),
        .testTarget(name: "RefreshDumpEndToEndTests", dependencies: ["RefreshCore", "RefreshHost", "RefreshPreviewSession", "RefreshChecks", "RefreshHandoff", "RefreshGoldens", "RefreshAnimationFiles", "TestSupport"], exclude: ["Golden", "WebHandoff"]),
        .testTarget(name: "RefreshPreviewEndToEndTests", dependencies: ["RefreshCore", "RefreshHost", "RefreshPreviewSession", "RefreshChecks", "RefreshHandoff", "RefreshGoldens", "RefreshAnimationFiles", "TestSupport"]),
        .testTarget(name: "LottieTests", dependencies: ["Lottie", "RefreshLottieSource", "RefreshHost", "TestSupport", .product(name: "ZIPFoundation", package: "ZIPFoundation")], exclude: ["Golden"]),
        .testTarget(name: "RefreshTestingTests", dependencies: ["RefreshTesting", "RefreshGoldens",
                                                               .product(name: "SnapshotTesting", package: "swift-snapshot-testing")],
                    exclude: ["__Frames__", "__Motion__", "__Snapshots__"]),
        // The repository's own rules: source files, documentation and its map.
        .testTarget(name: "ExampleTests", dependencies: ["TestSupport"]),
        .testTarget(name: "RefreshTestingCoreTests", dependencies: ["RefreshTestingCore", "RefreshHost", "RefreshPluginSDK"]),
        .testTarget(name: "RepositoryTests", dependencies: ["TestSupport"]),
        .testTarget(name: "RefreshPreviewSessionTests", dependencies: ["RefreshCore", "RefreshHost", "RefreshPreviewSession", "RefreshGoldens", "TestSupport"], exclude: ["Golden"]),
        .testTarget(name: "RefreshChecksTests", dependencies: ["RefreshChecks", "RefreshGoldens", "RefreshGraphics", "RefreshHost", "RefreshPluginSDK", "TestSupport"]),
        .testTarget(name: "RefreshHandoffTests", dependencies: ["RefreshHandoff", "RefreshCore", "RefreshHost", "RefreshPluginSDK", "TestSupport"], exclude: ["Handoff"]),
        .testTarget(name: "RefreshLottieExportTests", dependencies: ["RefreshLottieExport", "RefreshHost", "RefreshPluginSDK", "TestSupport"]),
        .testTarget(name: "RefreshAnimationFilesTests", dependencies: ["RefreshAnimationFiles", "RefreshGoldens", "CGIF", "CWebP", "CLibz", "TestSupport"]),
    ]
)

// Test code is compiled without optimisation in every configuration: the code under test is
// optimised in release (where `make test` runs it), and a whole-module -O build of the test
// targets took 259 s of a clean clone's 2-core build for code that runs a few seconds.
for target in package.targets where target.type == .test {
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-Onone"], .when(configuration: .release))]
}
