// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "RefreshKit",
    products: [
        .library(name: "RefreshCore", targets: ["RefreshCore"]),
        .library(name: "RefreshGraphics", targets: ["RefreshGraphics"]),
        .executable(name: "refresh-dump", targets: ["refresh-dump"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // System libraries, found through pkg-config; `make` installs the apt packages named here.
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CPangoCairo", pkgConfig: "pangocairo", providers: [.apt(["libpango1.0-dev"])]),
        .systemLibrary(name: "CSDL2", pkgConfig: "sdl2", providers: [.apt(["libsdl2-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),

        // Pure Swift: states, the refresh container, scroll physics.
        .target(name: "RefreshCore"),

        // Drawing: Canvas over Cairo, text through Pango, colours, SVG paths, PNG, image compare.
        .target(name: "RefreshGraphics", dependencies: ["RefreshCore", "CCairo", "CPangoCairo", "CPNG"]),

        .executableTarget(
            name: "refresh-dump",
            dependencies: [
                "RefreshCore",
                "RefreshGraphics",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        .testTarget(name: "RefreshCoreTests", dependencies: ["RefreshCore"]),
        .testTarget(name: "RefreshGraphicsTests", dependencies: ["RefreshGraphics"], exclude: ["Golden"]),
    ]
)
