import ChartEngine
import Foundation

/// `workbench export --format ios|android`: a folder (or a .zip) ready to hand to the engineer
/// who ships the chart: the engine, the preset's style value, motion in the platform's terms,
/// `vectors.json` and a README in their words.
struct HandoffBundle {
    enum Platform: String, CaseIterable, Sendable {
        case ios, android

        /// One line for the export dialog: what the format is for and what the receiver does next.
        var purpose: String {
            switch self {
            case .ios: "iOS bundle: add the ChartEngine package, drop in the style file, run vectors.json in a unit test."
            case .android: "Android bundle: copy the Kotlin engine and Compose adapter into the app module, run the conformance check."
            }
        }
    }

    struct File {
        let path: String
        let contents: [UInt8]
    }

    let preset: Preset
    let platform: Platform
    /// The repository (for the engine sources it copies).
    let root: String

    var folderName: String { "chart-" + CodeName.identifier(preset.name, upperFirst: false) + "-" + platform.rawValue }

    func files() throws -> [File] {
        var files: [File] = []
        func add(_ path: String, _ text: String) { files.append(File(path: path, contents: Array(text.utf8))) }
        add("vectors.json", ConformanceVectors.json(for: preset).serialized(pretty: false) + "\n")
        if let guide = FileManager.default.contents(atPath: root + "/docs/handoff.md") { files.append(File(path: "HANDOFF.md", contents: [UInt8](guide))) }
        let motion = SpringMotion(style: preset.style)
        add("motion.json", motion.json(style: preset.style).serialized(pretty: true) + "\n")
        switch platform {
        case .ios:
            add("ChartStyle+\(CodeName.identifier(preset.name, upperFirst: true)).swift", SwiftEngineExport(preset: preset).text)
            add("ChartMotion+\(CodeName.identifier(preset.name, upperFirst: true)).swift", Self.swiftMotion(preset, motion))
            add("ChartEngine/Package.swift", Self.enginePackage)
            for (path, contents) in try Self.tree(root + "/Sources/ChartEngine", extension: "swift") {
                files.append(File(path: "ChartEngine/Sources/ChartEngine/" + path, contents: contents))
            }
            add("README.md", iosReadme(motion))
        case .android:
            let engine = "Android/chart-engine/src/main/kotlin/com/chartworkbench/engine"
            for (path, contents) in try Self.tree(root + "/" + engine, extension: "kt") where path != "Parameters/ChartStyle.kt" {
                files.append(File(path: "chart-engine/src/main/kotlin/com/chartworkbench/engine/" + path, contents: contents))
            }
            add("chart-engine/src/main/kotlin/com/chartworkbench/engine/Parameters/ChartStyle.kt", KotlinEngineStyle.source)
            add("chart-engine/src/main/kotlin/com/chartworkbench/engine/ChartPresets.kt", KotlinEngineStyle.presetValue(preset))
            let compose = "Android/chart-compose/src/main/kotlin/com/chartworkbench/compose"
            for (path, contents) in try Self.tree(root + "/" + compose, extension: "kt") {
                files.append(File(path: "chart-compose/src/main/kotlin/com/chartworkbench/compose/" + path, contents: contents))
            }
            add("chart-compose/src/main/kotlin/com/chartworkbench/compose/ChartMotion.kt", Self.kotlinMotion(preset, motion))
            add("README.md", androidReadme(motion))
        }
        return files.sorted { $0.path < $1.path }
    }

    func write(to folder: String) throws {
        for file in try files() {
            let url = URL(fileURLWithPath: folder).appendingPathComponent(file.path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(file.contents).write(to: url, options: .atomic)
        }
    }

    func zip() throws -> [UInt8] {
        var archive = ZipArchive()
        for file in try files() { archive.add(path: folderName + "/" + file.path, contents: file.contents) }
        return archive.data
    }

    /// Relative paths and contents of the files with `extension` under `folder`, sorted.
    static func tree(_ folder: String, extension ext: String) throws -> [(String, [UInt8])] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else {
            throw InputError("cannot read \(folder): the engine sources ship with the repository; run from it")
        }
        var out: [(String, [UInt8])] = []
        for case let path as String in enumerator where path.hasSuffix("." + ext) {
            guard let data = FileManager.default.contents(atPath: folder + "/" + path) else { continue }
            out.append((path, [UInt8](data)))
        }
        return out.sorted { $0.0 < $1.0 }
    }

