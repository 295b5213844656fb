/// Cubic Bézier with horizontal tangents at every point (d3 `curveBumpX`): each segment
/// leaves and arrives flat, the "horizontal bezier" of design tools.
public struct BumpXCurve: CurveGenerator {
    private var pointCount = 0
    private var x0 = 0.0, y0 = 0.0

    public init() {}

    public mutating func lineStart() { pointCount = 0 }

    public mutating func point<S: PathSink>(_ x: Double, _ y: Double, to sink: inout S) {
        if pointCount == 0 {
            sink.moveTo(x, y)
        } else {
            let mid = (x0 + x) / 2
            sink.curveTo(mid, y0, mid, y, x, y)
        }
        pointCount += 1
        x0 = x; y0 = y
    }

    public mutating func lineEnd<S: PathSink>(to sink: inout S) {
        if pointCount == 1 { sink.closePath() }
    }
}
