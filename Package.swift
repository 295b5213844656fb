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
        // LTTB and min/max decimation for `workbench downsample` and the benchmarks; not part of
        // ChartEngine, so the iOS handoff bundle (a copy of Sources/ChartEngine) does not ship it.
        .target(name: "Decimation"),
        .target(
            name: "WorkbenchKit",
            dependencies: [
                "ChartEngine",
                "Decimation",
                "CMicroHTTPD",
                "CQREncode",
                "CSQLite",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "Workbench", dependencies: ["WorkbenchKit"]),
        .executableTarget(
            name: "EngineBenchmarks",
            dependencies: ["ChartEngine", "Decimation"],
            path: "Benchmarks/EngineBenchmarks"
        ),
        .testTarget(name: "ChartEngineTests", dependencies: ["ChartEngine"]),
        .testTarget(name: "DecimationTests", dependencies: ["Decimation"]),
        .testTarget(name: "WorkbenchKitTests", dependencies: ["WorkbenchKit", "ChartEngine"]),
    ],
    swiftLanguageModes: [.v6]
)