    /// The repository folder: the current folder or one above the binary that holds the engines.
    static func findRoot() throws -> String {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var candidates = [FileManager.default.currentDirectoryPath]
        var folder = executable.deletingLastPathComponent()
        for _ in 0..<5 {
            candidates.append(folder.path)
            folder = folder.deletingLastPathComponent()
        }
        guard let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0 + "/Android/chart-engine") && FileManager.default.fileExists(atPath: $0 + "/Sources/ChartEngine") }) else {
            throw InputError("cannot find the engine sources (Sources/ChartEngine, Android/chart-engine); run from the repository")
        }
        return found
    }

    static let enginePackage = """
    // swift-tools-version: 6.0
    // ChartEngine from Chart Workbench: the same maths and path output the workbench draws with.
    import PackageDescription

    let package = Package(
        name: "ChartEngine",
        platforms: [.iOS(.v17), .macOS(.v14)],
        products: [.library(name: "ChartEngine", targets: ["ChartEngine"])],
        targets: [.target(name: "ChartEngine")],
        swiftLanguageModes: [.v6]
    )

    """

    static func swiftMotion(_ preset: Preset, _ m: SpringMotion) -> String {
        let n = { (v: Double) in NumberText.shortest(v) }
        let name = CodeName.valueName(preset.name)
        return CodeString.header(for: preset) + """

        /// The transition's spring in each Apple API's terms; all describe the motion `workbench ease` samples.
        /// UIKit:   UIView.animate(withDuration: uikitDuration, delay: 0, usingSpringWithDamping: uikitDamping,
        ///                         initialSpringVelocity: initialVelocity, options: [], animations: …)
        /// SwiftUI: withAnimation(.spring(duration: swiftUIDuration, bounce: swiftUIBounce)) { … }   (iOS 17)
        ///          withAnimation(.interpolatingSpring(mass: 1, stiffness: stiffness, damping: damping,
        ///                                             initialVelocity: initialVelocity)) { … }
        public enum \(CodeName.identifier(preset.name, upperFirst: true))Motion {
            public static let usesSpring = \(preset.style.easing == .spring)
            /// Seconds (UIKit, SwiftUI and the engine's easing all take seconds).
            public static let uikitDuration: Double = \(n(m.duration))
            public static let uikitDamping: Double = \(n(m.damping))
            /// Total distances per second.
            public static let initialVelocity: Double = \(n(m.velocity))
            public static let swiftUIDuration: Double = \(n(m.swiftUIDuration))
            public static let swiftUIBounce: Double = \(n(m.swiftUIBounce))
            public static let stiffness: Double = \(n(m.stiffness))
            public static let damping: Double = \(n(m.dampingCoefficient))
        }

        // Value name for reference: ChartStyle.\(name)

        """
    }

    static func kotlinMotion(_ preset: Preset, _ m: SpringMotion) -> String {
        let f = { (v: Double) -> String in CodeString.floatingLiteral(Double(Float(v))) + "f" }
        return CodeString.header(for: preset) + """
        package com.chartworkbench.compose

        /**
         * The transition in Compose's terms:
         *   animatable.animateTo(1f, spring(dampingRatio = ChartMotion.DAMPING_RATIO, stiffness = ChartMotion.STIFFNESS),
         *                        initialVelocity = ChartMotion.INITIAL_VELOCITY)
         * or, for a non-spring easing, tween(durationMillis = ChartMotion.DURATION_MILLIS) with the engine's `easingFunction`.
         */
        object ChartMotion {
            const val USES_SPRING: Boolean = \(preset.style.easing == .spring)
            const val DAMPING_RATIO: Float = \(f(m.damping))
            /** Compose stiffness (mass 1), 1/s². */
            const val STIFFNESS: Float = \(f(m.stiffness))
            /** Progress units (total distances) per second. */
            const val INITIAL_VELOCITY: Float = \(f(m.velocity))
            /** Compose durations are in milliseconds. */
            const val DURATION_MILLIS: Int = \(Int((preset.style.transitionDuration * 1000).rounded()))
        }

        """
    }

    private func iosReadme(_ m: SpringMotion) -> String {
        let value = CodeName.valueName(preset.name)
        return """
        # Chart style “\(CodeString.comment(preset.name))” for iOS

        Exported from Chart Workbench. This folder holds everything the app needs to draw the chart
        the team agreed on, with the engine the workbench itself draws with.

        ## Add it
        1. Add the engine package: in Xcode, *File ▸ Add Package Dependencies… ▸ Add Local…* and pick
           `ChartEngine/`, or in a `Package.swift`:
           `.package(path: "ChartEngine")` and `.product(name: "ChartEngine", package: "ChartEngine")`.
        2. Drop `ChartStyle+\(CodeName.identifier(preset.name, upperFirst: true)).swift` and `ChartMotion+….swift` into the app target.
        3. Draw: `ChartModel(series: PriceSeries(times:prices:), period: .all, style: .\(value), width:height:)`
           once per data change, then `LineGeometry.draw(model:style:progress:into:)` into a SwiftUI
           `Path`: `HANDOFF.md` shows the few lines, and the transition.

        ## Motion
        Spring: UIKit damping \(NumberText.shortest(m.damping)), initial velocity \(NumberText.shortest(m.velocity)), duration \(NumberText.shortest(m.duration)) s;
        SwiftUI `.spring(duration: \(NumberText.shortest(m.swiftUIDuration)), bounce: \(NumberText.shortest(m.swiftUIBounce)))` or
        `.interpolatingSpring(stiffness: \(NumberText.shortest(m.stiffness)), damping: \(NumberText.shortest(m.dampingCoefficient)), initialVelocity: \(NumberText.shortest(m.velocity)))`.
        Used only when the preset's easing is `spring` (it is `\(preset.style.easing.rawValue)`); otherwise
        sample `ChartStyle.\(value).easingFunction` per frame. `motion.json` lists every platform's values.

        ## Prove it draws the same chart
        `vectors.json` holds cases (points, size, progress) with the line and fill path data the
        workbench draws, and easing samples. In a unit test, decode it and per case run
        `LineGeometry(model: ChartModel(series: PriceSeries(times:prices:), period: .all, style:,
        width:, height:), style:, progress:, digits: nil)`; the numbers in the paths agree within
        1e-9 of the chart size.

        """
    }

    private func androidReadme(_ m: SpringMotion) -> String {
        """
        # Chart style “\(CodeString.comment(preset.name))” for Android

        Exported from Chart Workbench: a pure Kotlin port of the workbench's chart engine (no Android
        dependency), the preset as a value, a Compose adapter and the spring in Compose's terms.

        ## Add it
        1. Copy `chart-engine/src/main/kotlin` into a Kotlin/JVM module (or straight into the app
           module's `src/main/kotlin`); copy `chart-compose/src/main/kotlin` into the app module.
        2. The style: `ChartPresets.\(CodeName.valueName(preset.name))` (a `ChartStyle`).
        3. Once per data change: `val model = ChartModel.fromSeries(times, prices, style, widthDp, heightDp)`
           (unix seconds, prices; NaN is a gap). The whole chart, pressed and moving:
           `Chart(model, style, Modifier.size(widthDp.dp, heightDp.dp))` (`chart-compose/…/Chart.kt`).
           Or by hand, per frame: `LineGeometry.draw(model, style, progress, sink)`
           into a `PathSink` that forwards to a Compose `Path` (moveTo, lineTo, cubicTo, close), or
           `ChartCompose.frame(model, style, progress)` for path data; stroke it in a `Canvas` with
           `ChartCompose.lineColor(style)` and `ChartCompose.lineWidth(style, progress)`. See `HANDOFF.md`.
        4. The finger: `Selection.of(model, xDp / widthDp, progress)` is the point under it (index,
           time, price, x, y; `ValueFormat.price` and `ValueFormat.timeLabel` for its label). Press
           and release: `motion = motion.retargeted(1.0, nowSeconds, style)` (0.0 to release) from
           `TransitionMotion.resting(0.0)`; each frame draws `motion.state(nowSeconds).progress`.

        ## Motion
        `spring(dampingRatio = \(NumberText.shortest(m.damping))f, stiffness = \(NumberText.shortest(m.stiffness))f)` with
        `initialVelocity = \(NumberText.shortest(m.velocity))f` (see `ChartMotion`), used when the easing is `spring`
        (it is `\(preset.style.easing.rawValue)`); otherwise a `tween(durationMillis = \(Int((preset.style.transitionDuration * 1000).rounded())))` with
        `style.easingFunction`. Compose durations are milliseconds.

        ## Prove it draws the same chart
        Build the conformance entry and run it over `vectors.json`:

            kotlinc chart-engine/src/main/kotlin -include-runtime -d chart-engine.jar
            java -cp chart-engine.jar com.chartworkbench.engine.ConformanceKt vectors --file vectors.json

        It prints `ok` per case. The same jar speaks the workbench's `path`, `smooth`, `ease`,
        `frame`, `motion`, `select` and `line-width` commands on stdin/stdout, so any input can be
        compared with `workbench`.

        """
    }
}
