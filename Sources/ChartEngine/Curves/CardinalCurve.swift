/// Cardinal spline (d3 `curveCardinal.tension`): tension 0 is the uniform Catmull–Rom
/// spline, tension 1 draws straight segments.
public struct CardinalCurve: CurveGenerator {
    private let k: Double
    private var p = RecentPoints()

    public init(tension: Double) { k = (1 - tension) / 6 }

    public mutating func lineStart() { p = RecentPoints() }

    public mutating func point<S: PathSink>(_ x: Double, _ y: Double, to sink: inout S) {
        switch p.count {
        case 0: sink.moveTo(x, y)
        case 1: p.x1 = x; p.y1 = y  // as d3: the push makes this (x0, y0), so the first segment leaves without a tangent
        default: segment(x, y, to: &sink)
        }
        p.push(x, y)
    }

    public mutating func lineEnd<S: PathSink>(to sink: inout S) {
        guard !p.endedShortPiece(into: &sink) else { return }
        segment(p.x1, p.y1, to: &sink)
    }

    /// The segment from (x1, y1) to (x2, y2), with tangents from the neighbours.
    @inline(__always)
    private func segment<S: PathSink>(_ x: Double, _ y: Double, to sink: inout S) {
        sink.curveTo(p.x1 + k * (p.x2 - p.x0), p.y1 + k * (p.y2 - p.y0),
                     p.x2 + k * (p.x1 - x), p.y2 + k * (p.y1 - y),
                     p.x2, p.y2)
    }
}
