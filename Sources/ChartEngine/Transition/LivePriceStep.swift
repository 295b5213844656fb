/// A new live price as a pure function of progress: the chart before the price becoming the
/// chart after it. Both lines are recorded as cubic segments (as drawn at the press's progress)
/// and mixed point by point in view coordinates, so the line's end moves to the new price, the
/// vertical range rescales when the price leaves it, and the fill moves with the line. When the
/// price adds a bucket the old line gets segments of no length at its end, so the new part
/// grows out of the old end (a bucket dropped at the start collapses into the new start).
/// The header's price and change count between their values; a press keeps its selection on
/// its time and the header keeps the selected point. `flash(elapsed:)` tints the header's
/// price in the up or down colour over the flash duration. Progress 0 is exactly the old
/// picture, 1 exactly the new one.
public struct LivePriceStep: Sendable {
    /// How the step plays: the line moving, a crossfade of the two pictures, or the new one at once.
    public enum Played: String, Sendable { case step, crossfade, none }

    /// The two lines, brought to one segment count.
    public let fromLine: CubicPieces
    public let toLine: CubicPieces
    /// The pictures shown at progress 0 and 1.
    public let fromScene: ChartScene
    public let toScene: ChartScene
    /// The press's state on the new chart: its progress, and its selection moved to the same time.
    public let toState: ChartState
    /// "up" or "down": the new last price against the old one; nil when it did not change.
    public let direction: String?
    public let style: ChartStyle
    public let reducedMotion: Bool
    let height: Double

    /// The chart after the price (the press's selection is carried from it to a newer price's).
    public let toModel: ChartModel

    /// `state` is the press on the old chart (at rest: `.inactive`).
    public init(from old: ChartModel, to new: ChartModel, state: ChartState = .inactive, builder: ChartSceneBuilder) {
        self.init(fromScene: builder(old, state), shownLine: Self.line(old, progress: state.progress, style: builder.style),
                  shownLast: old.raw.last(where: \.isFinite), to: new, toState: Self.carried(state, from: old, to: new), builder: builder)
    }

    /// A newer price arriving while `running` plays: the step from the frame shown now (`running`
    /// at eased `progress`) to the chart of the newer price, so the line, the header and a held
    /// selection go on from where they are instead of jumping to the last step's end first.
    public init(continuing running: LivePriceStep, at progress: Double, to new: ChartModel, builder: ChartSceneBuilder) {
        self.init(fromScene: running.scene(at: progress), shownLine: CubicPieces.mix(running.fromLine, running.toLine, progress),
                  shownLast: running.toModel.raw.last(where: \.isFinite), to: new,
                  toState: Self.carried(running.toState, from: running.toModel, to: new), builder: builder)
    }

    private init(fromScene: ChartScene, shownLine a: CubicPieces, shownLast before: Double?, to new: ChartModel, toState: ChartState,
                 builder: ChartSceneBuilder) {
        self.toState = toState
        self.fromScene = fromScene
        toScene = builder(new, toState)
        toModel = new
        style = builder.style
        reducedMotion = builder.reducedMotion
        height = new.height
        let b = Self.line(new, progress: toState.progress, style: style)
        let count = Swift.max(a.segments.count, b.segments.count, 1)
        // A longer new line grew at its end; a shorter one lost its first bucket.
        fromLine = a.padded(to: count)
        toLine = b.padded(to: count, atStart: true)
        if let before, let after = new.raw.last(where: \.isFinite), before != after { direction = after > before ? "up" : "down" } else { direction = nil }
    }

    /// The press's selection moved to the fraction of the new chart's width where its time is,
    /// so a tick during a press keeps the finger's point.
    public static func carried(_ state: ChartState, from old: ChartModel, to new: ChartModel) -> ChartState {
        guard let fraction = state.selection, let selected = Selection(model: old, fraction: fraction, progress: state.progress),
              new.width > 0 else { return state }
        return ChartState(progress: state.progress, selection: new.xScale(selected.time) / new.width)
    }

    /// The line as drawn at the press's `progress`, as one piece (gaps are bridged while it
    /// moves; the pictures at either end keep them).
    static func line(_ model: ChartModel, progress: Double, style: ChartStyle) -> CubicPieces {
        var line = CubicPieces()
        let runs = model.pixelRuns(at: progress)
        let xs = runs.flatMap(\.xs), ys = runs.flatMap(\.ys)
        guard !xs.isEmpty else { line.moveTo(0, model.height / 2); return line }
        let p = ChartState.bounded(progress)
        if p <= 0 || style.inactive == style.active { style.inactive.draw(xs: xs, ys: ys, into: &line); return line }
        if p >= 1 { style.active.draw(xs: xs, ys: ys, into: &line); return line }
        var a = CubicPieces(), b = CubicPieces()
        style.inactive.draw(xs: xs, ys: ys, into: &a)
        style.active.draw(xs: xs, ys: ys, into: &b)
        let count = Swift.max(a.segments.count, b.segments.count)
        return CubicPieces.mix(a.resampled(to: count), b.resampled(to: count), p)
    }

