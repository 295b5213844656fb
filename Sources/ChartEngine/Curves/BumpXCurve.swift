/// Cubic Bézier with horizontal tangents at every point (d3 `curveBumpX`): each segment
/// leaves and arrives flat, the "horizontal bezier" of design tools.
public struct BumpXCurve: CurveGenerator {
    private var p = RecentPoints()

    public init() {}

    public mutating func lineStart() { p = RecentPoints() }

    public mutating func point<S: PathSink>(_ x: Double, _ y: Double, to sink: inout S) {
        if p.count == 0 {
            sink.moveTo(x, y)
        } else {
            let mid = (p.x2 + x) / 2
            sink.curveTo(mid, p.y2, mid, y, x, y)
        }
        p.push(x, y)
    }

    public mutating func lineEnd<S: PathSink>(to sink: inout S) {
        if p.count == 1 { sink.closePath() }
    }
}
