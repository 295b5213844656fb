/// Piecewise-constant steps (d3 `curveStep` family). `t` says where in each interval the value
/// changes: 0 at its start (`stepStart`, d3 stepBefore), 0.5 in the middle (`stepCenter`, d3
/// step), 1 at its end (`stepEnd`, d3 stepAfter).
public struct StepCurve: CurveGenerator {
    public let t: Double
    private var p = RecentPoints()

    public init(t: Double) { self.t = t }

    public mutating func lineStart() { p = RecentPoints() }

    public mutating func point<S: PathSink>(_ x: Double, _ y: Double, to sink: inout S) {
        if p.count == 0 {
            sink.moveTo(x, y)
        } else if t <= 0 {
            sink.lineTo(p.x2, y)
            sink.lineTo(x, y)
        } else {
            let turn = p.x2 * (1 - t) + x * t
            sink.lineTo(turn, p.y2)
            sink.lineTo(turn, y)
        }
        p.push(x, y)
    }

    public mutating func lineEnd<S: PathSink>(to sink: inout S) {
        if 0 < t && t < 1 && p.count >= 2 { sink.lineTo(p.x2, p.y2) }
        if p.count == 1 { sink.closePath() }
    }
}
