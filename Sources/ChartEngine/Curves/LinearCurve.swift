/// Straight segments between the points (d3 `curveLinear`).
public struct LinearCurve: CurveGenerator {
    private var pointCount = 0
    public init() {}

    public mutating func lineStart() { pointCount = 0 }

    @inline(__always)
    public mutating func point<S: PathSink>(_ x: Double, _ y: Double, to sink: inout S) {
        if pointCount == 0 { sink.moveTo(x, y) } else { sink.lineTo(x, y) }
        pointCount += 1
    }

    public mutating func lineEnd<S: PathSink>(to sink: inout S) {
        if pointCount == 1 { sink.closePath() }
    }
}
