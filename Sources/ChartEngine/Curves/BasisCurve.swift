/// Uniform cubic B-spline (d3 `curveBasis`): very smooth, passes through the first and last
/// point only, the rest pull the curve towards them.
public struct BasisCurve: CurveGenerator {
    private var pointCount = 0
    private var x0 = Double.nan, y0 = Double.nan, x1 = Double.nan, y1 = Double.nan

    public init() {}

    public mutating func lineStart() {
        x0 = .nan; y0 = .nan; x1 = .nan; y1 = .nan
        pointCount = 0
    }

    public mutating func point<S: PathSink>(_ x: Double, _ y: Double, to sink: inout S) {
        switch pointCount {
        case 0: pointCount = 1; sink.moveTo(x, y)
        case 1: pointCount = 2
        case 2:
            pointCount = 3
            sink.lineTo((5 * x0 + x1) / 6, (5 * y0 + y1) / 6)
            segment(x, y, to: &sink)
        default: segment(x, y, to: &sink)
        }
        x0 = x1; x1 = x
        y0 = y1; y1 = y
    }

    public mutating func lineEnd<S: PathSink>(to sink: inout S) {
        switch pointCount {
        case 1: sink.closePath()
        case 2: sink.lineTo(x1, y1)
        case 3:
            segment(x1, y1, to: &sink)
            sink.lineTo(x1, y1)
        default: break
        }
    }

    @inline(__always)
    private func segment<S: PathSink>(_ x: Double, _ y: Double, to sink: inout S) {
        sink.curveTo((2 * x0 + x1) / 3, (2 * y0 + y1) / 3,
                     (x0 + 2 * x1) / 3, (y0 + 2 * y1) / 3,
                     (x0 + 4 * x1 + x) / 6, (y0 + 4 * y1 + y) / 6)
    }
}
