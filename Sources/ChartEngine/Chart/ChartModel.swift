/// The expensive, progress-independent part of drawing a chart: the visible window, decimated
/// to the pixels, smoothed, and the scales from values to pixels. One model serves every frame
/// of a transition and every selection position.
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

    public init(data: IndexedSeries, period: Period, style: ChartStyle, width: Double, height: Double) {
        let window = period.window(in: data.series)
        let (times, raw) = data.visiblePoints(window, columns: Int(width.rounded(.up)))
        self.init(times: times, raw: raw, style: style, width: width, height: height, period: period)
    }

    public init(times: [Double], raw: [Double], style: ChartStyle, width: Double, height: Double, period: Period = .all) {
        self.times = times
        self.raw = raw
        self.smoothed = style.smoothingMethod.apply(raw)
        self.width = width
        self.height = height
        self.period = period
        let first = times.first ?? 0, last = times.last ?? 0
        xScale = LinearScale(domain: first...Swift.max(first, last), range: (0, width))
        // Smoothed values are weighted means of raw ones, so the raw extent holds both and the
        // scale stays still during the transition.
        var lo = Double.infinity, hi = -Double.infinity
        for v in raw where v.isFinite { lo = Swift.min(lo, v); hi = Swift.max(hi, v) }
        priceExtent = lo <= hi ? lo...hi : nil
        let span = style.verticalScale * height
        let top = (height - span) / 2
        yScale = LinearScale(domain: priceExtent ?? 0...0, range: (top + span, top))
    }

    public var isEmpty: Bool { times.isEmpty }

    /// Drawn values at progress p: `(1−p)·smoothed + p·raw`.
    public func values(at progress: Double) -> [Double] {
        if progress <= 0 { return smoothed }
        if progress >= 1 { return raw }
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

    /// Pixel pieces of the line at `progress`: runs of finite values between gaps.
    func pixelRuns(at progress: Double) -> [(xs: [Double], ys: [Double])] {
        let values = self.values(at: progress)
        var runs: [(xs: [Double], ys: [Double])] = []
        var xs: [Double] = [], ys: [Double] = []
        for i in values.indices {
            if values[i].isFinite {
                xs.append(xScale(times[i])); ys.append(yScale(values[i]))
            } else if !xs.isEmpty {
                runs.append((xs, ys)); xs = []; ys = []
            }
        }
        if !xs.isEmpty { runs.append((xs, ys)) }
        return runs
    }
}
