/// Cardinal spline (d3 `curveCardinal.tension`): tension 0 is the uniform Catmull–Rom
/// spline, tension 1 draws straight segments.
public struct CardinalCurve: CurveGenerator {
    private let k: Double
    private var pointCount = 0
    private var x0 = Double.nan, y0 = Double.nan, x1 = Double.nan, y1 = Double.nan, x2 = Double.nan, y2 = Double.nan

    public init(tension: Double) { k = (1 - tension) / 6 }

    public mutating func lineStart() {
        x0 = .nan; y0 = .nan; x1 = .nan; y1 = .nan; x2 = .nan; y2 = .nan
        pointCount = 0
    }

    public mutating func point<S: PathSink>(_ x: Double, _ y: Double, to sink: inout S) {
        switch pointCount {
        case 0: pointCount = 1; sink.moveTo(x, y)
        case 1: pointCount = 2; x1 = x; y1 = y
        case 2: pointCount = 3; segment(x, y, to: &sink)
        default: segment(x, y, to: &sink)
        }
        x0 = x1; x1 = x2; x2 = x
        y0 = y1; y1 = y2; y2 = y
    }

    public mutating func lineEnd<S: PathSink>(to sink: inout S) {
        switch pointCount {
        case 1: sink.closePath()
        case 2: sink.lineTo(x2, y2)
        case 3: segment(x1, y1, to: &sink)
        default: break
        }
    }

    /// The segment from (x1, y1) to (x2, y2), with tangents from the neighbours.
    @inline(__always)
    private func segment<S: PathSink>(_ x: Double, _ y: Double, to sink: inout S) {
        sink.curveTo(x1 + k * (x2 - x0), y1 + k * (y2 - y0),
                     x2 + k * (x1 - x), y2 + k * (y1 - y),
                     x2, y2)
    }
}
