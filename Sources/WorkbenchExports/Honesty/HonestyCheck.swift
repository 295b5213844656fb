import ChartEngine
import Foundation
import Synchronization

/// Does the chart tell the truth about prices (issue 39, docs/honesty.md)? For a style, a
/// period and a market, the engine's own scene at rest and pressed, its line read back into
/// prices and times (`DrawnLine`: exact cubic extremes), held against the real series:
/// - how far the line goes beyond the period's true high and low (price, % of the range);
/// - how much of the largest real move (drawdown or run-up) the line still shows;
/// - how far the drawn end is from the current price;
/// - how far in time the drawn high and low are from the real ones;
/// - whether every gap wide enough to be drawn is drawn as a gap.
public struct HonestyThresholds: Sendable, Equatable, Codable {
    /// The line may go this far beyond the true high or low, % of the period's range.
    public var beyondRangePercent = 0.5
    /// The line must show at least this share of the largest real move, %.
    public var largestMoveShownPercent = 80.0
    /// The drawn end may be this far from the current price, % of the range (the end on the price).
    public var endPercent = 0.1
    /// The drawn high and low may be this many drawn-point spacings from the real ones.
    public var extremeShiftSpacings = 1.5
    /// A gap at least this many drawn-point spacings long must be drawn as a gap.
    public var gapSpacings = 2.0

    public init() {}
}

public struct HonestyMeasure: Sendable, Equatable, Codable {
    public enum State: String, Sendable, Codable { case rest, pressed }

    public struct Move: Sendable, Equatable, Codable {
        /// `drawdown` (a peak, then a trough) or `runUp` (a trough, then a peak: a spike or a rally).
        public var kind: String
        public var fromTime: Double, toTime: Double
        public var size: Double
        /// The same move on the drawn line, between the same times (one spacing either side).
        public var shown: Double
        public var shownPercent: Double
        /// The largest move of the same kind in every real price of the period (minutes), for
        /// comparison: what resampling to the chart's points already leaves out is said here,
        /// not failed (the points are what a backend sends; the line is judged on them).
        public var everyPriceSize: Double
    }

    public var scenario: String
    public var period: String
    public var state: State
    public var trueHigh: Double, trueLow: Double
    public var trueHighTime: Double, trueLowTime: Double
    public var drawnHigh: Double, drawnLow: Double
    public var drawnHighTime: Double, drawnLowTime: Double
    /// Beyond the true high / below the true low, in price (0 when inside).
    public var overshootHigh: Double, overshootLow: Double
    /// The larger of the two, % of the range.
    public var overshootPercent: Double
    public var largestMove: Move?
    public var currentPrice: Double, drawnEnd: Double
    public var endPercent: Double
    /// Seconds between the drawn high (low) and the highest (lowest) point the chart is given;
    /// 0 when the line at that point's time is within the range tolerance of the drawn high (low).
    public var highShift: Double, lowShift: Double
    /// Seconds between two drawn points: the chart's resolution.
    public var pointSpacing: Double
    public var gaps: Int
    public var gapsBridged: Int
    public var pass: Bool
    /// The failures in words, each naming the control that causes it.
    public var failures: [String]
    /// The parameter keys that cause a failure (the page marks them).
    public var controls: [String]
}

public struct HonestyReport: Sendable, Equatable, Codable {
    public var pass: Bool
    public var thresholds: HonestyThresholds
    public var width: Double, height: Double
    public var scenarios: [String]
    public var periods: [String]
    public var measures: [HonestyMeasure]
    /// Every failure in words, once each.
    public var failures: [String]
    /// Every parameter key a failure names, once each.
    public var controls: [String]

    /// The phone's chart size the check draws at.
    public static let width = 390.0, height = 240.0

    public init(style: ChartStyle, markets: [(name: String, series: PriceSeries)], periods: [Period] = Period.allCases,
                thresholds: HonestyThresholds = HonestyThresholds()) {
        self.thresholds = thresholds
        width = Self.width; height = Self.height
        scenarios = markets.map(\.name)
        self.periods = periods.map(\.rawValue)
        measures = []
        for market in markets {
            for period in periods {
                measures += HonestyCheck(style: style, thresholds: thresholds).measure(market.series, scenario: market.name, period: period)
            }
        }
        var seen = Set<String>()
        failures = measures.flatMap(\.failures).filter { seen.insert($0).inserted }
        var keys = Set<String>()
        controls = measures.flatMap(\.controls).filter { keys.insert($0).inserted }
        pass = failures.isEmpty
    }
}

