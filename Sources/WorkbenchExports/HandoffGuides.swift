import ChartEngine
import Foundation
import WorkbenchStores
import WorkbenchSupport

/// What a bundle says to the engineer who receives it: the motion in their platform's code,
/// the files that are this preset's, and the README of each platform.
extension HandoffBundle {
    package static func swiftMotion(_ preset: Preset, _ m: MotionExport) -> String {
        let type = CodeName.identifier(preset.name, upperFirst: true) + "Motion"
        var out = CodeString.header(for: preset) + "\n"
        out += "/// The transition of “\(CodeString.comment(preset.name))” exactly as the workbench plays it (`motion.json` has\n"
        out += "/// every platform's values). Press: progress 0 → 1; release: 1 → 0; both from rest with the same values.\n"
        switch m.curve {
        case .bezier(let b):
            out += """
            /// SwiftUI: withAnimation(.timingCurve(\(type).x1, \(type).y1, \(type).x2, \(type).y2, duration: \(type).duration)) { pressed = true }
            /// UIKit:   UIViewPropertyAnimator(duration: \(type).duration, timingParameters: UICubicTimingParameters(
            ///              controlPoint1: CGPoint(x: \(type).x1, y: \(type).y1), controlPoint2: CGPoint(x: \(type).x2, y: \(type).y2)))
            public enum \(type) {
                public static let isSpring = false
                /// Seconds.
                public static let duration: Double = \(CodeString.floatingLiteral(m.duration))
                /// The cubic Bézier's control points, as CSS cubic-bezier(x1, y1, x2, y2).
                public static let x1: Double = \(CodeString.floatingLiteral(b[0]))
                public static let y1: Double = \(CodeString.floatingLiteral(b[1]))
                public static let x2: Double = \(CodeString.floatingLiteral(b[2]))
                public static let y2: Double = \(CodeString.floatingLiteral(b[3]))
            }

            """
        case .spring:
            let s = m.spring!
            out += """
            /// SwiftUI: withAnimation(.interpolatingSpring(mass: 1, stiffness: \(type).stiffness, damping: \(type).damping,
            ///                                             initialVelocity: \(type).initialVelocity)) { pressed = true }
            ///          or .interpolatingSpring(duration: \(type).perceptualDuration, bounce: \(type).bounce, initialVelocity: \(type).initialVelocity)
            /// UIKit:   UIViewPropertyAnimator(duration: \(type).duration, timingParameters: UISpringTimingParameters(mass: 1,
            ///              stiffness: \(type).stiffness, damping: \(type).damping, initialVelocity: CGVector(dx: \(type).initialVelocity, dy: 0)))
            /// (`.spring(duration:bounce:)` has no initial velocity and plays a different motion.)
            public enum \(type) {
                public static let isSpring = true
                /// Seconds until the spring has settled within 0.1 % (the engine's last frame).
                public static let duration: Double = \(CodeString.floatingLiteral(m.duration))
                /// Mass 1.
                public static let stiffness: Double = \(CodeString.floatingLiteral(s.stiffness))
                public static let damping: Double = \(CodeString.floatingLiteral(s.damping))
                /// Distances per second toward the target, for the press and the release alike.
                public static let initialVelocity: Double = \(CodeString.floatingLiteral(s.velocity))
                public static let dampingRatio: Double = \(CodeString.floatingLiteral(s.dampingRatio))
                /// Apple's Spring(duration:bounce:) terms of the same spring.
                public static let perceptualDuration: Double = \(CodeString.floatingLiteral(s.perceptualDuration))
                public static let bounce: Double = \(CodeString.floatingLiteral(s.bounce))
            }

            """
        }
        return out
    }

