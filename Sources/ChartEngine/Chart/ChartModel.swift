/// The expensive, progress-independent part of drawing a chart, built by the pipeline's stages:
/// window → resample into `pointCount` bucket closes → thin to about two per pixel if still
/// denser → smooth (ends pinned to the real prices when asked) → scales from values to pixels.
/// One model serves every frame of a transition and every selection position.
public struct ChartModel: Sendable {
    public let times: [Double]
    public let raw: [Double]
    public let smoothed: [Double]
    public let xScale: LinearScale
    public let yScale: LinearScale
    public let width: Double
    public let height: Double
    public let period: Period
    /// Lowest and highest visible price, nil when the window holds none.
    public let priceExtent: ClosedRange<Double>?
    public let gapStyle: GapStyle
    /// Height of the band kept free above the plot for the price label (0 when it is off).
    public let labelBand: Double

    /// Room for the label's two lines of text.
    public static let labelBandHeight = 34.0

    public init(data: IndexedSeries, period: Period, style: ChartStyle, width: Double, height: Double) {
        self.init(series: data.series, period: period, style: style, width: width, height: height)
    }

    public init(series: PriceSeries, period: Period, style: ChartStyle, width: Double, height: Double) {
        let sampled = BucketCloses(pointCount: style.pointCount(for: period))(series, window: period.window(in: series))
        let thinned = ColumnThinning(columns: Int(width.rounded(.up)))(times: sampled.times, prices: sampled.prices)
        self.init(times: thinned.times, raw: thinned.prices, style: style, width: width, height: height, period: period)
    }

    public init(times: [Double], raw: [Double], style: ChartStyle, width: Double, height: Double, period: Period = .all) {
        self.times = times
        self.raw = raw
        let smoothing = style.smoothingMethod(points: raw.count)
        let smoothed = smoothing.apply(raw)
        self.smoothed = style.smoothedEndsOnPrice && smoothing != .none ? EndPinning(for: smoothing)(smoothed: smoothed, raw: raw) : smoothed
        self.width = width
        self.height = height
        self.period = period
        self.gapStyle = style.gapStyle
        self.labelBand = style.labelEnabled ? Swift.min(Self.labelBandHeight, height / 4) : 0
        let first = times.first ?? 0, last = times.last ?? 0
        xScale = LinearScale(domain: first...Swift.max(first, last), range: (0, width))
        // Smoothed values are weighted means of raw ones, so the raw extent holds both and the
        // scale stays still during the transition.
        var lo = Double.infinity, hi = -Double.infinity
        for v in raw where v.isFinite { lo = Swift.min(lo, v); hi = Swift.max(hi, v) }
        priceExtent = lo <= hi ? lo...hi : nil
        let plotHeight = height - labelBand
        let span = style.verticalScale * plotHeight
        let top = labelBand + (plotHeight - span) / 2
        yScale = LinearScale(domain: priceExtent ?? 0...0, range: (top + span, top))
    }

    public var isEmpty: Bool { times.isEmpty }

    /// Drawn values at progress p: `(1−p)·smoothed + p·raw`. Not clamped: a spring's progress
    /// beyond 1 (or below 0) extrapolates past the raw (or smoothed) values, as the app's
    /// animation of the same values would.
    public func values(at progress: Double) -> [Double] {
        if progress == 0 { return smoothed }
        if progress == 1 { return raw }
        return zip(smoothed, raw).map { s, r in s + (r - s) * progress }
    }

    /// Index of the point nearest to pixel column `x` (hit-testing the pointer).
    public func nearestIndex(toPixel x: Double) -> Int? {
        guard !times.isEmpty else { return nil }
        let t = xScale.invert(x)
        var lo = 0, hi = times.count - 1
        while lo < hi {
            let mid = (lo + hi) / 2
            if times[mid] < t { lo = mid + 1 } else { hi = mid }
        }
        if lo > 0 && (t - times[lo - 1]) <= (times[lo] - t) { lo -= 1 }
        // Prefer a real price over a gap marker.
        if !raw[lo].isFinite {
            if lo > 0 && raw[lo - 1].isFinite { lo -= 1 } else if lo + 1 < raw.count && raw[lo + 1].isFinite { lo += 1 }
        }
        return lo
    }

    /// Pixel pieces of the line at `progress`: runs of finite values between gaps, or one run
    /// across them when gaps are bridged (smoothing already kept each side to itself).
    func pixelRuns(at progress: Double) -> [(xs: [Double], ys: [Double])] {
        let values = self.values(at: progress)
        var runs: [(xs: [Double], ys: [Double])] = []
        var xs: [Double] = [], ys: [Double] = []
        xs.reserveCapacity(values.count); ys.reserveCapacity(values.count)
        for i in values.indices {
            if values[i].isFinite {
                xs.append(xScale(times[i])); ys.append(yScale(values[i]))
            } else if !xs.isEmpty && gapStyle == .break {
                runs.append((xs, ys)); xs = []; ys = []
            }
        }
        if !xs.isEmpty { runs.append((xs, ys)) }
        return runs
    }
}
