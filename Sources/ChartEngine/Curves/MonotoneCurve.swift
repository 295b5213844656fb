/// Monotone cubic interpolation in x (d3 `curveMonotoneX`, after Steffen 1990): never
/// overshoots the data, so monotone data stays monotone and plateaus stay flat.
public struct MonotoneCurve: CurveGenerator {
    /// Only the last two points count: (p.x1, p.y1), written (x0, y0) below, and the newest (p.x2, p.y2), (x1, y1).
    private var p = RecentPoints()
    private var t0 = Double.nan

    public init() {}

    public mutating func lineStart() {
        p = RecentPoints()
        t0 = .nan
    }

    public mutating func point<S: PathSink>(_ x: Double, _ y: Double, to sink: inout S) {
        if x == p.x2 && y == p.y2 { return }  // coincident points add nothing
        var t1 = Double.nan
        switch p.count {
        case 0: sink.moveTo(x, y)
        case 1: break
        case 2:
            t1 = slope3(x, y)
            segment(slope2(t1), t1, to: &sink)
        default:
            t1 = slope3(x, y)
            segment(t0, t1, to: &sink)
        }
        p.push(x, y)
        t0 = t1
    }

    public mutating func lineEnd<S: PathSink>(to sink: inout S) {
        guard !p.endedShortPiece(into: &sink) else { return }
        segment(t0, slope2(t0), to: &sink)
    }

    /// Tangent at (x1, y1) from the secants on both sides, limited so the curve cannot overshoot.
    @inline(__always)
    private func slope3(_ x2: Double, _ y2: Double) -> Double {
        let (x0, y0, x1, y1) = (p.x1, p.y1, p.x2, p.y2)
        let h0 = x1 - x0, h1 = x2 - x1
        let s0 = (y1 - y0) / h0, s1 = (y2 - y1) / h1
        let p = (s0 * h1 + s1 * h0) / (h0 + h1)
        let sign0: Double = s0 < 0 ? -1 : 1, sign1: Double = s1 < 0 ? -1 : 1
        let limit = Swift.min(s0.magnitude, s1.magnitude, 0.5 * p.magnitude)
        let slope = (sign0 + sign1) * limit
        return slope.isNaN || s0.isNaN || s1.isNaN || p.isNaN ? 0 : slope
    }

    /// One-sided tangent at an end of the piece.
    @inline(__always)
    private func slope2(_ t: Double) -> Double {
        let (x0, y0, x1, y1) = (p.x1, p.y1, p.x2, p.y2)
        let h = x1 - x0
        return h != 0 ? (3 * (y1 - y0) / h - t) / 2 : t
    }

    /// The Hermite segment from (x0, y0) to (x1, y1) as a cubic Bézier.
    @inline(__always)
    private func segment<S: PathSink>(_ ta: Double, _ tb: Double, to sink: inout S) {
        let (x0, y0, x1, y1) = (p.x1, p.y1, p.x2, p.y2)
        let dx = (x1 - x0) / 3
        sink.curveTo(x0 + dx, y0 + dx * ta, x1 - dx, y1 - dx * tb, x1, y1)
    }
}