    package static func kotlinMotion(_ preset: Preset, _ m: MotionExport) -> String {
        let f = MotionExport.floatLiteral
        var out = CodeString.header(for: preset) + """
        package com.chartworkbench.compose

        import androidx.compose.animation.core.AnimationSpec
        import androidx.compose.animation.core.CubicBezierEasing
        import androidx.compose.animation.core.spring
        import androidx.compose.animation.core.tween

        /**
         * The transition of \(CodeString.blockComment(preset.name)) exactly as the workbench plays it; animate the
         * progress (0 inactive, 1 active) with an Animatable:
         *   progress.animateTo(1f, ChartMotion.press, ChartMotion.PRESS_INITIAL_VELOCITY)      // finger down
         *   progress.animateTo(0f, ChartMotion.release, ChartMotion.RELEASE_INITIAL_VELOCITY)  // finger up
         */
        object ChartMotion {

        """
        switch m.curve {
        case .bezier(let b):
            out += """
                const val IS_SPRING: Boolean = false
                /** Compose durations are in milliseconds. */
                const val DURATION_MILLIS: Int = \(m.durationMillis)
                const val PRESS_INITIAL_VELOCITY: Float = 0f
                const val RELEASE_INITIAL_VELOCITY: Float = 0f
                val press: AnimationSpec<Float> = tween(durationMillis = DURATION_MILLIS, easing = CubicBezierEasing(\(b.map(f).joined(separator: ", "))))
                val release: AnimationSpec<Float> = press
            }

            """
        case .spring:
            let s = m.spring!
            out += """
                const val IS_SPRING: Boolean = true
                /** Milliseconds until the spring has settled within 0.1 % (the engine's last frame). */
                const val DURATION_MILLIS: Int = \(m.durationMillis)
                const val DAMPING_RATIO: Float = \(f(s.dampingRatio))
                /** Stiffness for mass 1, 1/s². */
                const val STIFFNESS: Float = \(f(s.stiffness))
                /** Without it Compose stops the spring at 0.01 from the target, a third early, and snaps. */
                const val VISIBILITY_THRESHOLD: Float = \(f(MotionExport.composeVisibilityThreshold))
                /** Progress per second: toward 1 when pressing, toward 0 (negative) when releasing. */
                const val PRESS_INITIAL_VELOCITY: Float = \(f(s.velocity))
                const val RELEASE_INITIAL_VELOCITY: Float = \(f(-s.velocity))
                val press: AnimationSpec<Float> = spring(dampingRatio = DAMPING_RATIO, stiffness = STIFFNESS, visibilityThreshold = VISIBILITY_THRESHOLD)
                val release: AnimationSpec<Float> = press
            }

            """
        }
        return out
    }

    /// The files that are this preset's own (the rest is the engine, the same for every preset).
    package var presetFiles: [(path: String, what: String)] {
        let id = CodeName.identifier(preset.name, upperFirst: true)
        switch platform {
        case .ios:
            return [("ChartStyle+\(id).swift", "the preset as `ChartStyle.\(CodeName.valueName(preset.name))`"),
                    ("ChartMotion+\(id).swift", "its transition (`\(id)Motion`) for SwiftUI and UIKit"),
                    ("motion.json", "every motion in every platform's terms: press and release, the period change (retarget, reduced motion), the live price (its flash), the first load's reveal and the outage state"),
                    ("vectors.json", "this preset's expected paths and easing samples")]
        case .android:
            return [("chart-engine/src/main/kotlin/com/chartworkbench/engine/ChartPresets.kt", "the preset as `ChartPresets.\(CodeName.valueName(preset.name))`"),
                    ("chart-compose/src/main/kotlin/com/chartworkbench/compose/ChartMotion.kt", "its transition as Compose animation specs, press and release"),
                    ("motion.json", "every motion in every platform's terms: press and release, the period change (retarget, reduced motion), the live price (its flash), the first load's reveal and the outage state"),
                    ("vectors.json", "this preset's expected paths and easing samples")]
        }
    }

    /// Where the bundle came from, as `PROVENANCE.json` signs it: the statement, each check an
    /// approver approved despite, the honesty check's result, and how to verify it. Empty for an
    /// unsigned bundle.
    var provenanceText: String {
        guard let provenance else { return "" }
        var lines = ["## Where it came from", "",
                     "Signed in `PROVENANCE.json`: " + Self.markdownText(provenance.statement) + "."]
        let overridden = provenance.approvers.filter { !$0.despite.isEmpty }
        if !overridden.isEmpty {
            lines += ["", "**Approved despite failing checks:**"]
            for approver in overridden {
                lines += approver.despite.map { "- " + Self.markdownText("approved by \(approver.person.words) despite: \($0)") }
            }
        }
        if let words = provenance.honesty.flatMap(HonestyFact.words), let verdict = words.first {
            // The signed honesty check (docs/honesty.md): what the receiving CI can hold the chart to.
            lines += ["", "**" + Self.markdownText(verdict.prefix(1).uppercased() + verdict.dropFirst()) + "** (signed in `PROVENANCE.json` under `honesty`)."]
            lines += words.dropFirst().map { "- " + Self.markdownText($0) }
        }
        if provenance.revision == nil {
            lines += ["", "**Not a revision:** `workbench verify` refuses this bundle; only a saved revision verifies."]
        } else if provenance.status != "approved" {
            lines += ["", "**Not approved:** `workbench verify` refuses this bundle unless given `--allow-draft`."]
        }
        lines += ["", "Check it: `workbench verify --public-key KEY \(folderName)` (or the .zip), with the key `workbench key` prints.", ""]
        return lines.joined(separator: "\n")
    }

