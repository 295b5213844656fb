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

@Suite struct ScaleTests {
    @Test func roundTripsBothWays() {
        let scale = LinearScale(domain: 1_600_000_000...1_700_000_000, range: (0, 390))
        var generator = SplitMix64(seed: 1)
        for _ in 0..<1000 {
            let t = 1_600_000_000 + generator.uniform() * 100_000_000
            #expect(abs(scale.invert(scale(t)) - t) <= 1e-6)
            let px = generator.uniform() * 390
            #expect(abs(scale(scale.invert(px)) - px) <= 1e-9)
        }
        let flipped = LinearScale(domain: 10...20, range: (200, 40))
        #expect(flipped(10) == 200 && flipped(20) == 40 && flipped.invert(120) == 15)
        let flat = LinearScale(domain: 5...5, range: (0, 100))
        #expect(flat(5) == 50 && flat.invert(30) == 5)
    }

    @Test func verticalScaleSpansItsShareCentred() {
        var style = ChartStyle()
        style.verticalScale = 0.5; style.smoothing = .none; style.labelEnabled = false
        let model = ChartModel(times: [0, 1, 2], raw: [10, 30, 20], style: style, width: 100, height: 200)
        #expect(model.yScale(30) == 50 && model.yScale(10) == 150)
        #expect(model.nearestIndex(toPixel: 49)! == 1 && model.nearestIndex(toPixel: 0)! == 0)
        // With the price label on, a band at the top is kept free and the plot is centred below it.
        style.labelEnabled = true
        let banded = ChartModel(times: [0, 1, 2], raw: [10, 30, 20], style: style, width: 100, height: 234)
        #expect(banded.labelBand == ChartModel.labelBandHeight)
        #expect(banded.yScale(30) == 34 + 50 && banded.yScale(10) == 34 + 150)
    }
}
