import ChartEngine
import ChartRendering
import WorkbenchApplication

/// The frames of `render --motion live` and `--motion reveal`: the engine's `LivePriceStep` and
/// `Reveal` at `--progress`.
extension Render {
    /// The minute a new live price lands after the data's end, as the live feed's ticks do.
    static let liveTickSeconds: Int64 = 60

    /// The data with `--price` a minute after its end, then the step from the chart before it to
    /// the chart after it; `--selection` holds a finger down there (the press fully in).
    func liveFrame(_ request: ChartDrawing, data: IndexedSeries) throws -> (ChartDocument, ChartScene) {
        guard let price else { throw InputError("--price: required with --motion live") }
        guard price.isFinite, price > 0 else { throw InputError("--price: must be a price above 0") }
        guard let last = data.series.times.last else { throw InputError("--data: holds no price to follow") }
        let (time, overflow) = last.addingReportingOverflow(Self.liveTickSeconds)
        guard !overflow else { throw InputError("--data: its last time is too late to follow") }
        var next = data
        next.append(times: [time], prices: [price])
        let before = request.document(data: data), after = request.document(data: next)
        let press = request.selection.map { ChartState(progress: 1, selection: $0) } ?? .inactive
        let step = LivePriceStep(from: before.model, to: after.model, state: press, builder: after.builder())
        let progress = request.progress
        if let elapsed, !(elapsed.isFinite && elapsed >= 0) { throw InputError("--elapsed: must be a number of seconds, 0 or more") }
        return (after, step.scene(at: progress, elapsed: elapsed ?? Swift.max(progress, 0) * step.duration))
    }

    /// The reveal of the chart at `--progress`: 0 is the preset's placeholder.
    func revealFrame(_ request: ChartDrawing, data: IndexedSeries) throws -> (ChartDocument, ChartScene) {
        guard price == nil else { throw InputError("--price: only with --motion live") }
        let document = request.document(data: data)
        return (document, Reveal(model: document.model, builder: document.builder()).scene(at: request.progress))
    }
}
