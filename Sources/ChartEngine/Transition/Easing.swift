/// The easing names a preset can choose.
public enum EasingName: String, CaseIterable, Sendable, Codable {
    case linear, easeIn, easeOut, easeInOut, cubicBezier, spring
    /// A spring tuned as Apple's `Spring(duration:bounce:)`; `spring` is UIKit's damping and
    /// velocity over the duration (kept as it was for links and old presets).
    case perceptualSpring
}

/// Maps elapsed time to transition progress for a chart style.
public struct Easing: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case linear
        case bezier(CubicBezierEasing)
        case spring(SpringEasing)
    }

    public let kind: Kind

    public init(_ name: EasingName, bezier: [Double], springDamping: Double, springVelocity: Double, duration: Double,
                springDuration: Double = 0.5, springBounce: Double = 0) {
        switch name {
        case .linear: kind = .linear
        case .easeIn: kind = .bezier(.easeIn)
        case .easeOut: kind = .bezier(.easeOut)
        case .easeInOut: kind = .bezier(.easeInOut)
        case .cubicBezier:
            let b = bezier.count == 4 ? bezier : [0.42, 0, 0.58, 1]
            kind = .bezier(CubicBezierEasing(b[0], b[1], b[2], b[3]))
        case .spring: kind = .spring(SpringEasing(damping: springDamping, velocity: springVelocity, duration: duration))
        case .perceptualSpring:
            kind = .spring(SpringEasing(perceptualDuration: springDuration, bounce: springBounce, velocity: springVelocity))
        }
    }

    /// Progress at `fraction` (0…1) of the duration.
    public func callAsFunction(_ fraction: Double) -> Double {
        switch kind {
        case .linear: Swift.min(Swift.max(fraction, 0), 1)
        case .bezier(let curve): curve(fraction)
        case .spring(let spring): spring(fraction)
        }
    }
}
