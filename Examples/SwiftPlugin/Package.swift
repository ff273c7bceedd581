// swift-tools-version:6.0
// An indicator plugin in a package of its own: copy this folder anywhere, point the dependency at
// RefreshKit (its folder, or its repository URL and a version), rename the id, build:
//   swift build -c release     →  .build/release/libMyIndicator.so
//   refresh-dump validate .build/release/libMyIndicator.so
//   swift test                 →  its frames and motion against the references in Tests/
import PackageDescription

let package = Package(
    name: "MyIndicator",
    products: [
        .library(name: "MyIndicator", type: .dynamic, targets: ["MyIndicator"]),
    ],
    dependencies: [
        .package(name: "RefreshKit", path: "../.."),
    ],
    targets: [
        .target(name: "MyIndicator", dependencies: [.product(name: "RefreshPluginSDK", package: "RefreshKit")]),
        // RefreshTestingCore: frames and motion checked against references recorded beside the tests.
        // For swift-snapshot-testing's assertSnapshot with RefreshKit's strategies, name "RefreshTesting" instead.
        .testTarget(name: "MyIndicatorTests", dependencies: ["MyIndicator", .product(name: "RefreshTestingCore", package: "RefreshKit")],
                    exclude: ["__Frames__", "__Motion__"]),
    ]
)
