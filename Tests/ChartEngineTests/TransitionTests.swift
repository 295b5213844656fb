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

@Suite struct SpringFormsTests {
    /// The spring can never again leave 0.001 of the target after its duration.
    static func maxResidualAfterEnd(_ spring: SpringEasing) -> Double {
        var worst = 0.0
        for i in 0...4000 {
            let (offset, _) = TransitionMotion.spring(offset: -1, velocity: spring.velocity, time: spring.duration * (1 + Double(i) / 1000),
                                                      frequency: spring.naturalFrequency, damping: spring.damping)
            worst = max(worst, abs(offset))
        }
        return worst
    }

    @Test func durationAndBounceAreApplesTerms() {
        let spring = SpringEasing(perceptualDuration: 0.5, bounce: 0.3, velocity: 0)
        #expect(abs(spring.naturalFrequency - 2 * Double.pi / 0.5) < 1e-12)
        #expect(abs(spring.damping - 0.7) < 1e-12)
        #expect(abs(spring.perceptualDuration - 0.5) < 1e-12 && abs(spring.bounce - 0.3) < 1e-12)
        #expect(Self.maxResidualAfterEnd(spring) <= 1e-3)
        #expect(spring(1) == 1)
    }

    @Test func aLowDampingNoLongerHasToFlicker() {
        // The UIKit form: damping 0.05 within 0.3 s oscillates ~20 times. Duration and bounce: a few.
        let uikit = SpringEasing(damping: 0.05, velocity: 0, duration: 0.3)
        let designed = SpringEasing(perceptualDuration: 0.5, bounce: 0.5, velocity: 0)
        func crossings(_ s: SpringEasing) -> Int {
            let values = (0...4000).map { s(Double($0) / 4000) - 1 }
            return zip(values, values.dropFirst()).filter { $0 < 0 && $1 >= 0 || $0 > 0 && $1 <= 0 }.count
        }
        #expect(crossings(uikit) >= 15)
        #expect(crossings(designed) <= 6)
    }

    @Test func bothFormsSettleWithinAThousandthWhateverTheVelocity() {
        for damping in [0.05, 0.3, 0.5, 1.0] {
            for velocity in [0.0, 2, 10] {
                #expect(Self.maxResidualAfterEnd(SpringEasing(damping: damping, velocity: velocity, duration: 2)) <= 1e-3)
                #expect(Self.maxResidualAfterEnd(SpringEasing(perceptualDuration: 0.4, bounce: 1 - damping, velocity: velocity)) <= 1e-3)
            }
        }
    }

    @Test func namedSpringsChooseTheDurationAndBounceForm() throws {
        for preset in SpringPreset.all {
            var style = ChartStyle()
            for (key, value) in preset.values { try style.set(key, value) }
            #expect(style.easing == .perceptualSpring)
            guard case .spring(let spring) = style.easingFunction.kind else { Issue.record("not a spring"); continue }
            #expect(abs(spring.perceptualDuration - preset.duration) < 1e-12)
            #expect(style.transitionDuration == spring.duration)
        }
        let definition = try #require(ParameterDefinition.named("easing"))
        #expect(definition.shortcuts.map(\.name) == ["smooth", "snappy", "bouncy"])
    }
}
