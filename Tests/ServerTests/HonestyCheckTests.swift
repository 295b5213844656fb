import ChartEngine
import Foundation
import Testing
@testable import WorkbenchExports

/// The honesty check (issue 39.2) on series planted here: overshoots and hidden crashes found,
/// no false alarm where the line passes through every price, and the drawn extremes agreeing with
/// a reference of our own (the scene's Bézier segments sampled densely by de Casteljau).
@Suite struct HonestyCheckTests {
    /// Hourly prices; every point reaches the chart (fixed count above the length).
    static func series(_ prices: [Double]) -> PriceSeries {
        PriceSeries(times: prices.indices.map { 1_700_000_000 + Int64($0) * 3600 }, prices: prices)
    }

    static func walk(_ n: Int, seed: UInt64) -> [Double] {
        var state = seed, price = 100.0
        return (0..<n).map { _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            price *= 1 + (Double(state >> 11) / 9_007_199_254_740_992 - 0.5) * 0.04
            return (price * 100).rounded() / 100
        }
    }

    static func style(_ curve: CurveName, _ smoothing: SmoothingName = .none, window: Int = 21) -> ChartStyle {
        var style = ChartStyle()
        style.pointSizing = .fixed
        style.pointCount = 2000
        style.smoothing = smoothing
        style.smoothingWindow = window
        style.inactiveCurve = curve
        style.activeCurve = curve
        return style
    }

    static func measures(_ style: ChartStyle, _ prices: [Double]) -> [HonestyMeasure] {
        HonestyCheck(style: style).measure(series(prices), scenario: "planted", period: .all)
    }

    @Test func aNaturalSplineOverASpikeIsCaught() {
        var prices = [Double](repeating: 100, count: 120)
        prices[60] = 110
        let rest = Self.measures(Self.style(.natural), prices)[0]
        #expect(!rest.pass)
        #expect(rest.overshootLow > 0.005 * 10)
        #expect(rest.controls == ["inactiveCurve"])
        #expect(rest.failures[0].hasPrefix("Natural spline overshoots the ALL low by"))
        // Through the same points a monotone curve stays inside.
        #expect(Self.measures(Self.style(.monotone), prices).allSatisfy { $0.pass })
    }

    @Test func aMovingAverageHidingACrashIsCaught() {
        var prices = Self.walk(300, seed: 7)
        for i in 150..<153 { prices[i] = prices[149] * 0.8 }
        let rest = Self.measures(Self.style(.linear, .movingAverage, window: 21), prices)[0]
        let move = try! #require(rest.largestMove)
        #expect(move.kind == "drawdown" && move.shownPercent < 80)
        #expect(rest.controls.contains("smoothing"))
        // Pressed, the line is the raw prices: the whole crash.
        #expect(Self.measures(Self.style(.linear, .movingAverage), prices)[1].largestMove.map { $0.shownPercent > 99.9 } == true)
    }

    @Test func aBridgedGapAndAnEndOffThePriceAreCaught() {
        var prices = Self.walk(200, seed: 3)
        for i in 80..<90 { prices[i] = .nan }
        var bridge = Self.style(.linear)
        bridge.gapStyle = .bridge
        #expect(Self.measures(bridge, prices).allSatisfy { $0.gapsBridged == 1 && $0.controls.contains("gapStyle") })
        var free = Self.style(.linear, .movingAverage, window: 41)
        free.smoothedEndsOnPrice = false
        prices[199] = prices[198] * 1.3
        #expect(Self.measures(free, prices)[0].controls.contains("smoothedEndsOnPrice"))
    }

    @Test(arguments: [CurveName.monotone, .linear, .stepStart, .stepCenter, .stepEnd])
    func noFalseAlarmWithoutSmoothing(curve: CurveName) {
        for seed in UInt64(1)...6 {
            var prices = Self.walk(400, seed: seed)
            prices[Int(seed) * 37] = prices[Int(seed) * 37] * 1.25     // a one-point spike
            for i in (200 + Int(seed))..<(210 + Int(seed)) { prices[i] = .nan }  // an outage
            for m in Self.measures(Self.style(curve), prices) { #expect(m.pass, "\(curve) seed \(seed): \(m.failures)") }
        }
    }

    /// The drawn high and low against the scene's segments sampled at 2,000 steps each.
    @Test(arguments: CurveName.allCases)
    func drawnExtremesMatchADenseReference(curve: CurveName) {
        var prices = Self.walk(150, seed: 11)
        prices[70] *= 1.15
        for smoothing in SmoothingName.allCases {
            let style = Self.style(curve, smoothing, window: 9)
            let model = ChartModel(series: Self.series(prices), period: .all, style: style, width: HonestyReport.width, height: HonestyReport.height)
            let scene = ChartSceneBuilder(style: style)(model, ChartState(progress: 0, selection: nil))
            guard case .stroke(let stroke)? = scene.scene.primitives.first(where: { if case .stroke = $0 { true } else { false } }) else {
                Issue.record("no line"); continue
            }
            var lowest = -Double.infinity, highest = Double.infinity, y0 = 0.0
            for command in stroke.path.commands {
                switch command {
                case .move(_, let y), .line(_, let y): lowest = max(lowest, y); highest = min(highest, y); y0 = y
                case .curve(_, let y1, _, let y2, _, let y):
                    for k in 0...2000 {
                        let t = Double(k) / 2000, u = 1 - t
                        let v = u * u * u * y0 + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t * t * t * y
                        lowest = max(lowest, v); highest = min(highest, v)
                    }
                    y0 = y
                case .close: break
                }
            }
            let measure = HonestyCheck(style: style).measure(Self.series(prices), scenario: "planted", period: .all)[0]
            let range = measure.trueHigh - measure.trueLow
            #expect(abs(model.yScale.invert(highest) - measure.drawnHigh) <= 0.001 * range, "\(curve) \(smoothing) high")
            #expect(abs(model.yScale.invert(lowest) - measure.drawnLow) <= 0.001 * range, "\(curve) \(smoothing) low")
        }
    }

    @Test func cubicExtremesAreTheDerivativesRoots() {
        // B(0, 1, 1, 0) peaks at t = ½ exactly; B(0, 1, −1, 0) has a peak and a trough, t = ½ ∓ √3/6.
        #expect(DrawnLine.extremes(0, 1, 1, 0) == [0.5])
        let two = DrawnLine.extremes(0, 1, -1, 0)
        #expect(two.count == 2 && abs(two[0] - (0.5 - 3.0.squareRoot() / 6)) < 1e-12 && abs(two[1] - (0.5 + 3.0.squareRoot() / 6)) < 1e-12)
        #expect(DrawnLine.extremes(0, 1, 2, 3).isEmpty)  // a straight line has none inside
    }
}
