import Testing
@testable import ChartEngine

@Suite struct TransitionMotionTests {
    static func style(_ easing: EasingName, duration: Double = 1, damping: Double = 0.4, velocity: Double = 0.5) -> ChartStyle {
        var s = ChartStyle()
        s.easing = easing; s.animationDuration = duration; s.springDamping = damping; s.springVelocity = velocity
        return s
    }

    @Test func aPressFromRestFollowsTheEasing() {
        for name in [EasingName.easeInOut, .spring, .linear] {
            let style = Self.style(name)
            let motion = TransitionMotion.resting(at: 0).retargeted(to: 1, at: 10, style: style)
            for i in 0...20 {
                let fraction = Double(i) / 20
                let expected = fraction == 1 ? 1 : style.easingFunction(fraction)
                #expect(abs(motion.state(at: 10 + fraction).progress - expected) < 1e-9, "\(name) at \(fraction)")
            }
            #expect(motion.state(at: 11).finished && motion.state(at: 11).progress == 1)
        }
    }

    @Test func releasingMidWayContinuesFromTheCurrentProgress() {
        for name in [EasingName.easeInOut, .spring, .cubicBezier] {
            let style = Self.style(name)
            let pressed = TransitionMotion.resting(at: 0).retargeted(to: 1, at: 0, style: style)
            let reached = pressed.state(at: 0.3)
            let released = pressed.retargeted(to: 0, at: 0.3, style: style)
            #expect(released.state(at: 0.3).progress == reached.progress)
            var previous = reached.progress
            var maxStep = 0.0
            for i in 1...1200 {
                let p = released.state(at: 0.3 + Double(i) / 1000).progress
                maxStep = max(maxStep, abs(p - previous))
                previous = p
            }
            #expect(maxStep < 0.03, "\(name): \(maxStep)")
            #expect(previous == 0)
        }
    }

    @Test func aSpringKeepsItsVelocityWhenRetargeted() {
        let style = Self.style(.spring)
        let pressed = TransitionMotion.resting(at: 0).retargeted(to: 1, at: 0, style: style)
        let before = pressed.state(at: 0.05)
        #expect(before.velocity > 0)
        let released = pressed.retargeted(to: 0, at: 0.05, style: style)
        let after = released.state(at: 0.05)
        #expect(after.velocity == before.velocity)
        // Still moving forward for a moment after the release, then turning back.
        #expect(released.state(at: 0.06).progress > before.progress)
        #expect(released.state(at: 0.9).progress < before.progress)
    }

    @Test func springVelocityMatchesItsOwnSlope() {
        let motion = TransitionMotion.resting(at: 0).retargeted(to: 1, at: 0, style: Self.style(.spring, damping: 0.3))
        for t in stride(from: 0.05, to: 0.95, by: 0.1) {
            let h = 1e-6
            let slope = (motion.state(at: t + h).progress - motion.state(at: t - h).progress) / (2 * h)
            #expect(abs(slope - motion.state(at: t).velocity) < 1e-4 * max(1, abs(slope)))
        }
    }

    @Test func withoutAnimationTheTargetIsImmediate() {
        var style = Self.style(.easeInOut)
        style.animationEnabled = false
        let motion = TransitionMotion.resting(at: 0).retargeted(to: 1, at: 5, style: style)
        #expect(motion.state(at: 5) == .init(progress: 1, velocity: 0, finished: true))
    }
}
