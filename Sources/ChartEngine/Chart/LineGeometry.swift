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

    /// `digits` nil writes every number in its shortest round-trip form (for conformance checks).
    public init(model: ChartModel, style: ChartStyle, progress: Double, digits: Int? = 2, morphAlways: Bool = false) {
        var line = PathWriter(digits: digits, reservingCapacity: model.times.count * 40)
        var fill = PathWriter(digits: digits, reservingCapacity: model.times.count * 40)
        Self.forEachPiece(model: model, style: style, progress: progress, morphAlways: morphAlways, digits: digits) { piece, run in
            line.append(piece)
            if run.xs.count > 1 {
                fill.append(piece)
                fill.lineTo(run.xs[run.xs.count - 1], model.height)
                fill.lineTo(run.xs[0], model.height)
                fill.closePath()
            }
        }
        self.line = line.text
        self.fill = fill.text
    }

    /// The same line drawn into any sink — a SwiftUI `Path`, a `CGMutablePath` — instead of text
    /// (docs/handoff.md); `fill` adds each piece closed along the bottom edge, as `fill` text is.
    public static func draw<S: PathSink>(model: ChartModel, style: ChartStyle, progress: Double, fill: Bool = false, into sink: inout S) {
        let p = ChartState.bounded(progress)
        for run in model.pixelRuns(at: p) {
            drawPiece(run, style: style, progress: p, morphAlways: false, into: &sink)
            if fill && run.xs.count > 1 {
                sink.lineTo(run.xs[run.xs.count - 1], model.height)
                sink.lineTo(run.xs[0], model.height)
                sink.closePath()
            }
        }
    }

    private static func forEachPiece(model: ChartModel, style: ChartStyle, progress: Double, morphAlways: Bool, digits: Int?,
                                     _ body: (PathWriter, (xs: [Double], ys: [Double])) -> Void) {
        let p = ChartState.bounded(progress)
        for run in model.pixelRuns(at: p) {
            var piece = PathWriter(digits: digits)
            drawPiece(run, style: style, progress: p, morphAlways: morphAlways, into: &piece)
            body(piece, run)
        }
    }

    /// One piece of the line: at the ends the inactive or active curve; between them (when the
    /// curves differ) both curves' cubic forms mixed with weight p.
    private static func drawPiece<S: PathSink>(_ run: (xs: [Double], ys: [Double]), style: ChartStyle, progress p: Double,
                                               morphAlways: Bool, into sink: inout S) {
        let inactive = style.inactive, active = style.active
        if morphAlways || (p > 0 && p < 1 && inactive != active) {
            var a = CubicPieces(), b = CubicPieces()
            inactive.draw(xs: run.xs, ys: run.ys, into: &a)
            active.draw(xs: run.xs, ys: run.ys, into: &b)
            let count = Swift.max(a.segments.count, b.segments.count)
            CubicPieces.mix(a.resampled(to: count), b.resampled(to: count), p).write(to: &sink)
        } else {
            (p < 1 ? inactive : active).draw(xs: run.xs, ys: run.ys, into: &sink)
        }
    }
}
