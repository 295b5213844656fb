import ChartEngine
import WorkbenchSupport
import HTTPServer

/// A motion other than the press playing on one chart of a render socket: a period change, a
/// live price or the first load's reveal, each the engine's pure function of progress driven
/// by its own `TransitionMotion`.
enum MotionPlayback {
    case period(PeriodPlayback)
    case live(LivePlayback)
    case reveal(RevealPlayback)

    static let names: Set<String> = ["period", "live", "reveal"]

    var name: String {
        switch self {
        case .period: "period"
        case .live: "live"
        case .reveal: "reveal"
        }
    }

    /// The document whose frames these are (the new period's, the data after the price).
    var document: ChartDocument {
        switch self {
        case .period(let p): p.document
        case .live(let l): l.document
        case .reveal(let r): r.document
        }
    }

    /// The frame at eased `progress`, held (the motion inspector's scrubber); a live price's
    /// flash as far in as the step is.
    func frame(atProgress progress: Double) -> ChartScene {
        switch self {
        case .period(let p): p.morph.scene(at: progress)
        case .live(let l): l.step.scene(at: progress, elapsed: Swift.max(progress, 0) * l.step.duration)
        case .reveal(let r): r.document.model.isEmpty ? r.reveal.placeholderScene : r.reveal.scene(at: progress)
        }
    }

    /// The frame at `time` on the page's clock: the motion's state, its scene, and whether
    /// everything is over (a live price's flash may outlast its step).
    func frame(at time: Double) -> (state: TransitionMotion.State, scene: ChartScene, finished: Bool) {
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

/// A new live price playing: the step from the chart the page showed to the chart now.
struct LivePlayback {
    let step: LivePriceStep
    let motion: TransitionMotion
    let document: ChartDocument
}

/// The first load playing: the placeholder, then the reveal of the chart.
struct RevealPlayback {
    let reveal: Reveal
    let motion: TransitionMotion
    let document: ChartDocument
}

extension ChartRoutes {
    /// `motion: "live"` with `since` (the last price's time on the chart the page shows) at
    /// `time`: the step from that chart to the chart of the data now; without `since` the
    /// newest price again, as it arrived (the inspector's Play). The request's `progress` and
    /// `selection` are the press on it: a finger down keeps its time. A price arriving while the
    /// step to `since` still plays (`running`) goes on from the frame shown now.
    func startLivePrice(_ request: RenderRequest, since: Double?, at time: Double, running: LivePlayback? = nil) throws(HTTPError) -> LivePlayback {
        let series = try scenarios.data(request, else: data)
        let times = series.series.times
        guard let end = since.map({ Int64($0.rounded(.down)) }) ?? (times.count >= 2 ? times[times.count - 2] : nil) else {
            throw .badRequest("no earlier price to step from: give the time of the last price the chart shows", field: "since")
        }
        let document = request.document(data: series)
        let step: LivePriceStep
        var continued: TransitionMotion?
        if let running, let shown = running.step.toModel.times.last, since.map({ $0.rounded(.down) == shown }) == true,
           case let now = running.motion.state(at: time), !now.finished {
            step = LivePriceStep(continuing: running.step, at: now.progress, to: document.model, builder: document.builder())
            continued = running.motion  // a spring keeps its velocity, as the bundles' components do
        } else {
            let before = ChartModel(series: series.series, endingAt: end, period: request.period, style: request.style,
                                    width: request.width, height: request.height)
            let press = ChartState(progress: request.progress, selection: request.selection)
            step = LivePriceStep(from: before, to: document.model, state: press, builder: document.builder())
        }
        let motion = TransitionMotion.started(at: time, after: continued, duration: step.duration, easing: step.easing)
        return LivePlayback(step: step, motion: motion, document: document)
    }

    /// `motion: "reveal"` at `time`: the chart's first load from the preset's placeholder.
    func startReveal(_ request: RenderRequest, at time: Double) throws(HTTPError) -> RevealPlayback {
        let document = request.document(data: try scenarios.data(request, else: data))
        let reveal = Reveal(model: document.model, builder: document.builder())
        let duration = document.model.isEmpty ? 0 : reveal.duration
        let motion = TransitionMotion.started(at: time, after: nil, duration: duration, easing: reveal.easing)
        return RevealPlayback(reveal: reveal, motion: motion, document: document)
    }

    /// A motion chosen by name (`period`, `live`, `reveal`) starting at `time`.
    func startMotion(_ name: String, _ request: RenderRequest, fields: (from: String?, since: Double?), at time: Double,
                     previous: MotionPlayback?) throws(HTTPError) -> MotionPlayback {
        switch name {
        case "live":
            guard case .live(let running)? = previous else { return .live(try startLivePrice(request, since: fields.since, at: time)) }
            return .live(try startLivePrice(request, since: fields.since, at: time, running: running))
        case "reveal": return .reveal(try startReveal(request, at: time))
        default:
            guard case .period(let running)? = previous else {
                return .period(try startPeriodChange(request, from: fields.from, at: time, previous: nil))
            }
            return .period(try startPeriodChange(request, from: fields.from, at: time, previous: running))
        }
    }
}

extension ChartRoutes {
    /// The frame in the outage state once the live feed has given no price for the preset's
    /// `outageStaleAfter` (the engine's `Outage`); the head says `stale`, or in `staleIn` how
    /// many seconds until it would be, so the page asks again then. A market scenario is never live.
    func outage(_ scene: ChartScene, _ request: RenderRequest, head: inout [(String, JSONValue)]) -> ChartScene {
        guard request.scenario == nil, let seconds = live.secondsSinceLastPrice else { return scene }
        guard Outage.isStale(secondsSinceLastPrice: seconds, style: request.style) else {
            head.append(("staleIn", .number(request.style.outageStaleAfter - seconds)))
            return scene
        }
        head.append(("stale", .bool(true)))
        return Outage.apply(to: scene, secondsSinceLastPrice: seconds, style: request.style)
    }
}
