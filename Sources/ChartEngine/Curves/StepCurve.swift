/// Piecewise-constant steps (d3 `curveStep` family). `t` says where in each interval the value
/// changes: 0 at its start (`stepStart`, d3 stepBefore), 0.5 in the middle (`stepCenter`, d3
/// step), 1 at its end (`stepEnd`, d3 stepAfter).
public struct StepCurve: CurveGenerator {
    public let t: Double
    private var pointCount = 0
    private var x0 = 0.0, y0 = 0.0

    public init(t: Double) { self.t = t }

    public mutating func lineStart() { pointCount = 0 }

    public mutating func point<S: PathSink>(_ x: Double, _ y: Double, to sink: inout S) {
        if pointCount == 0 {
            sink.moveTo(x, y)
        } else if t <= 0 {
            sink.lineTo(x0, y)
            sink.lineTo(x, y)
        } else {
            let x1 = x0 * (1 - t) + x * t
            sink.lineTo(x1, y0)
            sink.lineTo(x1, y)
        }
        pointCount += 1
        x0 = x; y0 = y
    }

    public mutating func lineEnd<S: PathSink>(to sink: inout S) {
        if 0 < t && t < 1 && pointCount >= 2 { sink.lineTo(x0, y0) }
        if pointCount == 1 { sink.closePath() }
    }
}
