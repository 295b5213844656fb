import Foundation

/// Catmull–Rom spline parameterised by `alpha` (d3 `curveCatmullRom.alpha`): 0 uniform,
/// 0.5 centripetal, 1 chordal. Alpha 0 is exactly the cardinal spline with tension 0, which
/// d3 draws for it, and so do we.
public struct CatmullRomCurve: CurveGenerator {
    private static let epsilon = 1e-6
    private let alpha: Double
    private var pointCount = 0
    private var x0 = Double.nan, y0 = Double.nan, x1 = Double.nan, y1 = Double.nan, x2 = Double.nan, y2 = Double.nan
    // Chord lengths to the power alpha (…A) and 2·alpha (…2A) of the last three intervals.
    private var l01A = 0.0, l12A = 0.0, l23A = 0.0, l01_2A = 0.0, l12_2A = 0.0, l23_2A = 0.0

    public init(alpha: Double) { self.alpha = alpha }

    public mutating func lineStart() {
        x0 = .nan; y0 = .nan; x1 = .nan; y1 = .nan; x2 = .nan; y2 = .nan
        l01A = 0; l12A = 0; l23A = 0; l01_2A = 0; l12_2A = 0; l23_2A = 0
        pointCount = 0
    }

    public mutating func point<S: PathSink>(_ x: Double, _ y: Double, to sink: inout S) {
        if pointCount > 0 {
            let dx = x2 - x, dy = y2 - y
            let squared = dx * dx + dy * dy
            // pow is slow; the common alphas have exact shortcuts.
            if alpha == 0.5 {
                l23_2A = squared.squareRoot()
                l23A = l23_2A.squareRoot()
            } else if alpha == 1 {
                l23_2A = squared
                l23A = squared.squareRoot()
            } else {
                l23_2A = Foundation.pow(squared, alpha)
                l23A = l23_2A.squareRoot()
            }
        }
        switch pointCount {
        case 0: pointCount = 1; sink.moveTo(x, y)
        case 1: pointCount = 2
        case 2: pointCount = 3; segment(x, y, to: &sink)
        default: segment(x, y, to: &sink)
        }
        l01A = l12A; l12A = l23A
        l01_2A = l12_2A; l12_2A = l23_2A
        x0 = x1; x1 = x2; x2 = x
        y0 = y1; y1 = y2; y2 = y
    }

    public mutating func lineEnd<S: PathSink>(to sink: inout S) {
        switch pointCount {
        case 1: sink.closePath()
        case 2: sink.lineTo(x2, y2)
        case 3: point(x2, y2, to: &sink)  // repeating the end point closes the last segment
        default: break
        }
    }

    /// The segment from (x1, y1) to (x2, y2); (x, y) is the point after it.
    @inline(__always)
    private func segment<S: PathSink>(_ x: Double, _ y: Double, to sink: inout S) {
        var cx1 = x1, cy1 = y1, cx2 = x2, cy2 = y2
        if l01A > Self.epsilon {
            let a = 2 * l01_2A + 3 * l01A * l12A + l12_2A
            let n = 3 * l01A * (l01A + l12A)
            cx1 = (x1 * a - x0 * l12_2A + x2 * l01_2A) / n
            cy1 = (y1 * a - y0 * l12_2A + y2 * l01_2A) / n
        }
        if l23A > Self.epsilon {
            let b = 2 * l23_2A + 3 * l23A * l12A + l12_2A
            let m = 3 * l23A * (l23A + l12A)
            cx2 = (x2 * b + x1 * l23_2A - x * l12_2A) / m
            cy2 = (y2 * b + y1 * l23_2A - y * l12_2A) / m
        }
        sink.curveTo(cx1, cy1, cx2, cy2, x2, y2)
    }
}