    /// Text as Markdown shows it literally: one line, no control or bidi characters, its inline
    /// markup characters escaped (the lines it is put in never start with it, so `#` stays as it is).
    static func markdownText(_ text: String) -> String {
        var out = ""
        for character in CodeString.comment(text) {
            if "\\`*_[]<>|~&".contains(character) { out.append("\\") }
            out.append(character)
        }
        return out
    }

    var presetFileList: String {
        presetFiles.map { "- `\($0.path)`: \($0.what)" }.joined(separator: "\n")
    }

    /// The motion in a sentence for the README: what it is and the call that plays it exactly.
    func motionText(_ m: MotionExport) -> String {
        let seconds = NumberText.shortest(m.duration)
        let off = style.animationEnabled ? "" : " (the preset turns animation off: switch at once; these are the values if it is turned on)"
        guard let s = m.spring else {
            let b = MotionExport.bezier(for: style) ?? [0, 0, 1, 1]
            let list = b.map { NumberText.shortest($0) }.joined(separator: ", ")
            switch platform {
            case .ios:
                return "A cubic Bézier (\(list)) over \(seconds) s\(off), not a spring: SwiftUI `.timingCurve(\(list), duration: \(seconds))`, UIKit `UICubicTimingParameters` with those control points. The release plays the same curve from 1 to 0."
            case .android:
                return "A cubic Bézier (\(list)) over \(m.durationMillis) ms\(off), not a spring: `tween(durationMillis = \(m.durationMillis), easing = CubicBezierEasing(\(list)))` (`ChartMotion.press`). The release plays the same curve from 1 to 0."
            }
        }
        let n = { (v: Double) in NumberText.shortest(v) }
        switch platform {
        case .ios:
            return """
            A spring\(off): damping ratio \(n(s.dampingRatio)), stiffness \(n(s.stiffness)), damping \(n(s.damping)) (mass 1), initial velocity \(n(s.velocity)) distances per second; it settles within 0.1 % after \(seconds) s. SwiftUI: `.interpolatingSpring(mass: 1, stiffness: \(n(s.stiffness)), damping: \(n(s.damping)), initialVelocity: \(n(s.velocity)))` (or `.interpolatingSpring(duration: \(n(s.perceptualDuration)), bounce: \(n(s.bounce)), initialVelocity: \(n(s.velocity)))`); UIKit: `UISpringTimingParameters(mass: 1, stiffness:damping:initialVelocity:)` with the same values. Press and release use the same values (the velocity is toward the target). `.spring(duration:bounce:)` has no initial velocity: do not use it.
            """
        case .android:
            return """
            A spring\(off): `spring(dampingRatio = \(MotionExport.floatLiteral(s.dampingRatio)), stiffness = \(MotionExport.floatLiteral(s.stiffness)), visibilityThreshold = \(MotionExport.floatLiteral(MotionExport.composeVisibilityThreshold)))` with `initialVelocity = \(MotionExport.floatLiteral(s.velocity))` for the press and `\(MotionExport.floatLiteral(-s.velocity))` for the release (Compose velocities are in value units per second, and a release runs toward 0). Pass the visibility threshold: with Compose's default (0.01) the spring stops a third early and snaps. It settles within 0.1 % after \(m.durationMillis) ms.
            """
        }
    }

    var style: ChartStyle { preset.style }

    /// The CI step that refuses a bundle someone changed after the workbench signed it.
    var ciText: String {
        let unsigned = provenance == nil
            ? "This bundle is unsigned (exported from a preset file, not a saved revision): export it from the team's workbench to get the `PROVENANCE.json` this checks. "
            : ""
        return """
        ## Check it in CI
        \(unsigned)Keep the folder as exported and let CI refuse it if anyone changed a file (the key is the
        one `workbench key` prints on the team's workbench):

            workbench verify --public-key KEY \(folderName)

        (`\(folderName)` is the bundle's folder, wherever `--output` put it.) Verify before anything
        builds inside the folder: a build's output (`.build/`, `build/`) is files the signature does
        not list, and `verify` refuses them. Build a copy, or keep the bundle beside your sources.

        """
    }

