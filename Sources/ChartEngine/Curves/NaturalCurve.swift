/// Natural cubic spline (d3 `curveNatural`): C² through every point, second derivative zero at
/// both ends. Needs the whole piece, so points are buffered until `lineEnd`.
public struct NaturalCurve: CurveGenerator {
    private var xs: [Double] = []
    private var ys: [Double] = []

    public init() {}

    public mutating func lineStart() {
        xs.removeAll(keepingCapacity: true)
        ys.removeAll(keepingCapacity: true)
    }

    public mutating func point<S: PathSink>(_ x: Double, _ y: Double, to sink: inout S) {
        xs.append(x)
        ys.append(y)
    }

    public mutating func lineEnd<S: PathSink>(to sink: inout S) {
        let n = xs.count
        guard n > 0 else { return }
        sink.moveTo(xs[0], ys[0])
        if n == 1 { sink.closePath(); return }
        if n == 2 { sink.lineTo(xs[1], ys[1]); return }
        let (px1, px2) = Self.controlPoints(xs)
        let (py1, py2) = Self.controlPoints(ys)
        for i in 0..<(n - 1) {
            sink.curveTo(px1[i], py1[i], px2[i], py2[i], xs[i + 1], ys[i + 1])
        }
    }

    /// Bézier control points of the natural spline along one axis, from the tridiagonal system
    /// solved with the Thomas algorithm (see particleincell.com's "bezier-splines" derivation).
    static func controlPoints(_ v: [Double]) -> ([Double], [Double]) {
        let n = v.count - 1
        var a = [Double](repeating: 0, count: n)
        var b = [Double](repeating: 0, count: n)
        var r = [Double](repeating: 0, count: n)
        a[0] = 0; b[0] = 2; r[0] = v[0] + 2 * v[1]
        if n > 1 {
            for i in 1..<(n - 1) { a[i] = 1; b[i] = 4; r[i] = 4 * v[i] + 2 * v[i + 1] }
            a[n - 1] = 2; b[n - 1] = 7; r[n - 1] = 8 * v[n - 1] + v[n]
            for i in 1..<n {
                let m = a[i] / b[i - 1]
                b[i] -= m
                r[i] -= m * r[i - 1]
            }
        }
        a[n - 1] = r[n - 1] / b[n - 1]
        var i = n - 2
        while i >= 0 { a[i] = (r[i] - a[i + 1]) / b[i]; i -= 1 }
        b[n - 1] = (v[n] + a[n - 1]) / 2
        for j in 0..<(n - 1) { b[j] = 2 * v[j + 1] - a[j + 1] }
        return (a, b)
    }
}