public struct HonestyCheck: Sendable {
    public var style: ChartStyle
    public var thresholds: HonestyThresholds

    public init(style: ChartStyle, thresholds: HonestyThresholds = HonestyThresholds()) {
        self.style = style
        self.thresholds = thresholds
    }

    /// At rest and pressed; none when the period holds fewer than two prices.
    public func measure(_ series: PriceSeries, scenario: String, period: Period) -> [HonestyMeasure] {
        let window = period.window(in: series)
        guard let truth = RealPrices.cached(series, window: window, market: scenario) else { return [] }
        let model = ChartModel(series: series, period: period, style: style, width: HonestyReport.width, height: HonestyReport.height)
        let builder = ChartSceneBuilder(style: style)
        // The points the chart is given (what a backend sends): the largest move and the
        // extremes' times are judged on them, so resampling alone never fails a curve.
        var givenMoves = Moves()
        var givenHigh = (price: -Double.infinity, time: 0.0), givenLow = (price: Double.infinity, time: 0.0)
        for (t, p) in zip(model.times, model.raw) where p.isFinite {
            givenMoves.add(p, at: t)
            if p > givenHigh.price { givenHigh = (p, t) }
            if p < givenLow.price { givenLow = (p, t) }
        }
        let given = Given(move: givenMoves.largest, highTime: givenHigh.time, lowTime: givenLow.time)
        return [HonestyMeasure.State.rest, .pressed].compactMap { state in
            let scene = builder(model, ChartState(progress: state == .rest ? 0 : 1, selection: nil))
            let path = scene.scene.primitives.lazy.compactMap { primitive -> ScenePath? in
                if case .stroke(let stroke) = primitive { return stroke.path } else { return nil }
            }.first
            guard let path else { return nil }
            let drawn = DrawnLine(path: path, xScale: model.xScale, yScale: model.yScale)
            let spacing = model.times.count > 1 ? ((model.times.last ?? 0) - (model.times.first ?? 0)) / Double(model.times.count - 1) : 60
            return judge(drawn, truth, given: given, scenario: scenario, period: period, state: state, spacing: Swift.max(spacing, 1))
        }
    }

    func judge(_ drawn: DrawnLine, _ truth: RealPrices, given: Given, scenario: String, period: Period, state: HonestyMeasure.State,
               spacing: Double) -> HonestyMeasure? {
        let points = drawn.points
        guard let highPoint = points.max(by: { $0.price < $1.price }), let lowPoint = points.min(by: { $0.price < $1.price }),
              let end = drawn.pieces.last?.last else { return nil }
        let range = Swift.max(truth.high - truth.low, Swift.max(abs(truth.high), 1) * 1e-9)
        func percent(_ v: Double) -> Double { v / range * 100 }
        let overshootHigh = Swift.max(0, highPoint.price - truth.high), overshootLow = Swift.max(0, truth.low - lowPoint.price)
        var move: HonestyMeasure.Move?
        if let real = given.move {
            let shown = Self.move(points.filter { $0.time >= real.from - spacing && $0.time <= real.to + spacing }, drawdown: real.drawdown)
            let every = real.drawdown ? truth.moves.drawdown.size : truth.moves.runUp.size
            move = .init(kind: real.drawdown ? "drawdown" : "runUp", fromTime: real.from, toTime: real.to, size: real.size,
                         shown: shown, shownPercent: real.size > 0 ? Swift.min(shown / real.size * 100, 100) : 100, everyPriceSize: every)
        }
        // A drawn extreme has moved when the line at the given extreme's time (± half a spacing)
        // is lower (higher) than the drawn high (low) by more than the range's tolerance: two
        // near-equal peaks far apart are not a shift.
        let tolerance = thresholds.beyondRangePercent / 100 * range
        func shift(_ drawnExtreme: DrawnLine.Point, at time: Double, high: Bool) -> Double {
            let near = points.filter { abs($0.time - time) <= spacing / 2 }.map(\.price)
            guard let there = high ? near.max() : near.min() else { return abs(drawnExtreme.time - time) }
            return abs(drawnExtreme.price - there) <= tolerance ? 0 : abs(drawnExtreme.time - time)
        }
        let bridged = truth.gaps.filter { gap in
            gap.end - gap.start >= thresholds.gapSpacings * spacing && drawn.pieces.contains { piece in
                zip(piece, piece.dropFirst()).contains { $0.time < (gap.start + gap.end) / 2 && $1.time > (gap.start + gap.end) / 2 }
            }
        }.count
        let counted = truth.gaps.filter { $0.end - $0.start >= thresholds.gapSpacings * spacing }.count
        var measure = HonestyMeasure(
            scenario: scenario, period: period.rawValue, state: state, trueHigh: truth.high, trueLow: truth.low,
            trueHighTime: truth.highTime, trueLowTime: truth.lowTime, drawnHigh: highPoint.price, drawnLow: lowPoint.price,
            drawnHighTime: highPoint.time, drawnLowTime: lowPoint.time, overshootHigh: overshootHigh, overshootLow: overshootLow,
            overshootPercent: percent(Swift.max(overshootHigh, overshootLow)), largestMove: move, currentPrice: truth.last, drawnEnd: end.price,
            endPercent: percent(abs(end.price - truth.last)), highShift: shift(highPoint, at: given.highTime, high: true), lowShift: shift(lowPoint, at: given.lowTime, high: false),
            pointSpacing: spacing, gaps: counted, gapsBridged: bridged, pass: true, failures: [], controls: [])
        HonestyWords(style: style, thresholds: thresholds).explain(&measure)
        return measure
    }

