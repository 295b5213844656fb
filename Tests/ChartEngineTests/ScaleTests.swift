import Testing
@testable import ChartEngine

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
