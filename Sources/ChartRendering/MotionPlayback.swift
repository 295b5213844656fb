import ChartEngine

/// A motion other than the press playing on one chart of a render socket: a period change, a
/// live price or the first load's reveal, each the engine's pure function of progress driven
/// by its own `TransitionMotion`.
package enum MotionPlayback {
    case period(PeriodPlayback)
    case live(LivePlayback)
    case reveal(RevealPlayback)

    package static let names: Set<String> = ["period", "live", "reveal"]

    package var name: String {
        switch self {
        case .period: "period"
        case .live: "live"
        case .reveal: "reveal"
        }
    }

    /// The document whose frames these are (the new period's, the data after the price).
    package var document: ChartDocument {
        switch self {
        case .period(let p): p.document
        case .live(let l): l.document
        case .reveal(let r): r.document
        }
    }

    /// The frame at eased `progress`, held (the motion inspector's scrubber); a live price's
    /// flash as far in as the step is.
    package func frame(atProgress progress: Double) -> ChartScene {
        switch self {
        case .period(let p): p.morph.scene(at: progress)
        case .live(let l): l.step.scene(at: progress, elapsed: Swift.max(progress, 0) * l.step.duration)
        case .reveal(let r): r.document.model.isEmpty ? r.reveal.placeholderScene : r.reveal.scene(at: progress)
        }
    }

    /// The frame at `time` on the page's clock: the motion's state, its scene, and whether
    /// everything is over (a live price's flash may outlast its step).
    package func frame(at time: Double) -> (state: TransitionMotion.State, scene: ChartScene, finished: Bool) {
        switch self {
        case .period(let p):
            let state = p.motion.state(at: time)
            return (state, p.morph.scene(at: state.progress), state.finished)
        case .live(let l):
            let state = l.motion.state(at: time)
            let elapsed = time - l.motion.startTime
            return (state, l.step.scene(at: state.progress, elapsed: elapsed), state.finished && elapsed >= l.step.flashDuration)
        case .reveal(let r):
            let state = r.motion.state(at: time)
            // With no data yet the placeholder stays: the reveal waits for prices.
            return (state, r.document.model.isEmpty ? r.reveal.placeholderScene : r.reveal.scene(at: state.progress), state.finished)
        }
    }
}

/// A period change playing: the engine's morph, its progress over time, and the new period's
/// document that draws its frames.
package struct PeriodPlayback {
    let morph: PeriodMorph
    let motion: TransitionMotion
    let document: ChartDocument
}

/// A new live price playing: the step from the chart the page showed to the chart now.
package struct LivePlayback {
    let step: LivePriceStep
    let motion: TransitionMotion
    let document: ChartDocument
}

/// The first load playing: the placeholder, then the reveal of the chart.
package struct RevealPlayback {
    let reveal: Reveal
    let motion: TransitionMotion
    let document: ChartDocument
}

extension MotionPlayback {
    /// A motion chosen by name (`period`, `live`, `reveal`) of `drawing` over `series`, starting
    /// at `time`; a period change or a live price still playing (`previous`) goes on from the
    /// frame it shows.
    package static func start(_ name: String, _ drawing: ChartDrawing, series: IndexedSeries, from: String?, since: Double?,
                              at time: Double, previous: MotionPlayback?) throws(ChartRequestError) -> MotionPlayback {
        switch name {
        case "live":
            guard case .live(let running)? = previous else { return .live(try live(drawing, series: series, since: since, at: time)) }
            return .live(try live(drawing, series: series, since: since, at: time, running: running))
        case "reveal": return .reveal(reveal(drawing, series: series, at: time))
        default:
            guard case .period(let running)? = previous else { return .period(try periodChange(drawing, series: series, from: from, at: time, previous: nil)) }
            return .period(try periodChange(drawing, series: series, from: from, at: time, previous: running))
        }
    }

    /// `motion: "period"` with `from` (the period shown now) and the drawing's `period` (the one
    /// chosen): a new period change. While a previous one is still moving it retargets from
    /// where that line is, keeping its velocity, and `from` is not needed.
    static func periodChange(_ drawing: ChartDrawing, series: IndexedSeries, from: String?, at time: Double,
                             previous: PeriodPlayback?) throws(ChartRequestError) -> PeriodPlayback {
        let document = drawing.document(data: series)
        let builder = document.builder()
        let morph: PeriodMorph
        if let previous, case let now = previous.motion.state(at: time), !now.finished {
            morph = previous.morph.retargeted(to: document.model, at: now.progress, builder: builder)
        } else {
            guard let from else { throw ChartRequestError(.invalidField, field: "from", "a period change needs the period it starts from") }
            guard let period = Period(rawValue: from.uppercased()) else { throw ChartRequestError(.invalidField, field: "from", ChartRequest.periodChoices) }
            var old = drawing
            old.period = period
            morph = PeriodMorph(from: old.document(data: series).model, to: document.model, builder: builder)
        }
        let motion = TransitionMotion.started(at: time, after: previous?.motion, duration: morph.duration, easing: morph.easing)
        return PeriodPlayback(morph: morph, motion: motion, document: document)
    }

    /// `motion: "live"` with `since` (the last price's time on the chart the page shows): the
    /// step from that chart to the chart of the series now; without `since` the newest price
    /// again, as it arrived (the inspector's Play). The drawing's `progress` and `selection` are
    /// the press on it: a finger down keeps its time. A price arriving while the step to `since`
    /// still plays (`running`) goes on from the frame shown now.
    static func live(_ drawing: ChartDrawing, series: IndexedSeries, since: Double?, at time: Double,
                     running: LivePlayback? = nil) throws(ChartRequestError) -> LivePlayback {
        let times = series.series.times
        guard let end = since.map({ Int64($0.rounded(.down)) }) ?? (times.count >= 2 ? times[times.count - 2] : nil) else {
            throw ChartRequestError(.invalidField, field: "since", "no earlier price to step from: give the time of the last price the chart shows")
        }
        let document = drawing.document(data: series)
        let step: LivePriceStep
        var continued: TransitionMotion?
        if let running, let shown = running.step.toModel.times.last, since.map({ $0.rounded(.down) == shown }) == true,
           case let now = running.motion.state(at: time), !now.finished {
            step = LivePriceStep(continuing: running.step, at: now.progress, to: document.model, builder: document.builder())
            continued = running.motion  // a spring keeps its velocity, as the bundles' components do
        } else {
            let before = ChartModel(series: series.series, endingAt: end, period: drawing.period, style: drawing.style,
                                    width: drawing.width, height: drawing.height)
            step = LivePriceStep(from: before, to: document.model, state: drawing.state, builder: document.builder())
        }
        let motion = TransitionMotion.started(at: time, after: continued, duration: step.duration, easing: step.easing)
        return LivePlayback(step: step, motion: motion, document: document)
    }

    /// `motion: "reveal"`: the chart's first load from the preset's placeholder.
    static func reveal(_ drawing: ChartDrawing, series: IndexedSeries, at time: Double) -> RevealPlayback {
        let document = drawing.document(data: series)
        let reveal = Reveal(model: document.model, builder: document.builder())
        let duration = document.model.isEmpty ? 0 : reveal.duration
        let motion = TransitionMotion.started(at: time, after: nil, duration: duration, easing: reveal.easing)
        return RevealPlayback(reveal: reveal, motion: motion, document: document)
    }
}