    struct Given {
        var move: Moves.Largest?
        var highTime: Double
        var lowTime: Double
    }

    /// The largest drawdown (or run-up) along drawn points in time order.
    static func move(_ points: [DrawnLine.Point], drawdown: Bool) -> Double {
        var best = 0.0
        guard var extreme = points.first?.price else { return 0 }
        for p in points {
            if drawdown { extreme = Swift.max(extreme, p.price); best = Swift.max(best, extreme - p.price) }
            else { extreme = Swift.min(extreme, p.price); best = Swift.max(best, p.price - extreme) }
        }
        return best
    }
}

/// The largest drawdown (a peak, then a lower price) and run-up (a trough, then a higher price)
/// of prices in time order, in one pass.
struct Moves {
    struct Largest { var drawdown: Bool, from: Double, to: Double, size: Double }
    private var peak = -Double.infinity, peakTime = 0.0, trough = Double.infinity, troughTime = 0.0
    var drawdown = (size: 0.0, from: 0.0, to: 0.0), runUp = (size: 0.0, from: 0.0, to: 0.0)

    mutating func add(_ p: Double, at t: Double) {
        if p > peak { peak = p; peakTime = t }
        if p < trough { trough = p; troughTime = t }
        if peak - p > drawdown.size { drawdown = (peak - p, peakTime, t) }
        if p - trough > runUp.size { runUp = (p - trough, troughTime, t) }
    }

    var largest: Largest? {
        guard drawdown.size > 0 || runUp.size > 0 else { return nil }
        return drawdown.size >= runUp.size ? Largest(drawdown: true, from: drawdown.from, to: drawdown.to, size: drawdown.size)
            : Largest(drawdown: false, from: runUp.from, to: runUp.to, size: runUp.size)
    }
}

/// The real prices of a period: high, low, last, the largest moves and the gaps, in one pass.
struct RealPrices: Sendable {
    struct Gap { var start: Double, end: Double }
    var high = -Double.infinity, low = Double.infinity, highTime = 0.0, lowTime = 0.0, last = Double.nan
    var moves = Moves()
    var gaps: [Gap] = []

    init?(_ series: PriceSeries, window: Range<Int>) {
        var lastFiniteTime: Double?, inGap = false
        // The columns once, not a copy of each per price (this module is built without -O in debug).
        let prices = series.prices, times = series.times
        for i in window {
            let p = prices[i], t = Double(times[i])
            guard p.isFinite else { inGap = true; continue }
            if inGap, let before = lastFiniteTime { gaps.append(Gap(start: before, end: t)) }
            inGap = false
            lastFiniteTime = t
            last = p
            if p > high { high = p; highTime = t }
            if p < low { low = p; lowTime = t }
            moves.add(p, at: t)
        }
        guard high >= low else { return nil }
    }

    /// They do not depend on the style: kept per market, series and window (the last 64), so
    /// checking another style reads none of the series again.
    static func cached(_ series: PriceSeries, window: Range<Int>, market: String) -> RealPrices? {
        guard let last = series.times.last, let first = series.times.first else { return nil }
        let key = "\(market) \(series.count) \(first) \(last) \(series.prices[series.count - 1].bitPattern) \(window.lowerBound) \(window.upperBound)"
        if let kept = memory.withLock({ $0[key] }) { return kept }
        let made = RealPrices(series, window: window)
        memory.withLock { kept in
            if kept.count >= 64 { kept.removeAll() }
            kept[key] = .some(made)
        }
        return made
    }

    private static let memory = Mutex<[String: RealPrices?]>([:])
}
