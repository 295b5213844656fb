import WorkbenchSupport
import WorkbenchStores
import ChartEngine
import Foundation

/// The preset's transition as it is, in each platform's own terms, for the press (inactive →
/// active, progress 0 → 1) and the release (active → inactive, 1 → 0) from rest: a Bézier easing
/// as a Bézier everywhere, a spring in APIs that carry its initial velocity, end where the engine
/// ends and never stop early. Each recommended route plays what `workbench ease` samples (within
/// 0.001 of the distance, checked against androidx's spring maths, Apple's documented spring
/// relations and Chromium's `linear()`).
package struct MotionExport {
    package enum Curve {
        case bezier([Double])
        case spring(SpringEasing)
    }

    package let style: ChartStyle
    package let curve: Curve
    /// Seconds `workbench ease`'s fractions are of: the duration, or a spring's settling time.
    package let duration: Double

    /// Compose stops a spring where it is this close to its target (in progress units) and snaps
    /// onto it: 1e-4 keeps that step well inside 0.001 (the default 0.01 ends a third early).
    package static let composeVisibilityThreshold = 1e-4
    /// Largest distance between Chromium's straight segments of `linear()` and the engine's curve.
    package static let cssTolerance = 4e-4

    package init(style: ChartStyle) {
        self.style = style
        duration = style.motionDuration
        if case .spring(let spring) = style.easingFunction.kind {
            curve = .spring(spring)
        } else {
            curve = .bezier(Self.bezier(for: style) ?? [0, 0, 1, 1])
        }
    }

    /// The easing's control points; linear is the straight Bézier (0, 0, 1, 1).
    package static func bezier(for style: ChartStyle) -> [Double]? {
        switch style.easing {
        case .linear: [0, 0, 1, 1]
        case .easeIn: [0.42, 0, 1, 1]
        case .easeOut: [0, 0, 0.58, 1]
        case .easeInOut: [0.42, 0, 0.58, 1]
        case .cubicBezier: style.cubicBezier.count == 4 ? style.cubicBezier : [0.42, 0, 0.58, 1]
        case .spring, .perceptualSpring: nil
        }
    }

    /// A Kotlin `Float` literal in the Float's own shortest digits ("0.65f", not "0.6499999761581421f").
    package static func floatLiteral(_ v: Double) -> String {
        let text = Float(v).description
        return (text.contains(".") || text.contains("e") ? text : text + ".0") + "f"
    }

    package var durationMillis: Int { Int((duration * 1000).rounded()) }

    // MARK: Spring terms (mass 1)

    package struct SpringTerms {
        package let dampingRatio: Double, naturalFrequency: Double, velocity: Double
        package var stiffness: Double { naturalFrequency * naturalFrequency }
        /// The damping coefficient c in x'' = −k(x − 1) − c·x'.
        package var damping: Double { 2 * dampingRatio * naturalFrequency }
        /// Apple's `Spring(duration:bounce:)`: the period 2π/ω₀ and 1 − ζ.
        package var perceptualDuration: Double { 2 * Double.pi / naturalFrequency }
        package var bounce: Double { 1 - dampingRatio }
        /// Compose takes Floats: these are the values Kotlin literals hold.
        package var composeDampingRatio: Double { Double(Float(dampingRatio)) }
        package var composeStiffness: Double { Double(Float(stiffness)) }
        package var composeVelocity: Double { Double(Float(velocity)) }
    }

    package var spring: SpringTerms? {
        guard case .spring(let s) = curve else { return nil }
        return SpringTerms(dampingRatio: s.damping, naturalFrequency: s.naturalFrequency, velocity: s.velocity)
    }

    // MARK: CSS linear()

    /// CSS `linear()` stops through the engine's easing: a straight segment is kept as long as
    /// it stays within `cssTolerance` of the curve (sampled finely), so Chromium's interpolation
    /// between stops is never more than that off; the last stop steps onto 1 like the engine.
    package static func cssLinear(_ easing: Easing, samples: Int = 20_000) -> (text: String, stops: Int) {
        let values = (0...samples).map { i -> Double in
            // The limit from below at the end (the engine's last frame is exactly 1).
            i == samples ? easing(1 - 1e-12) : easing(Double(i) / Double(samples))
        }
        var kept = [0]
        var anchor = 0
        var low = -Double.infinity, high = Double.infinity
        var i = 1
        while i <= samples {
            let dx = Double(i - anchor)
            let slope = (values[i] - values[anchor]) / dx
            if slope < low || slope > high {
                // Segment ends at the previous sample; it becomes the next anchor.
                anchor = i - 1
                kept.append(anchor)
                low = -Double.infinity; high = Double.infinity
                continue
            }
            low = Swift.max(low, (values[i] - cssTolerance - values[anchor]) / dx)
            high = Swift.min(high, (values[i] + cssTolerance - values[anchor]) / dx)
            i += 1
        }
        if kept.last != samples { kept.append(samples) }
        var stops = kept.map { index -> String in
            let value = NumberText.format(values[index], digits: 6)
            if index == 0 { return value }
            return value + " " + NumberText.format(Double(index) / Double(samples) * 100, digits: 4) + "%"
        }
        if (values[samples] - 1).magnitude > 1e-9 { stops.append("1 100%") }
        return ("linear(" + stops.joined(separator: ", ") + ")", stops.count)
    }

    package func cssTimingFunction() -> (text: String, stops: Int) {
        switch curve {
        case .bezier(let b): ("cubic-bezier(" + b.map { NumberText.shortest($0) }.joined(separator: ", ") + ")", 0)
        case .spring: Self.cssLinear(style.easingFunction)
        }
    }

    // MARK: JSON

    private static func seconds(_ v: Double) -> JSONValue { .object([("value", .number(v)), ("unit", .string("s"))]) }

    /// `motion.json` (and the tokens' `$extensions`): the curve, then press and release, then the
    /// other motions (`timingOnly`: the press's timing alone, as the period change reuses it).
    package func json(presetName: String, timingOnly: Bool = false) -> JSONValue {
        let css = cssTimingFunction()
        let cssDuration = NumberText.format(duration * 1000, digits: 3) + "ms"
        var pairs: [(String, JSONValue)] = [
            ("format", .string("chart-workbench.motion")), ("version", .number(Double(Self.version))),
            ("preset", .string(presetName)),
            ("easing", .string(style.easing.rawValue)),
            ("animated", .bool(style.animationEnabled)),
            ("duration", Self.seconds(duration)),
        ]
        switch curve {
        case .bezier(let b):
            pairs.append(("kind", .string("cubicBezier")))
            pairs.append(("cubicBezier", .array(b.map(JSONValue.number))))
            let list = b.map { NumberText.shortest($0) }.joined(separator: ", ")
            let points = "CGPoint(x: \(NumberText.shortest(b[0])), y: \(NumberText.shortest(b[1]))), controlPoint2: CGPoint(x: \(NumberText.shortest(b[2])), y: \(NumberText.shortest(b[3])))"
            let fl = b.map(Self.floatLiteral).joined(separator: ", ")
            let d = NumberText.shortest(duration)
            let controlPoints = JSONValue.array(b.map(JSONValue.number))
            func phase(from: Double, to: Double) -> JSONValue {
                .object([
                    ("from", .number(from)), ("to", .number(to)),
                    ("swiftui", .object([("code", .string(".timingCurve(\(list), duration: \(d))")),
                                         ("timingCurve", .object([("controlPoints", controlPoints), ("duration", .number(duration))]))])),
                    ("uikit", .object([("code", .string("UIViewPropertyAnimator(duration: \(d), timingParameters: UICubicTimingParameters(controlPoint1: \(points)))")),
                                       ("controlPoint1", .object([("x", .number(b[0])), ("y", .number(b[1]))])),
                                       ("controlPoint2", .object([("x", .number(b[2])), ("y", .number(b[3]))])),
                                       ("duration", .number(duration)),
                                       ("coreAnimation", .string("CAMediaTimingFunction(controlPoints: \(list))"))])),
                    ("compose", .object([("code", .string("animatable.animateTo(\(Self.floatLiteral(to)), tween(durationMillis = \(durationMillis), easing = CubicBezierEasing(\(fl))))")),
                                         ("cubicBezierEasing", controlPoints),
                                         ("durationMillis", .number(Double(durationMillis)))])),
                    ("css", .object([("animation-timing-function", .string(css.text)), ("animation-duration", .string(cssDuration))])),
                ])
            }
            pairs.append(("press", phase(from: 0, to: 1)))
            pairs.append(("release", phase(from: 1, to: 0)))
        case .spring:
            let s = spring!
            let n = { (v: Double) in NumberText.shortest(v) }
            pairs.append(("kind", .string("spring")))
            pairs.append(("spring", .object([
                ("model", .string("mass 1: x'' = -stiffness·(x - target) - damping·x'; from rest the velocity is initialVelocity times the distance, toward the target")),
                ("dampingRatio", .number(s.dampingRatio)), ("naturalFrequency", .number(s.naturalFrequency)),
                ("mass", .number(1)), ("stiffness", .number(s.stiffness)), ("damping", .number(s.damping)),
                ("initialVelocity", .number(s.velocity)), ("velocityUnit", .string("distances per second")),
                ("perceptualDuration", .number(s.perceptualDuration)), ("bounce", .number(s.bounce)),
                ("settleThreshold", .number(0.001)),
            ])))
            func phase(from: Double, to: Double) -> JSONValue {
                // Compose's velocity is in value units per second: a release runs toward 0, so it is negative.
                let composeVelocity = s.composeVelocity * (to - from)
                let cf = Self.floatLiteral
                return .object([
                    ("from", .number(from)), ("to", .number(to)),
                    ("swiftui", .object([
                        ("code", .string(".interpolatingSpring(mass: 1, stiffness: \(n(s.stiffness)), damping: \(n(s.damping)), initialVelocity: \(n(s.velocity)))")),
                        ("interpolatingSpring", .object([("mass", .number(1)), ("stiffness", .number(s.stiffness)), ("damping", .number(s.damping)),
                                                         ("initialVelocity", .number(s.velocity))])),
                        ("durationBounce", .object([("code", .string(".interpolatingSpring(duration: \(n(s.perceptualDuration)), bounce: \(n(s.bounce)), initialVelocity: \(n(s.velocity)))")),
                                                    ("duration", .number(s.perceptualDuration)), ("bounce", .number(s.bounce)),
                                                    ("initialVelocity", .number(s.velocity))])),
                        ("velocityUnit", .string("distances per second, toward the target")),
                    ])),
                    ("uikit", .object([
                        ("code", .string("UIViewPropertyAnimator(duration: \(n(duration)), timingParameters: UISpringTimingParameters(mass: 1, stiffness: \(n(s.stiffness)), damping: \(n(s.damping)), initialVelocity: CGVector(dx: \(n(s.velocity)), dy: 0)))")),
                        ("springTimingParameters", .object([("mass", .number(1)), ("stiffness", .number(s.stiffness)), ("damping", .number(s.damping)),
                                                            ("initialVelocity", .object([("dx", .number(s.velocity)), ("dy", .number(0))]))])),
                        ("velocityUnit", .string("distances per second, toward the target")),
                        ("note", .string("The animator computes its own duration from these parameters. UIView.animate(withDuration:usingSpringWithDamping:initialSpringVelocity:) picks its stiffness from the duration in an undocumented way: not recommended.")),
                    ])),
                    ("compose", .object([
                        ("code", .string("animatable.animateTo(\(Self.floatLiteral(to)), spring(dampingRatio = \(cf(s.composeDampingRatio)), stiffness = \(cf(s.composeStiffness)), visibilityThreshold = \(cf(Self.composeVisibilityThreshold))), initialVelocity = \(cf(composeVelocity)))")),
                        ("dampingRatio", .number(s.composeDampingRatio)), ("stiffness", .number(s.composeStiffness)),
                        ("visibilityThreshold", .number(Self.composeVisibilityThreshold)),
                        ("initialVelocity", .number(composeVelocity)), ("velocityUnit", .string("progress per second")),
                        ("note", .string("Pass the visibilityThreshold: with the default (0.01) Compose stops the spring early and snaps.")),
                    ])),
                    ("css", .object([("animation-timing-function", .string(css.text)), ("animation-duration", .string(cssDuration)),
                                     ("stops", .number(Double(css.stops)))])),
                ])
            }
            pairs.append(("press", phase(from: 0, to: 1)))
            pairs.append(("release", phase(from: 1, to: 0)))
        }
        pairs.append(("reducedMotion", reducedMotionJSON))
        pairs.append(("haptics", hapticsJSON))
        if !timingOnly {
            pairs.append(("period", periodJSON(presetName: presetName)))
            pairs.append(("outage", outageJSON))
            pairs.append(("live", liveJSON(presetName: presetName)))
            pairs.append(("reveal", revealJSON(presetName: presetName)))
        }
        return .object(pairs)
    }

    /// The variant played when the viewer asks for reduced motion: linear (never a spring, never
    /// an overshoot) over `reducedMotionDuration`, drawn as a crossfade of the two pictures, or
    /// no animation; and how each platform tells that the viewer asks for it.
    package var reducedMotionJSON: JSONValue {
        let reduced = style.reducedMotionVariant
        let animated = reduced.animationEnabled
        let d = animated ? reduced.animationDuration : 0
        let millis = Int((d * 1000).rounded())
        let text = NumberText.shortest(d)
        func phase(from: Double, to: Double) -> JSONValue {
            .object([
                ("from", .number(from)), ("to", .number(to)),
                ("swiftui", .object([("code", .string(animated ? ".linear(duration: \(text))" : "nil (withTransaction(Transaction(animation: nil)))"))])),
                ("uikit", .object([("code", .string(animated ? "UIViewPropertyAnimator(duration: \(text), curve: .linear)" : "no animation: set the state at once"))])),
                ("compose", .object([("code", .string(animated ? "animatable.animateTo(\(Self.floatLiteral(to)), tween(durationMillis = \(millis), easing = LinearEasing))"
                                                                  : "animatable.snapTo(\(Self.floatLiteral(to)))")),
                                     ("durationMillis", .number(Double(millis)))])),
                ("css", .object([("animation-timing-function", .string("linear")),
                                 ("animation-duration", .string(NumberText.format(d * 1000, digits: 3) + "ms"))])),
            ])
        }
        return .object([
            ("style", .string(style.reducedMotionStyle.rawValue)),
            ("animated", .bool(animated)),
            ("easing", .string("linear")),
            ("duration", Self.seconds(d)),
            ("scene", .string(animated
                ? "crossfade: between the states the rest picture fades out (opacity 1 − p) under the pressed picture fading in (p); the line never morphs: ChartSceneBuilder(style:, reducedMotion: true)"
                : "none: the pressed picture as soon as progress leaves 0 (ChartSceneBuilder(style:, reducedMotion: true))")),
            ("when", .object([
                ("swiftui", .string("@Environment(\\.accessibilityReduceMotion)")),
                ("uikit", .string("UIAccessibility.isReduceMotionEnabled")),
                ("android", .string("Settings.Global.getFloat(contentResolver, Settings.Global.ANIMATOR_DURATION_SCALE, 1f) == 0f")),
                ("css", .string("@media (prefers-reduced-motion: reduce)")),
                ("web", .string("matchMedia('(prefers-reduced-motion: reduce)').matches")),
            ])),
            ("press", phase(from: 0, to: 1)),
            ("release", phase(from: 1, to: 0)),
        ])
    }

    /// The selection tick while scrubbing, in each platform's terms (`HapticTicker` decides when).
    package var hapticsJSON: JSONValue {
        .object([
            ("style", .string(style.haptics.rawValue)),
            ("minInterval", .object([("value", .number(style.hapticsMinInterval)), ("unit", .string("ms"))])),
            ("when", .string("each time the selection moves to another price point while pressing, at most once per minInterval (HapticTicker)")),
            ("ios", .string("UISelectionFeedbackGenerator().selectionChanged()")),
            ("compose", .string("LocalHapticFeedback.current.performHapticFeedback(HapticFeedbackType.TextHandleMove)")),
            ("android", .string("view.performHapticFeedback(HapticFeedbackConstants.CLOCK_TICK)")),
            ("web", .string("navigator.vibrate(5)")),
        ])
    }
}
