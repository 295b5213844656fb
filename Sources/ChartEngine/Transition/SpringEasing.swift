import Foundation

/// A damped harmonic oscillator pulled from 0 to 1 (mass 1, natural frequency ω₀, damping ratio
/// ζ, start velocity in total distances per second), in either of the two ways people tune one:
///
/// - UIKit's `usingSpringWithDamping:initialSpringVelocity:` over a fixed `duration`: ζ and the
///   velocity are given and ω₀ is chosen so the motion has settled when the duration ends.
/// - Apple's `Spring(duration:bounce:)` (SwiftUI, and Figma's spring editor): a perceptual
///   duration (the undamped period 2π/ω₀) and a bounce (ζ = 1 − bounce); the transition then
///   lasts until the motion has settled, which is longer the more it bounces.
///
/// "Settled" means the oscillation can never again be more than 0.1 % of the distance from the
/// target (a bound on the whole solution, initial velocity included), so the last frame being
/// exactly 1 is a step of at most 0.001, and a platform's own spring that keeps running after the
/// duration stays within 0.001 of it.
public struct SpringEasing: Sendable, Equatable {
    public let damping: Double
    public let velocity: Double
    /// Seconds until the motion has settled; the easing's fraction 1.
    public let duration: Double
    /// ω₀, radians per second.
    public let naturalFrequency: Double

    /// Just inside 0.1 %, so rounding never takes a platform's spring past 0.001 after the end.
    static let settleThreshold = 0.000_999

    /// UIKit's form: the frequency follows from the duration.
    public init(damping: Double, velocity: Double, duration: Double) {
        self.damping = Self.clampedDamping(damping)
        self.velocity = velocity
        self.duration = duration
        naturalFrequency = Self.frequency(settlingWithin: Swift.max(duration, 1e-6), damping: self.damping, velocity: velocity)
    }

    /// Apple's form: `perceptualDuration` is the period 2π/ω₀, `bounce` 0 (no overshoot) … < 1.
    public init(perceptualDuration: Double, bounce: Double, velocity: Double) {
        damping = Self.clampedDamping(1 - bounce)
        self.velocity = velocity
        naturalFrequency = 2 * Double.pi / Swift.max(perceptualDuration, 1e-6)
        duration = Self.settlingTime(frequency: naturalFrequency, damping: damping, velocity: velocity)
    }

    static func clampedDamping(_ damping: Double) -> Double { Swift.min(Swift.max(damping, 0.01), 1) }

    /// Apple's perceptual duration of this spring: the undamped period.
    public var perceptualDuration: Double { 2 * Double.pi / naturalFrequency }
    /// Apple's bounce: 1 − ζ.
    public var bounce: Double { 1 - damping }

    /// The largest distance from the target the motion can have at `time` or later (the
    /// oscillation's envelope with its full amplitude, initial velocity included).
    static func envelope(frequency w0: Double, damping zeta: Double, velocity v0: Double, time t: Double) -> Double {
        if zeta >= 1 { return (1 + (w0 - v0).magnitude * t) * exp(-w0 * t) }
        let wd = w0 * (1 - zeta * zeta).squareRoot()
        let sine = (zeta * w0 - v0) / wd
        return (1 + sine * sine).squareRoot() * exp(-zeta * w0 * t)
    }

    /// The lowest frequency (bisected) whose envelope is within the threshold at `duration`.
    static func frequency(settlingWithin duration: Double, damping: Double, velocity: Double) -> Double {
        bisected(from: 0, 1.0 / duration) { envelope(frequency: $0, damping: damping, velocity: velocity, time: duration) > settleThreshold }
    }

    /// The time (bisected) after which the envelope stays within the threshold.
    static func settlingTime(frequency: Double, damping: Double, velocity: Double) -> Double {
        // The envelope falls from its peak on; for ζ = 1 the peak is before 1/ω₀.
        bisected(from: 1 / frequency, 2 / frequency) { envelope(frequency: frequency, damping: damping, velocity: velocity, time: $0) > settleThreshold }
    }

    /// The least value past which `outside` no longer holds: `hi` doubles (from `lo`, `hi`)
    /// until it is within, then up to 200 halvings of the bracket.
    private static func bisected(from lo: Double, _ hi: Double, outside: (Double) -> Bool) -> Double {
        var lo = lo, hi = hi
        while outside(hi) { lo = hi; hi *= 2 }
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if mid <= lo || mid >= hi { break }
            if outside(mid) { lo = mid } else { hi = mid }
        }
        return hi
    }

    /// Progress at `fraction` (0…1) of the duration.
    public func callAsFunction(_ fraction: Double) -> Double {
        if fraction <= 0 { return 0 }
        if fraction >= 1 { return 1 }
        let t = fraction * duration
        let w0 = naturalFrequency
        let v0 = velocity  // distances per second; displacement e = 1 − x starts at 1, e' = −v0
        let displacement: Double
        if damping >= 1 {
            displacement = (1 + (w0 - v0) * t) * exp(-w0 * t)
        } else {
            let wd = w0 * (1 - damping * damping).squareRoot()
            let decay = exp(-damping * w0 * t)
            displacement = decay * (cos(wd * t) + (damping * w0 - v0) / wd * sin(wd * t))
        }
        return 1 - displacement
    }
}
