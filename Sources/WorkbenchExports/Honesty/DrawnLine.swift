import ChartEngine
import Foundation

/// The line a scene draws, read back into prices and times: every piece's segment ends and,
/// inside each cubic Bézier segment, the exact extremes of its height (the roots of the
/// derivative of y(t), a quadratic), mapped back through the model's scales. The honesty
/// check measures these points, so nothing between two of them can go higher or lower.
struct DrawnLine {
    struct Point { var time: Double, price: Double }

    /// Pieces of the line in drawing order (a move starts a new one: a gap).
    var pieces: [[Point]] = []

    init(path: ScenePath, xScale: LinearScale, yScale: LinearScale) {
        var piece: [Point] = []
        var x0 = 0.0, y0 = 0.0
        func point(_ x: Double, _ y: Double) -> Point { Point(time: xScale.invert(x), price: yScale.invert(y)) }
        for command in path.commands {
            switch command {
            case .move(let x, let y):
                if !piece.isEmpty { pieces.append(piece) }
                piece = [point(x, y)]
                (x0, y0) = (x, y)
            case .line(let x, let y):
                piece.append(point(x, y))
                (x0, y0) = (x, y)
            case .curve(let x1, let y1, let x2, let y2, let x, let y):
                for t in Self.extremes(y0, y1, y2, y) {
                    piece.append(point(Self.bezier(x0, x1, x2, x, t), Self.bezier(y0, y1, y2, y, t)))
                }
                piece.append(point(x, y))
                (x0, y0) = (x, y)
            case .close:
                break
            }
        }
        if !piece.isEmpty { pieces.append(piece) }
    }

    /// B(t) of one coordinate.
    static func bezier(_ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double, _ t: Double) -> Double {
        let u = 1 - t
        return u * u * u * p0 + 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t * p3
    }

    /// The t in (0, 1) where B′(t) = 0, in increasing order: B′/3 = a·t² + b·t + c with
    /// a = p3 − 3p2 + 3p1 − p0, b = 2(p2 − 2p1 + p0), c = p1 − p0.
    static func extremes(_ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double) -> [Double] {
        let a = p3 - 3 * p2 + 3 * p1 - p0, b = 2 * (p2 - 2 * p1 + p0), c = p1 - p0
        var roots: [Double] = []
        let scale = Swift.max(abs(a), abs(b), abs(c))
        guard scale > 0 else { return [] }
        if abs(a) <= 1e-12 * scale {
            if abs(b) > 1e-12 * scale { roots = [-c / b] }
        } else {
            let discriminant = b * b - 4 * a * c
            if discriminant >= 0 {
                let root = discriminant.squareRoot()
                // The numerically stable pair: q = −(b + sign(b)·√D)/2, roots q/a and c/q.
                let q = -(b + (b < 0 ? -root : root)) / 2
                roots = [q / a]
                if q != 0 { roots.append(c / q) }
            }
        }
        return roots.filter { $0 > 0 && $0 < 1 && $0.isFinite }.sorted()
    }

    var points: [Point] { pieces.flatMap { $0 } }
}