    /// The step as played: under reduced motion the preset's variant (a linear crossfade over
    /// the reduced-motion duration, or none).
    public var played: Played {
        guard reducedMotion else { return .step }
        return style.livePriceReducedMotion == .crossfade && style.reducedMotionDuration > 0 ? .crossfade : .none
    }

    /// Seconds the step takes as played.
    public var duration: Double {
        switch played {
        case .step: style.livePriceDuration
        case .crossfade: style.reducedMotionDuration
        case .none: 0
        }
    }

    /// The easing as played: the preset's, or linear under reduced motion.
    public var easing: Easing { style.motionEasing(reducedMotion ? .linear : style.livePriceEasing, duration: duration) }

    /// Seconds the flash lasts (0 without one): the motion is over once both it and the step are.
    public var flashDuration: Double { style.livePriceFlash && direction != nil ? style.livePriceFlashDuration : 0 }

    /// The header's flash `elapsed` seconds after the price arrived: the direction's colour, its
    /// opacity falling linearly from 1 to 0 over the flash duration; nil once over (or off).
    public func flash(elapsed: Double) -> PriceFlash? {
        guard let direction, flashDuration > 0, elapsed.isFinite, elapsed < flashDuration else { return nil }
        let color = direction == "up" ? style.livePriceUpColor : style.livePriceDownColor
        return PriceFlash(color: color, opacity: 1 - Swift.max(elapsed, 0) / flashDuration, direction: direction)
    }

    /// The scene at `progress` (already eased) with the flash `elapsed` seconds in.
    public func scene(at progress: Double, elapsed: Double) -> ChartScene {
        var frame = scene(at: progress)
        frame.header.flash = flash(elapsed: elapsed)
        return frame
    }

    /// The scene at `progress` (already eased), without the flash.
    public func scene(at progress: Double) -> ChartScene {
        let p = ChartState.bounded(progress)
        let way: MotionMix.Way = switch played { case .none: .cut; case .crossfade: .crossfade; case .step: .own }
        if let frame = MotionMix.sharedFrame(fromScene, toScene, at: p, way, header: header) { return frame }
        let (line, fill) = MotionMix.paths(CubicPieces.mix(fromLine, toLine, p), bottom: height)
        let old = Dictionary(fromScene.scene.primitives.map { ($0.id, $0) }) { first, _ in first }
        var frame = toScene
        frame.scene.primitives = toScene.scene.primitives.map { MotionMix.primitive(old[$0.id], $0, p, line: line, fill: fill) }
        if let a = fromScene.selection, var b = toScene.selection {
            b.x = a.x + (b.x - a.x) * p; b.y = a.y + (b.y - a.y) * p
            frame.selection = b
        }
        frame.header = header(Swift.min(Swift.max(p, 0), 1))
        return frame
    }

    /// The header between the two: the price (or, pressing, the selected point) and the change
    /// counting, never beyond either end.
    private func header(_ q: Double) -> ChartHeader {
        var header = toScene.header
        let from = fromScene.header
        func mix(_ a: Double?, _ b: Double?) -> Double? {
            guard let a, let b else { return q < 1 ? a : b }
            return a + (b - a) * q
        }
        header.price = mix(from.price, header.price)
        header.change = mix(from.change, header.change)
        header.changePercent = mix(from.changePercent, header.changePercent)
        header.lastPrice = mix(from.lastPrice, header.lastPrice)
        header.firstPrice = mix(from.firstPrice, header.firstPrice)
        return header
    }
}

extension ChartModel {
    /// The chart as it was when the price at `time` was the newest: the period's window ending
    /// there (the picture a page showed before later live prices arrived).
    public init(series: PriceSeries, endingAt time: Int64, period: Period, style: ChartStyle, width: Double, height: Double) {
        let end = series.times.firstIndex(atOrAfter: time &+ 1)
        var window = 0..<end
        if end > 0, let span = period.seconds {
            let start = series.times.firstIndex(atOrAfter: series.times[end - 1] &- span, in: 0..<end)
            window = end - start >= 2 ? start..<end : Swift.max(0, end - 2)..<end
        }
        let sampled = BucketCloses(pointCount: style.pointCount(for: period))(series, window: window)
        let thinned = ColumnThinning(columns: Int(width.rounded(.up)))(times: sampled.times, prices: sampled.prices)
        self.init(times: thinned.times, raw: thinned.prices, style: style, width: width, height: height, period: period)
    }
}
