// swift-tools-version: 6.0
import PackageDescription

// The engine's maths, the price data, decimation, the preference model and JSON run optimised in
// debug builds too: the tests start many servers over ten years of minutes (an unoptimised engine
// spends 2.3 s per start against 0.5 s) and write many bundles, whose vectors are the engine's
// work. The exports module itself is not: optimising it cost 23 CPU s of every build and saved
// nothing measurable per bundle (0.55 s either way).
let optimisedInDebug: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]

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
        // SHA-256, Ed25519 signatures of exports (docs/handoff.md, "Provenance"), randomness.
        .systemLibrary(
            name: "CSodium",
            pkgConfig: "libsodium",
            providers: [.apt(["libsodium-dev"])]
        ),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // The engine: pure maths ending in the scene (no I/O). Everything else is the server, in
        // layers whose arrows point down only (docs/architecture.md, drawn from this file):
        //   Workbench → WorkbenchCLI → WorkbenchApplication → {HTTPServer, WorkbenchExports, PriceData}
        //   WorkbenchExports → WorkbenchStores → WorkbenchSupport; HTTPServer → WorkbenchSupport
        .target(name: "ChartEngine", swiftSettings: optimisedInDebug),
        // JSON values and hashing: what every layer above the engine shares; no HTTP, no domain.
        .target(name: "WorkbenchSupport", dependencies: ["CSodium"], swiftSettings: optimisedInDebug),
        // The HTTP server core over libmicrohttpd: router, middleware, WebSocket, event streams,
        // per-client budgets. Knows no preset, person or chart.
        .target(name: "HTTPServer", dependencies: ["WorkbenchSupport", "CMicroHTTPD"]),
        // What a client asks to draw, decoded once at each edge (`ChartRequest`), resolved into
        // what the engine draws (`ChartDrawing`), and a render socket's charts (`PreviewSessions`).
        .target(name: "ChartRendering", dependencies: ["ChartEngine", "WorkbenchSupport"]),
        // The pairwise preference model of Explore rounds (a Gaussian process over chosen parameters).
        .target(name: "PreferenceLearning", dependencies: ["ChartEngine"], swiftSettings: optimisedInDebug),
        // Domain stores: presets and their files, history in SQLite, drafts, decisions. No HTTP.
        .target(name: "WorkbenchStores", dependencies: ["ChartEngine", "WorkbenchSupport", "CSQLite", "PreferenceLearning"]),
        // Export formats, handoff bundles and provenance, from a preset and its revision.
        // The engine sources and guide a bundle ships are embedded at build time
        // (Plugins/EmbedEngineSources), so a copied binary writes bundles anywhere.
        .target(
            name: "WorkbenchExports",
            dependencies: ["ChartEngine", "WorkbenchSupport", "WorkbenchStores"],
            plugins: ["EmbedEngineSources"]
        ),
        .executableTarget(name: "EmbedSourcesTool", path: "Plugins/EmbedSourcesTool"),
        .plugin(name: "EmbedEngineSources", capability: .buildTool(), dependencies: ["EmbedSourcesTool"]),
        // The page (Public/) and the build's version and commit, embedded at build time
        // (Plugins/EmbedPage), so one copied binary serves everything and names itself.
        .target(name: "EmbeddedPage", plugins: ["EmbedPage"]),
        .plugin(name: "EmbedPage", capability: .buildTool(), dependencies: ["EmbedSourcesTool"]),
        // Price series: CSV import, the loaded series, live ticks.
        .target(name: "PriceData", dependencies: ["ChartEngine"], swiftSettings: optimisedInDebug),
        // LTTB and min/max decimation for `workbench downsample` and the benchmarks; not part of
        // ChartEngine, so the iOS handoff bundle (a copy of Sources/ChartEngine) does not ship it.
        .target(name: "Decimation", swiftSettings: optimisedInDebug),
        // The application: route groups that wire the stores to HTTP.
        .target(
            name: "WorkbenchApplication",
            dependencies: ["ChartEngine", "ChartRendering", "WorkbenchSupport", "HTTPServer", "WorkbenchStores", "WorkbenchExports", "PriceData", "CQREncode", "PreferenceLearning", "EmbeddedPage"]
        ),
        // The command line: serve and the engine, export and verify commands.
        .target(
            name: "WorkbenchCLI",
            dependencies: [
                "ChartEngine", "ChartRendering", "Decimation", "WorkbenchSupport", "HTTPServer", "WorkbenchStores", "WorkbenchExports", "PriceData", "WorkbenchApplication", "EmbeddedPage",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "Workbench", dependencies: ["WorkbenchCLI"]),
        .executableTarget(
            name: "EngineBenchmarks",
            dependencies: ["ChartEngine", "Decimation"],
            path: "Benchmarks/EngineBenchmarks"
        ),
        .executableTarget(
            name: "ExploreBenchmarks",
            dependencies: ["PreferenceLearning"],
            path: "Benchmarks/ExploreBenchmarks"
        ),
        .testTarget(name: "ChartEngineTests", dependencies: ["ChartEngine"]),
        .testTarget(name: "DecimationTests", dependencies: ["Decimation"]),
        .testTarget(
            name: "ServerTests",
            dependencies: ["ChartEngine", "ChartRendering", "WorkbenchSupport", "HTTPServer", "WorkbenchStores", "WorkbenchExports", "PriceData", "WorkbenchApplication", "WorkbenchCLI"]
        ),
        .testTarget(name: "PreferenceLearningTests", dependencies: ["PreferenceLearning", "ChartEngine"]),
    ],
    swiftLanguageModes: [.v6]
)
