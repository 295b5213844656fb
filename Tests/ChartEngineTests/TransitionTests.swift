import Testing
@testable import ChartEngine

@Suite struct TransitionTests {
    /// Reference values of CSS timing functions (x → y), computed independently by bisection
    /// on the Bézier with 1e-12 tolerance.
    @Test func cssEasingReferenceValues() {
        let cases: [(CubicBezierEasing, Double, Double)] = [
            (.easeInOut, 0.5, 0.5), (.easeInOut, 0.25, 0.129_162), (.easeInOut, 0.75, 0.870_838),
            (.easeIn, 0.5, 0.315_357), (.easeOut, 0.5, 0.684_643), (.ease, 0.25, 0.408_511), (.ease, 0.5, 0.802_403),
        ]
        for (easing, x, y) in cases { #expect(abs(easing(x) - y) < 2e-6, "\(easing) at \(x): \(easing(x))") }
        #expect(abs(CubicBezierEasing(0, 0, 1, 1)(0.3) - 0.3) < 1e-9)
        #expect(CubicBezierEasing.easeIn(0) == 0 && CubicBezierEasing.easeIn(1) == 1)
    }

    @Test func criticallyDampedSpringNeverOvershoots() {
        for duration in [0.1, 0.3, 1, 2] {
            let spring = SpringEasing(damping: 1, velocity: 0.5, duration: duration)
            var previous = 0.0
            for i in 0...400 {
                let v = spring(Double(i) / 400)
                #expect(v <= 1 + 1e-12)
                #expect(v >= previous - 1e-12)  // and moves only forwards
                previous = v
            }
            #expect(spring(1) == 1)
        }
    }

    @Test func underdampedSpringOvershootsAndSettles() {
        let spring = SpringEasing(damping: 0.3, velocity: 0.5, duration: 0.5)
        let samples = (0...400).map { spring(Double($0) / 400) }
        #expect(samples.max()! > 1.05)
        #expect(abs(samples[396] - 1) < 0.01)
        #expect(spring(1) == 1)
    }

    @Test func easingNamesMapToTheirCurves() {
        #expect(Easing(.linear, bezier: [], springDamping: 1, springVelocity: 0, duration: 0.3)(0.4) == 0.4)
        #expect(Easing(.easeIn, bezier: [], springDamping: 1, springVelocity: 0, duration: 0.3)(0.5) == CubicBezierEasing.easeIn(0.5))
        #expect(Easing(.cubicBezier, bezier: [0.1, 0.7, 0.9, 0.3], springDamping: 1, springVelocity: 0, duration: 0.3)(0.5)
                == CubicBezierEasing(0.1, 0.7, 0.9, 0.3)(0.5))
    }
}
