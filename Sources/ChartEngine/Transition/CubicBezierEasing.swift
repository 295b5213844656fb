/// A CSS `cubic-bezier(x1, y1, x2, y2)` timing function: the curve from (0,0) to (1,1) is
/// solved for x (Newton's method, then bisection), and its y is the progress, as browsers do.
public struct CubicBezierEasing: Sendable, Equatable {
    public let x1: Double, y1: Double, x2: Double, y2: Double

    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
    }

    public static let ease = CubicBezierEasing(0.25, 0.1, 0.25, 1)
    public static let easeIn = CubicBezierEasing(0.42, 0, 1, 1)
    public static let easeOut = CubicBezierEasing(0, 0, 0.58, 1)
    public static let easeInOut = CubicBezierEasing(0.42, 0, 0.58, 1)

    // Polynomial coefficients of the Bézier in t, per axis.
    private var cx: Double { 3 * x1 }
    private var bx: Double { 3 * (x2 - x1) - cx }
    private var ax: Double { 1 - cx - bx }
    private var cy: Double { 3 * y1 }
    private var by: Double { 3 * (y2 - y1) - cy }
    private var ay: Double { 1 - cy - by }

    private func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    private func sampleY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    private func slopeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

    /// The curve parameter t whose x is `x`.
    func solveX(_ x: Double, epsilon: Double = 1e-9) -> Double {
        var t = x
        for _ in 0..<8 {
            let error = sampleX(t) - x
            if error.magnitude < epsilon { return t }
            let slope = slopeX(t)
            if slope.magnitude < 1e-12 { break }
            t -= error / slope
        }
        var lo = 0.0, hi = 1.0
        t = x
        while lo < hi {
            let value = sampleX(t)
            if (value - x).magnitude < epsilon { return t }
            if x > value { lo = t } else { hi = t }
            let next = (lo + hi) / 2
            if next == t { break }
            t = next
        }
        return t
    }

    public func callAsFunction(_ x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        return sampleY(solveX(x))
    }
}
