import Foundation

/// UIKit's `usingSpringWithDamping:initialSpringVelocity:` over a fixed duration: a damped
/// harmonic oscillator pulled from 0 to 1, with `damping` the damping ratio (1 settles without
/// overshoot, lower overshoots) and `velocity` the start speed in total distances per second.
/// Like UIKit, the stiffness is chosen from the duration: the oscillation's envelope has
/// decayed to 0.1 % of the distance when the duration ends, and the last frame is exactly 1.
public struct SpringEasing: Sendable, Equatable {
    public let damping: Double
    public let velocity: Double
    public let duration: Double

    static let settleThreshold = 0.001

    public init(damping: Double, velocity: Double, duration: Double) {
        self.damping = Swift.min(Swift.max(damping, 0.01), 1)
        self.velocity = velocity
        self.duration = duration
    }

    /// Natural angular frequency that makes the motion settle within `duration`.
    public var naturalFrequency: Double {
        let d = Swift.max(duration, 1e-6)
        if damping >= 1 {
            // Critically damped envelope (1 + ω t)·e^(−ω t) reaches the threshold at t = d.
            var lo = 0.0, hi = 100.0
            for _ in 0..<100 {
                let mid = (lo + hi) / 2
                if (1 + mid) * exp(-mid) > Self.settleThreshold { lo = mid } else { hi = mid }
            }
            return hi / d
        }
        return log(1 / Self.settleThreshold) / (damping * d)
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
