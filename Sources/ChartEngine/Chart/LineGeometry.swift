/// The line and fill paths of a chart at a given progress.
///
/// At p ≤ 0 the inactive curve is drawn, at p ≥ 1 the active one (beyond 0…1 through the
/// extrapolated values of a spring's overshoot). In between (when the two
/// curves differ) both curves are drawn through the mixed values, recorded as cubic segments,
/// brought to the same segment count and mixed with weight p: the shape moves continuously
/// from one curve to the other, with no jump at either end. `morphAlways` keeps that cubic form
/// even at the ends, so every frame of an animation has the same command structure.
///
/// The fill is the line's pieces closed along the bottom edge, except that pieces of a broken
/// line closer than `seamWidth` pixels are filled as one area (drawn through both pieces'
/// points): two areas meeting within a pixel would leave an anti-aliased hairline between them.
public struct LineGeometry {
    public let line: String
    public let fill: String

    /// Gaps narrower than this (pixels) are not opened in the fill.
    public static let seamWidth = 2.0

    /// `digits` nil writes every number in its shortest round-trip form (for conformance checks).
    public init(model: ChartModel, style: ChartStyle, progress: Double, digits: Int? = 2, morphAlways: Bool = false) {
        let p = ChartState.bounded(progress)
        var line = PathWriter(digits: digits, reservingCapacity: model.times.count * 40)
        var fill = PathWriter(digits: digits, reservingCapacity: model.times.count * 40)
        let runs = model.pixelRuns(at: p)
        let pieces = runs.map { run -> PathWriter in
            var piece = PathWriter(digits: digits)
            Self.drawPiece(run, style: style, progress: p, morphAlways: morphAlways, into: &piece)
            return piece
        }
        for piece in pieces { line.append(piece) }
        for group in Self.fillGroups(runs) {
            let area = Self.merged(runs[group])
            guard area.xs.count > 1 else { continue }
            if group.count == 1 {
                fill.append(pieces[group.lowerBound])
            } else {
                var piece = PathWriter(digits: digits)
                Self.drawPiece(area, style: style, progress: p, morphAlways: morphAlways, into: &piece)
                fill.append(piece)
            }
            Self.close(area, bottom: model.height, into: &fill)
        }
        self.line = line.text
        self.fill = fill.text
    }

    /// The same line drawn into any sink — a SwiftUI `Path`, a `CGMutablePath` — instead of text
    /// (docs/handoff.md); `fill` draws the fill's areas instead, as the `fill` text has them.
    public static func draw<S: PathSink>(model: ChartModel, style: ChartStyle, progress: Double, fill: Bool = false,
                                         morphAlways: Bool = false, into sink: inout S) {
        let p = ChartState.bounded(progress)
        let runs = model.pixelRuns(at: p)
        guard fill else {
            for run in runs { drawPiece(run, style: style, progress: p, morphAlways: morphAlways, into: &sink) }
            return
        }
        for group in fillGroups(runs) {
            let area = merged(runs[group])
            guard area.xs.count > 1 else { continue }
            drawPiece(area, style: style, progress: p, morphAlways: morphAlways, into: &sink)
            close(area, bottom: model.height, into: &sink)
        }
    }

    /// Consecutive runs whose gaps are all narrower than `seamWidth`.
    static func fillGroups(_ runs: [(xs: [Double], ys: [Double])]) -> [Range<Int>] {
        var groups: [Range<Int>] = []
        var start = 0
        while start < runs.count {
            var end = start + 1
            while end < runs.count, runs[end].xs[0] - runs[end - 1].xs[runs[end - 1].xs.count - 1] < seamWidth { end += 1 }
            groups.append(start..<end)
            start = end
        }
        return groups
    }

    private static func merged(_ runs: ArraySlice<(xs: [Double], ys: [Double])>) -> (xs: [Double], ys: [Double]) {
        runs.count == 1 ? runs[runs.startIndex] : (runs.flatMap(\.xs), runs.flatMap(\.ys))
    }

    private static func close<S: PathSink>(_ area: (xs: [Double], ys: [Double]), bottom: Double, into sink: inout S) {
        sink.lineTo(area.xs[area.xs.count - 1], bottom)
        sink.lineTo(area.xs[0], bottom)
        sink.closePath()
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
