import Foundation

/// The transition as an interruptible motion: progress and velocity at any time since it started
/// from a given state, toward 0 (inactive) or 1 (active). Retargeting mid-way starts a new
/// segment from the current progress, so nothing jumps; a spring also keeps its current velocity
/// (UIKit's `beginFromCurrentState`, SwiftUI's retargeting), a Bézier curve restarts its timing
/// from the current value as CSS transitions do.
public struct TransitionMotion: Sendable, Equatable {
    public struct State: Sendable, Equatable {
        public var progress: Double
        /// Progress per second.
        public var velocity: Double
        /// The segment has reached its target and rests there.
        public var finished: Bool
    }

    /// Seconds (on the caller's clock) when this segment started.
    public let startTime: Double
    public let startProgress: Double
    public let startVelocity: Double
    public let target: Double
    public let duration: Double
    public let easing: Easing

    /// At rest at `progress`.
    public static func resting(at progress: Double) -> TransitionMotion {
        TransitionMotion(startTime: 0, startProgress: progress, startVelocity: 0, target: progress, duration: 0,
                         easing: Easing(.linear, bezier: [], springDamping: 1, springVelocity: 0, duration: 0))
    }

    init(startTime: Double, startProgress: Double, startVelocity: Double, target: Double, duration: Double, easing: Easing) {
        self.startTime = startTime
        self.startProgress = startProgress
        self.startVelocity = startVelocity
        self.target = target
        self.duration = duration
        self.easing = easing
    }

    /// A new segment toward `target` from wherever this motion is at `time`. From rest a spring
    /// starts with the style's own initial velocity (distances per second, as UIKit's); while
    /// moving it keeps the velocity it has.
    public func retargeted(to target: Double, at time: Double, style: ChartStyle) -> TransitionMotion {
        let now = state(at: time)
        let duration = style.transitionDuration
        let easing = style.easingFunction
        var velocity = now.velocity
        if now.finished, case .spring(let spring) = easing.kind { velocity = spring.velocity * (target - now.progress) }
        return TransitionMotion(startTime: time, startProgress: now.progress, startVelocity: velocity, target: target,
                                duration: duration, easing: easing)
    }

    public func state(at time: Double) -> State {
        let t = time - startTime
        guard duration > 0, t < duration else { return State(progress: target, velocity: 0, finished: true) }
        if t <= 0 { return State(progress: startProgress, velocity: startVelocity, finished: false) }
        switch easing.kind {
        case .spring(let spring):
            let (offset, velocity) = Self.spring(offset: startProgress - target, velocity: startVelocity, time: t,
                                                 frequency: spring.naturalFrequency, damping: spring.damping)
            return State(progress: target + offset, velocity: velocity, finished: false)
        case .linear, .bezier:
            let distance = target - startProgress
            let fraction = t / duration
            let step = 1e-4
            let slope = (easing(Swift.min(fraction + step, 1)) - easing(Swift.max(fraction - step, 0)))
                / (Swift.min(fraction + step, 1) - Swift.max(fraction - step, 0))
            return State(progress: startProgress + distance * easing(fraction), velocity: distance * slope / duration, finished: false)
        }
    }

    /// A damped oscillator's offset from its rest point and its velocity after `time`, from any
    /// start offset and velocity (the general solution `SpringEasing` uses with offset −1).
    static func spring(offset e0: Double, velocity v0: Double, time t: Double, frequency w0: Double, damping zeta: Double)
        -> (offset: Double, velocity: Double) {
        if zeta >= 1 {
            let b = v0 + w0 * e0
            let decay = exp(-w0 * t)
            return ((e0 + b * t) * decay, (b - w0 * (e0 + b * t)) * decay)
        }
        let wd = w0 * (1 - zeta * zeta).squareRoot()
        let b = (v0 + zeta * w0 * e0) / wd
        let decay = exp(-zeta * w0 * t)
        let c = cos(wd * t), s = sin(wd * t)
        let offset = decay * (e0 * c + b * s)
        let velocity = decay * (-zeta * w0 * (e0 * c + b * s) + wd * (b * c - e0 * s))
        return (offset, velocity)
    }
}

extension TransitionMotion {
    /// A motion other than the press (a period change, a live price): progress restarts at 0
    /// toward 1 with its own duration and easing. While a previous one is moving, its velocity
    /// carries over (a spring keeps its momentum); from rest a spring starts with the style's
    /// initial velocity.
    public static func started(at time: Double, after previous: TransitionMotion?, duration: Double, easing: Easing) -> TransitionMotion {
        var velocity = 0.0
        if let previous, !previous.state(at: time).finished {
            velocity = previous.state(at: time).velocity
        } else if case .spring(let spring) = easing.kind {
            velocity = spring.velocity
        }
        return TransitionMotion(startTime: time, startProgress: 0, startVelocity: velocity, target: 1, duration: duration, easing: easing)
    }
}
