/// Monotone cubic interpolation in x (d3 `curveMonotoneX`, after Steffen 1990): never
/// overshoots the data, so monotone data stays monotone and plateaus stay flat.
public struct MonotoneCurve: CurveGenerator {
    private var pointCount = 0
    private var x0 = Double.nan, y0 = Double.nan, x1 = Double.nan, y1 = Double.nan
    private var t0 = Double.nan

    public init() {}

    public mutating func lineStart() {
        x0 = .nan; y0 = .nan; x1 = .nan; y1 = .nan; t0 = .nan
        pointCount = 0
    }

    public mutating func point<S: PathSink>(_ x: Double, _ y: Double, to sink: inout S) {
        if x == x1 && y == y1 { return }  // coincident points add nothing
        var t1 = Double.nan
        switch pointCount {
        case 0: pointCount = 1; sink.moveTo(x, y)
        case 1: pointCount = 2
        case 2:
            pointCount = 3
            t1 = slope3(x, y)
            segment(slope2(t1), t1, to: &sink)
        default:
            t1 = slope3(x, y)
            segment(t0, t1, to: &sink)
        }
        x0 = x1; x1 = x
        y0 = y1; y1 = y
        t0 = t1
    }

    public mutating func lineEnd<S: PathSink>(to sink: inout S) {
        switch pointCount {
        case 1: sink.closePath()
        case 2: sink.lineTo(x1, y1)
        case 3: segment(t0, slope2(t0), to: &sink)
        default: break
        }
    }

    /// Tangent at (x1, y1) from the secants on both sides, limited so the curve cannot overshoot.
    @inline(__always)
    private func slope3(_ x2: Double, _ y2: Double) -> Double {
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
        let h = x1 - x0
        return h != 0 ? (3 * (y1 - y0) / h - t) / 2 : t
    }

    /// The Hermite segment from (x0, y0) to (x1, y1) as a cubic Bézier.
    @inline(__always)
    private func segment<S: PathSink>(_ ta: Double, _ tb: Double, to sink: inout S) {
        let dx = (x1 - x0) / 3
        sink.curveTo(x0 + dx, y0 + dx * ta, x1 - dx, y1 - dx * tb, x1, y1)
    }
}