    func iosReadme(_ m: MotionExport) -> String {
        let value = CodeName.valueName(preset.name)
        return """
        # Chart style “\(Self.markdownText(preset.name))” for iOS

        **Give this folder to the iOS engineer.** It contains the ChartEngine Swift package (the
        engine the workbench itself draws with), the preset as a value of its `ChartStyle`, the
        transition in SwiftUI's and UIKit's terms, and `vectors.json` to prove in a unit test that
        the app draws the same chart.

        \(provenanceText)
        ## This preset's own files
        \(presetFileList)

        Everything under `ChartEngine/` is the engine and `ChartSwiftUI/ChartView.swift` its SwiftUI
        view, the same for every preset; `HANDOFF.md` is the general guide.

        ## Add it
        The folder is one Swift package, `\(swiftProductName)`: the engine, this preset's style and
        motion, and the SwiftUI view, as one library product.
        1. Xcode: *File ▸ Add Package Dependencies… ▸ Add Local…*, pick this folder and add the
           `\(swiftProductName)` library to the app target. Or in the app's `Package.swift`:

               .package(path: "\(folderName)"),   // dependencies
               .product(name: "\(swiftProductName)", package: "\(folderName)"),   // the app target's dependencies

        2. `import ChartEngine`, `import \(swiftStyleTarget)` (the style and motion) and `import ChartSwiftUI`.
        3. Draw: `ChartModel(series: PriceSeries(times:prices:), period: .all, style: .\(value), width:height:)`
           once per data change, then `ChartView(model: model, style: .\(value), foreground: .primary)`
           from `ChartSwiftUI/ChartView.swift`: the engine's scene in a SwiftUI `Canvas`, pressed,
           scrubbed and released with the preset's motion (`HANDOFF.md`).

        \(ciText)
        ## Motion
        \(motionText(m))
        `TransitionMotion` in the engine plays the same motion frame by frame, interruptions included.

        ## Prove it draws the same chart
        `vectors.json` holds cases (points, size, progress) with the line and fill path data the
        workbench draws, and easing samples. In a unit test, decode it and per case run
        `LineGeometry(model: ChartModel(series: PriceSeries(times:prices:), period: .all, style:,
        width:, height:), style:, progress:, digits: nil)`; the numbers in the paths agree within
        1e-9 of the chart size.

        """
    }

    func androidReadme(_ m: MotionExport) -> String {
        """
        # Chart style “\(Self.markdownText(preset.name))” for Android

        **Give this folder to the Android engineer.** It contains a pure Kotlin port of the
        workbench's chart engine (no Android dependency), the preset as a value, a Compose adapter,
        the transition as Compose animation specs, and `vectors.json` with a conformance check that
        proves the app draws the same chart.

        \(provenanceText)
        ## This preset's own files
        \(presetFileList)

        Everything else under `chart-engine/` and `chart-compose/` is the engine and the adapter, the
        same for every preset; `HANDOFF.md` is the general guide.

        ## Add it
        The folder is one Gradle library module (`build.gradle.kts`, namespace `\(androidNamespace)`,
        the Android library, Kotlin and Compose compiler plugins): the engine, this preset's style and
        motion, and the Compose adapter. Put the folder beside the app module as `chart/` and:
        1. `settings.gradle.kts`:

               include(":chart")

           (kept elsewhere: `project(":chart").projectDir = file("path/to/\(folderName)")`). The app's
           `build.gradle.kts`:

               implementation(project(":chart"))

           The root `build.gradle.kts` declares the plugins it applies (`com.android.library`,
           `org.jetbrains.kotlin.android`, `org.jetbrains.kotlin.plugin.compose`) with `apply false`, as
           a new Android Studio project does. `chart-engine/src/test/kotlin` is the module's test
           source set (the conformance check); the app never ships it.
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
        \(motionText(m))
        In code: `progress.animateTo(1f, ChartMotion.press, ChartMotion.PRESS_INITIAL_VELOCITY)` on press,
        `progress.animateTo(0f, ChartMotion.release, ChartMotion.RELEASE_INITIAL_VELOCITY)` on release.

        ## Prove it draws the same chart
        The conformance runner is in chart-engine's test source set (`chart-engine/src/test/kotlin`),
        so the app never ships it. Build it with the engine and run it over `vectors.json`:

            kotlinc chart-engine/src/main/kotlin chart-engine/src/test/kotlin -include-runtime -d chart-engine-conformance.jar
            java -cp chart-engine-conformance.jar com.chartworkbench.engine.ConformanceKt vectors --file vectors.json

        It prints `ok` per case. The same jar speaks the workbench's `path`, `smooth`, `ease`,
        `frame`, `motion`, `select` and `line-width` commands on stdin/stdout, so any input can be
        compared with `workbench`. In Gradle it is the module's test source set (it needs nothing
        beyond the Kotlin standard library).

        \(ciText)
        """
    }
}
