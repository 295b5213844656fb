/// Uniform cubic B-spline (d3 `curveBasis`): very smooth, passes through the first and last
/// point only, the rest pull the curve towards them.
public struct BasisCurve: CurveGenerator {
    /// Only the last two points count: (p.x1, p.y1) and the newest (p.x2, p.y2).
    private var p = RecentPoints()

    public init() {}

    public mutating func lineStart() { p = RecentPoints() }

    public mutating func point<S: PathSink>(_ x: Double, _ y: Double, to sink: inout S) {
        switch p.count {
        case 0: sink.moveTo(x, y)
        case 1: break
        case 2:
            sink.lineTo((5 * p.x1 + p.x2) / 6, (5 * p.y1 + p.y2) / 6)
            segment(x, y, to: &sink)
        default: segment(x, y, to: &sink)
        }
        p.push(x, y)
    }

    public mutating func lineEnd<S: PathSink>(to sink: inout S) {
        guard !p.endedShortPiece(into: &sink) else { return }
        segment(p.x2, p.y2, to: &sink)
        sink.lineTo(p.x2, p.y2)
    }

    @inline(__always)
    private func segment<S: PathSink>(_ x: Double, _ y: Double, to sink: inout S) {
        let (x0, y0, x1, y1) = (p.x1, p.y1, p.x2, p.y2)
        sink.curveTo((2 * x0 + x1) / 3, (2 * y0 + y1) / 3,
                     (x0 + 2 * x1) / 3, (y0 + 2 * y1) / 3,
                     (x0 + 4 * x1 + x) / 6, (y0 + 4 * y1 + y) / 6)
    }
}
