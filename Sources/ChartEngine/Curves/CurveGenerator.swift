/// A curve in d3-shape's streaming form: `lineStart`, then `point` for each defined point of
/// one piece of the line, then `lineEnd`. A lone point ends with `Z` so that a round cap
/// shows it as a dot, as d3's line does.
public protocol CurveGenerator {
    mutating func lineStart()
    mutating func point<S: PathSink>(_ x: Double, _ y: Double, to sink: inout S)
    mutating func lineEnd<S: PathSink>(to sink: inout S)
}

/// Draws `ys` against `xs` with `curve`; a non-finite x or y is a gap that ends one piece of
/// the line and starts the next (d3's `line.defined`).
@inlinable
public func drawLine<C: CurveGenerator, S: PathSink>(xs: UnsafeBufferPointer<Double>, ys: UnsafeBufferPointer<Double>,
                                                     curve: inout C, into sink: inout S) {
    let count = Swift.min(xs.count, ys.count)
    var inPiece = false
    for i in 0..<count {
        let x = xs[i], y = ys[i]
        if x.isFinite && y.isFinite {
            if !inPiece { curve.lineStart(); inPiece = true }
            curve.point(x, y, to: &sink)
        } else if inPiece {
            curve.lineEnd(to: &sink)
            inPiece = false
        }
    }
    if inPiece { curve.lineEnd(to: &sink) }
}
