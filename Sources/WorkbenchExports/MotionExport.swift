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

    // MARK: motion.json

    /// `motion.json` (and the tokens' `$extensions`) as JSON.
    package func json(presetName: String) -> JSONValue { JSONValueEncoder.encode(document(presetName: presetName)) }

    /// The curve, then press and release, then the other motions (MotionExport+Motions.swift).
    func document(presetName: String) -> MotionDocument {
        let phases = phases
        return MotionDocument(
            lead: PressState(preset: presetName, easing: style.easing.rawValue, animated: style.animationEnabled, duration: .seconds(duration)),
            timing: motionCurve,
            rest: Motions(press: phases.press, release: phases.release, reducedMotion: reducedMotion, haptics: haptics,
                          period: period, outage: outage, live: live, reveal: reveal))
    }

    var motionCurve: MotionCurve {
        switch curve {
        case .bezier(let b): .bezier(b)
        case .spring: .spring(SpringModel(spring!))
        }
    }

    /// The press (0 → 1) and the release (1 → 0) in each platform's terms.
    var phases: (press: PlatformPhase, release: PlatformPhase) {
        let timing = cssTimingFunction()
        let cssDuration = NumberText.format(duration * 1000, digits: 3) + "ms"
        switch curve {
        case .bezier(let b):
            let css = CSSTiming(timingFunction: timing.text, duration: cssDuration)
            return (.bezier(bezierPhase(b, from: 0, to: 1, css: css)), .bezier(bezierPhase(b, from: 1, to: 0, css: css)))
        case .spring:
            let css = CSSTiming(timingFunction: timing.text, duration: cssDuration, stops: timing.stops)
            return (.spring(springPhase(spring!, from: 0, to: 1, css: css)), .spring(springPhase(spring!, from: 1, to: 0, css: css)))
        }
    }

    private func bezierPhase(_ b: [Double], from: Double, to: Double, css: CSSTiming) -> BezierPhase {
        let list = b.map { NumberText.shortest($0) }.joined(separator: ", ")
        let points = "CGPoint(x: \(NumberText.shortest(b[0])), y: \(NumberText.shortest(b[1]))), controlPoint2: CGPoint(x: \(NumberText.shortest(b[2])), y: \(NumberText.shortest(b[3])))"
        let fl = b.map(Self.floatLiteral).joined(separator: ", ")
        let d = NumberText.shortest(duration)
        return BezierPhase(
            from: from, to: to,
            swiftui: .init(code: ".timingCurve(\(list), duration: \(d))", timingCurve: .init(controlPoints: b, duration: duration)),
            uikit: .init(code: "UIViewPropertyAnimator(duration: \(d), timingParameters: UICubicTimingParameters(controlPoint1: \(points)))",
                         controlPoint1: .init(x: b[0], y: b[1]), controlPoint2: .init(x: b[2], y: b[3]), duration: duration,
                         coreAnimation: "CAMediaTimingFunction(controlPoints: \(list))"),
            compose: .init(code: "animatable.animateTo(\(Self.floatLiteral(to)), tween(durationMillis = \(durationMillis), easing = CubicBezierEasing(\(fl))))",
                           cubicBezierEasing: b, durationMillis: durationMillis),
            css: css)
    }

    private func springPhase(_ s: SpringTerms, from: Double, to: Double, css: CSSTiming) -> SpringPhase {
        let n = { (v: Double) in NumberText.shortest(v) }
        let cf = Self.floatLiteral
        // Compose's velocity is in value units per second: a release runs toward 0, so it is negative.
        let composeVelocity = s.composeVelocity * (to - from)
        return SpringPhase(
            from: from, to: to,
            swiftui: .init(code: ".interpolatingSpring(mass: 1, stiffness: \(n(s.stiffness)), damping: \(n(s.damping)), initialVelocity: \(n(s.velocity)))",
                           interpolatingSpring: .init(stiffness: s.stiffness, damping: s.damping, initialVelocity: s.velocity),
                           durationBounce: .init(code: ".interpolatingSpring(duration: \(n(s.perceptualDuration)), bounce: \(n(s.bounce)), initialVelocity: \(n(s.velocity)))",
                                                 duration: s.perceptualDuration, bounce: s.bounce, initialVelocity: s.velocity)),
            uikit: .init(code: "UIViewPropertyAnimator(duration: \(n(duration)), timingParameters: UISpringTimingParameters(mass: 1, stiffness: \(n(s.stiffness)), damping: \(n(s.damping)), initialVelocity: CGVector(dx: \(n(s.velocity)), dy: 0)))",
                         springTimingParameters: .init(stiffness: s.stiffness, damping: s.damping, initialVelocity: .init(dx: s.velocity))),
            compose: .init(code: "animatable.animateTo(\(Self.floatLiteral(to)), spring(dampingRatio = \(cf(s.composeDampingRatio)), stiffness = \(cf(s.composeStiffness)), visibilityThreshold = \(cf(Self.composeVisibilityThreshold))), initialVelocity = \(cf(composeVelocity)))",
                           dampingRatio: s.composeDampingRatio, stiffness: s.composeStiffness,
                           visibilityThreshold: Self.composeVisibilityThreshold, initialVelocity: composeVelocity),
            css: css)
    }

    /// The variant played when the viewer asks for reduced motion: linear (never a spring, never
    /// an overshoot) over `reducedMotionDuration`, drawn as a crossfade of the two pictures, or
    /// no animation; and how each platform tells that the viewer asks for it.
    var reducedMotion: ReducedMotion {
        let reduced = style.reducedMotionVariant
        let animated = reduced.animationEnabled
        let d = animated ? reduced.animationDuration : 0
        let millis = Int((d * 1000).rounded())
        let text = NumberText.shortest(d)
        func phase(from: Double, to: Double) -> ReducedMotion.Phase {
            ReducedMotion.Phase(
                from: from, to: to,
                swiftui: PlatformCode(code: animated ? ".linear(duration: \(text))" : "nil (withTransaction(Transaction(animation: nil)))"),
                uikit: PlatformCode(code: animated ? "UIViewPropertyAnimator(duration: \(text), curve: .linear)" : "no animation: set the state at once"),
                compose: .init(code: animated ? "animatable.animateTo(\(Self.floatLiteral(to)), tween(durationMillis = \(millis), easing = LinearEasing))"
                                              : "animatable.snapTo(\(Self.floatLiteral(to)))",
                               durationMillis: millis),
                css: CSSTiming(timingFunction: "linear", duration: NumberText.format(d * 1000, digits: 3) + "ms"))
        }
        return ReducedMotion(
            style: style.reducedMotionStyle.rawValue, animated: animated, duration: .seconds(d),
            scene: animated
                ? "crossfade: between the states the rest picture fades out (opacity 1 − p) under the pressed picture fading in (p); the line never morphs: ChartSceneBuilder(style:, reducedMotion: true)"
                : "none: the pressed picture as soon as progress leaves 0 (ChartSceneBuilder(style:, reducedMotion: true))",
            press: phase(from: 0, to: 1), release: phase(from: 1, to: 0))
    }

    /// The selection tick while scrubbing, in each platform's terms (`HapticTicker` decides when).
    var haptics: Haptics {
        Haptics(style: style.haptics.rawValue, minInterval: Quantity(value: style.hapticsMinInterval, unit: "ms"))
    }
}
