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

    public init(model: ChartModel, style: ChartStyle, progress: Double, digits: Int? = 2, morphAlways: Bool = false) {
        let p = ChartState.bounded(progress)
        let bottom = model.height
        var line = PathWriter(digits: digits, reservingCapacity: model.times.count * 40)
        var fill = PathWriter(digits: digits, reservingCapacity: model.times.count * 40)
        let inactive = style.inactive, active = style.active
        let morph = morphAlways || (p > 0 && p < 1 && inactive != active)
        for run in model.pixelRuns(at: p) {
            var piece = PathWriter(digits: digits)
            if morph {
                var a = CubicPieces(), b = CubicPieces()
                inactive.draw(xs: run.xs, ys: run.ys, into: &a)
                active.draw(xs: run.xs, ys: run.ys, into: &b)
                let count = Swift.max(a.segments.count, b.segments.count)
                CubicPieces.mix(a.resampled(to: count), b.resampled(to: count), p).write(to: &piece)
            } else {
                (p < 1 ? inactive : active).draw(xs: run.xs, ys: run.ys, into: &piece)
            }
            line.append(piece)
            if run.xs.count > 1 {
                fill.append(piece)
                fill.lineTo(run.xs[run.xs.count - 1], bottom)
                fill.lineTo(run.xs[0], bottom)
                fill.closePath()
            }
        }
        self.line = line.text
        self.fill = fill.text
    }
}
