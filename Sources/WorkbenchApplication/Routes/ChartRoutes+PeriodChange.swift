import ChartEngine
import HTTPServer

/// A period change playing on one chart of a render socket: the engine's morph, its progress
/// over time, and the new period's document that draws its frames.
struct PeriodPlayback {
    let morph: PeriodMorph
    let motion: TransitionMotion
    let document: ChartDocument
}

extension ChartRoutes {
    /// `motion: "period"` with `from` (the period shown now) and the request's `period` (the one
    /// chosen) at `time`: a new period change. While a previous one is still moving it
    /// retargets from where that line is, keeping its velocity, and `from` is not needed.
    func startPeriodChange(_ request: RenderRequest, from: String?, at time: Double, previous: PeriodPlayback?) throws(HTTPError) -> PeriodPlayback {
        let snapshot = data.snapshot.data
        let document = request.document(data: snapshot)
        let builder = document.builder()
        let morph: PeriodMorph
        if let previous, case let now = previous.motion.state(at: time), !now.finished {
            morph = previous.morph.retargeted(to: document.model, at: now.progress, builder: builder)
        } else {
            guard let from else { throw .badRequest("a period change needs the period it starts from", field: "from") }
            guard let period = Period(rawValue: from.uppercased()) else {
                throw .badRequest("must be one of \(Period.allCases.map(\.rawValue).joined(separator: ", "))", field: "from")
            }
            var old = request
            old.period = period
            morph = PeriodMorph(from: old.document(data: snapshot).model, to: document.model, builder: builder)
        }
        let motion = TransitionMotion.started(at: time, after: previous?.motion, duration: morph.duration, easing: morph.easing)
        return PeriodPlayback(morph: morph, motion: motion, document: document)
    }
}
