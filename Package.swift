// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "ChartWorkbench",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .executable(name: "workbench", targets: ["Workbench"]),
        .library(name: "ChartEngine", targets: ["ChartEngine"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]
        ),
        .systemLibrary(
            name: "CQREncode",
            pkgConfig: "libqrencode",
            providers: [.apt(["libqrencode-dev"])]
        ),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .target(name: "ChartEngine"),
        .target(
            name: "WorkbenchKit",
            dependencies: [
                "ChartEngine",
                "CMicroHTTPD",
                "CQREncode",
                "CSQLite",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "Workbench", dependencies: ["WorkbenchKit"]),
        .executableTarget(
            name: "EngineBenchmarks",
            dependencies: ["ChartEngine"],
            path: "Benchmarks/EngineBenchmarks"
        ),
        .target(name: "PreferenceLearning", dependencies: ["ChartEngine"]),
        .executableTarget(
            name: "ExploreBenchmarks",
            dependencies: ["PreferenceLearning"],
            path: "Benchmarks/ExploreBenchmarks"
        ),
        .testTarget(name: "ChartEngineTests", dependencies: ["ChartEngine"]),
        .testTarget(name: "PreferenceLearningTests", dependencies: ["PreferenceLearning", "ChartEngine"]),
        .testTarget(name: "WorkbenchKitTests", dependencies: ["WorkbenchKit", "ChartEngine"]),
    ],
    swiftLanguageModes: [.v6]
)
