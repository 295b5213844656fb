import ChartEngine
import Foundation

/// The preset's spring in each platform's own terms. Every form describes the same damped
/// oscillator (mass 1, natural frequency ω₀, damping ratio ζ, start velocity v₀ in distances per
/// second) that `workbench ease` samples, so each API plays the same motion.
struct SpringMotion {
    let damping: Double        // ζ
    let naturalFrequency: Double  // ω₀, rad/s
    let velocity: Double       // v₀, total distances per second
    let duration: Double       // seconds (UIKit's duration; the motion settles to 0.1 % by then)

    init(style: ChartStyle) {
        let spring = SpringEasing(damping: style.springDamping, velocity: style.springVelocity, duration: style.animationDuration)
        damping = spring.damping
        naturalFrequency = spring.naturalFrequency
        velocity = spring.velocity
        duration = spring.duration
    }

    /// Compose `spring(dampingRatio, stiffness)` with mass 1: stiffness = ω₀².
    var stiffness: Double { naturalFrequency * naturalFrequency }
    /// SwiftUI `Spring(mass: 1, stiffness:, damping:)` / `interpolatingSpring`: damping = 2ζω₀.
    var dampingCoefficient: Double { 2 * damping * naturalFrequency }
    /// SwiftUI `Spring(duration:bounce:)`: duration is the period 2π/ω₀, bounce = 1 − ζ.
    var swiftUIDuration: Double { 2 * Double.pi / naturalFrequency }
    var swiftUIBounce: Double { 1 - damping }

    /// CSS `linear()` sampled from the engine's easing; springs may exceed 1.
    static func cssLinear(_ easing: Easing, samples: Int = 40) -> String {
        let values = (0...samples).map { i in NumberText.format(easing(Double(i) / Double(samples)), digits: 4) }
        return "linear(" + values.joined(separator: ", ") + ")"
    }

    static func round(_ v: Double) -> Double { Double(NumberText.shortest(v)) ?? v }

    /// Every platform's parameters as JSON (tokens `$extensions`, bundles' README).
    func json(style: ChartStyle) -> JSONValue {
        let ms = (duration * 1000).rounded()
        return .object([
            ("model", .string("damped oscillator, mass 1: x'' = -stiffness·(x-1) - damping·x', x(0) = 0, x'(0) = initialVelocity")),
            ("uikit", .object([("usingSpringWithDamping", .number(damping)), ("initialSpringVelocity", .number(velocity)),
                               ("duration", .object([("value", .number(duration)), ("unit", .string("s"))]))])),
            ("swiftui", .object([("spring", .object([("duration", .number(swiftUIDuration)), ("bounce", .number(swiftUIBounce))])),
                                 ("interpolatingSpring", .object([("mass", .number(1)), ("stiffness", .number(stiffness)),
                                                                  ("damping", .number(dampingCoefficient)), ("initialVelocity", .number(velocity))])),
                                 ("unit", .string("s"))])),
            ("compose", .object([("dampingRatio", .number(damping)), ("stiffness", .number(stiffness)),
                                 ("initialVelocity", .number(velocity)), ("settleMillis", .number(ms)),
                                 ("unit", .string("ms"))])),
            ("css", .object([("animation-timing-function", .string(Self.cssLinear(style.easingFunction))),
                             ("animation-duration", .string(NumberText.shortest(ms) + "ms"))])),
        ])
    }
}
