import Foundation

/// Catmull–Rom spline parameterised by `alpha` (d3 `curveCatmullRom.alpha`): 0 uniform,
/// 0.5 centripetal, 1 chordal. Alpha 0 is exactly the cardinal spline with tension 0, which
/// d3 draws for it, and so do we.
public struct CatmullRomCurve: CurveGenerator {
    private static let epsilon = 1e-6
    private let alpha: Double
    private var p = RecentPoints()
    // Chord lengths to the power alpha (…A) and 2·alpha (…2A) of the last three intervals.
    private var l01A = 0.0, l12A = 0.0, l23A = 0.0, l01_2A = 0.0, l12_2A = 0.0, l23_2A = 0.0

    public init(alpha: Double) { self.alpha = alpha }

    public mutating func lineStart() {
        p = RecentPoints()
        l01A = 0; l12A = 0; l23A = 0; l01_2A = 0; l12_2A = 0; l23_2A = 0
    }

    public mutating func point<S: PathSink>(_ x: Double, _ y: Double, to sink: inout S) {
        if p.count > 0 {
            let dx = p.x2 - x, dy = p.y2 - y
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
        switch p.count {
        case 0: sink.moveTo(x, y)
        case 1: break
        default: segment(x, y, to: &sink)
        }
        l01A = l12A; l12A = l23A
        l01_2A = l12_2A; l12_2A = l23_2A
        p.push(x, y)
    }

    public mutating func lineEnd<S: PathSink>(to sink: inout S) {
        guard !p.endedShortPiece(into: &sink) else { return }
        point(p.x2, p.y2, to: &sink)  // repeating the end point closes the last segment
    }

    /// The segment from (x1, y1) to (x2, y2); (x, y) is the point after it.
    @inline(__always)
    private func segment<S: PathSink>(_ x: Double, _ y: Double, to sink: inout S) {
        var cx1 = p.x1, cy1 = p.y1, cx2 = p.x2, cy2 = p.y2
        if l01A > Self.epsilon {
            let a = 2 * l01_2A + 3 * l01A * l12A + l12_2A
            let n = 3 * l01A * (l01A + l12A)
            cx1 = (p.x1 * a - p.x0 * l12_2A + p.x2 * l01_2A) / n
            cy1 = (p.y1 * a - p.y0 * l12_2A + p.y2 * l01_2A) / n
        }
        if l23A > Self.epsilon {
            let b = 2 * l23_2A + 3 * l23A * l12A + l12_2A
            let m = 3 * l23A * (l23A + l12A)
            cx2 = (p.x2 * b + p.x1 * l23_2A - x * l12_2A) / m
            cy2 = (p.y2 * b + p.y1 * l23_2A - y * l12_2A) / m
        }
        sink.curveTo(cx1, cy1, cx2, cy2, p.x2, p.y2)
    }
}
