/// The line and fill paths of a chart at a given progress.
///
/// At p ≤ 0 the inactive curve is drawn, at p ≥ 1 the active one (beyond 0…1 through the
/// extrapolated values of a spring's overshoot). In between (when the two
/// curves differ) both curves are drawn through the mixed values, recorded as cubic segments,
/// brought to the same segment count and mixed with weight p: the shape moves continuously
/// from one curve to the other, with no jump at either end. `morphAlways` keeps that cubic form
/// even at the ends, so every frame of an animation has the same command structure.
public struct LineGeometry {
    public let line: String
    public let fill: String

    /// Gaps narrower than this (pixels) are not opened in the fill.
    public static let seamWidth = 2.0

    /// `digits` nil writes every number in its shortest round-trip form (for conformance checks).
    public init(model: ChartModel, style: ChartStyle, progress: Double, digits: Int? = 2, morphAlways: Bool = false) {
        let p = ChartState.bounded(progress)
        let bottom = model.height
        var line = PathWriter(digits: digits, reservingCapacity: model.times.count * 40)
        var fill = PathWriter(digits: digits, reservingCapacity: model.times.count * 40)
        let inactive = style.inactive, active = style.active
        let morph = morphAlways || (p > 0 && p < 1 && inactive != active)
        func draw(_ xs: [Double], _ ys: [Double]) -> PathWriter {
            var piece = PathWriter(digits: digits)
            if morph {
                var a = CubicPieces(), b = CubicPieces()
                inactive.draw(xs: xs, ys: ys, into: &a)
                active.draw(xs: xs, ys: ys, into: &b)
                let count = Swift.max(a.segments.count, b.segments.count)
                CubicPieces.mix(a.resampled(to: count), b.resampled(to: count), p).write(to: &piece)
            } else {
                (p < 1 ? inactive : active).draw(xs: xs, ys: ys, into: &piece)
            }
            return piece
        }
        func addFill(_ piece: PathWriter, from x0: Double, to x1: Double) {
            fill.append(piece)
            fill.lineTo(x1, bottom)
            fill.lineTo(x0, bottom)
            fill.closePath()
        }

        let runs = model.pixelRuns(at: p)
        let pieces = runs.map { draw($0.xs, $0.ys) }
        for piece in pieces { line.append(piece) }
        // Pieces of a broken line closer than `Self.seamWidth` are filled as one area (through
        // both pieces' points): two areas meeting within a pixel would leave an anti-aliased
        // hairline between them. Wider gaps stay open.
        var start = 0
        while start < runs.count {
            var end = start + 1
            while end < runs.count, runs[end].xs[0] - runs[end - 1].xs[runs[end - 1].xs.count - 1] < Self.seamWidth { end += 1 }
            let x0 = runs[start].xs[0], x1 = runs[end - 1].xs[runs[end - 1].xs.count - 1]
            if end - start == 1 {
                if runs[start].xs.count > 1 { addFill(pieces[start], from: x0, to: x1) }
            } else {
                addFill(draw(runs[start..<end].flatMap(\.xs), runs[start..<end].flatMap(\.ys)), from: x0, to: x1)
            }
            start = end
        }
        self.line = line.text
        self.fill = fill.text
    }
}
