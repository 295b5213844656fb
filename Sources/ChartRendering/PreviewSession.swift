import ChartEngine
import WorkbenchSupport

/// Where a render socket's charts come from: the application's presets, rounds, series and
/// live feed, behind what a frame needs of them.
package protocol PreviewSources {
    /// The style a request starts from: its round candidate's, its preset's, or the defaults.
    func base(of request: ChartRequest) throws -> ChartStyle
    /// The series a chart shows: the scenario's, or the loaded one (nil).
    func series(scenario: String?) throws -> IndexedSeries
    /// Seconds since the live feed's last price; nil when nothing is live.
    var secondsSinceLastPrice: Double? { get }
}

/// One chart of a render socket: its last valid request (for `again`), the press it is in,
/// the other motion playing on it, and the frames it drew last (for deltas).
package struct PreviewSession {
    package var request: ChartRequest?
    package var press: TransitionMotion?
    package var playing: MotionPlayback?
    /// The frames drawn last, newest last: a message whose `base` is one of them gets a delta from
    /// it. Four: a frame drawn for one request may still be on its way while the page asks the
    /// next, and the page asks for the two keyboard steps of a slider ahead, from the frame it shows.
    package var drawn: [DrawnFrame] = []
    package static let framesKept = 4
}

/// A render socket's charts, each with its own session, bounded: at most `maxCharts` of them,
/// their kept requests within `maxKeptBytes` (a request that would pass it drops the ones kept
/// longest; one larger than the whole budget is not kept), and their frames within `maxFramesKept`.
package struct PreviewSessions {
    package static let maxCharts = 64
    package static let maxKeptBytes = 64 << 10
    /// Frames kept across a socket's charts, at most: a frame of the largest chart (4000 px, 2000
    /// points) holds about half a megabyte of elements and path numbers, and a socket may have 64
    /// charts. Past it, the charts drawn longest ago lose their frames (their next travels whole).
    package static let maxFramesKept = 32

    private var sessions: [String: PreviewSession] = [:]
    /// Charts by first use, oldest first; and charts whose requests are kept, with their sizes.
    private var charts: [String] = []
    private var kept: [(chart: String, bytes: Int)] = []
    package private(set) var keptBytes = 0
    private var frameNumber = 0

    package init() {}

    package subscript(chart: String) -> PreviewSession? { sessions[chart] }

    /// The frame one message asks for: the answer's head members, and its body (the SVG, or
    /// with `"patch": true` the patch from the frame the page shows).
    package mutating func answer(_ message: [(String, JSONValue)], sources: some PreviewSources) throws -> (head: [(String, JSONValue)], body: String) {
        var members = message
        var removed: Set<String> = []
        if members.contains(where: { $0.0 == "again" && $0.1 == .bool(true) }) {
            removed = Set(members.filter { $0.1 == .null }.map(\.0))
            members.removeAll { $0.1 == .null }
        }
        let said = try JSONValueDecoder().decode(PreviewMessage.self, from: .object(members))
        var request = said.request
        if said.again {
            guard let previous = sessions[request.id ?? "cw"]?.request else {
                throw ChartRequestError(.invalidField, field: "again", "no earlier request of this chart to repeat")
            }
            request = previous.merged(with: request, removing: removed)
        }
        var drawing = try request.drawing(over: try sources.base(of: request))
        let chart = drawing.idPrefix
        var session = take(chart)
        keep(request, in: &session, for: chart)
        defer { sessions[chart] = session }

        var head: [(String, JSONValue)] = []
        var shown: (document: ChartDocument, scene: ChartScene)?
        if let motion = said.motion, let at = said.at, MotionPlayback.names.contains(motion) {
            let playback = try MotionPlayback.start(motion, drawing, series: try sources.series(scenario: drawing.scenario),
                                                    from: said.from, since: said.since, at: said.time ?? 0, previous: nil)
            head += [("motion", .string(playback.name)), ("progress", .number(at)), ("finished", .bool(true))]
            shown = (playback.document, playback.frame(atProgress: at))
        } else if let motion = said.motion, MotionPlayback.names.contains(motion) || (motion == "follow" && session.playing != nil) {
            guard let time = said.time else { throw ChartRequestError(.invalidField, field: "time", "a motion needs the time in seconds") }
            let playback = if let running = session.playing, motion == "follow" { running }
                else { try MotionPlayback.start(motion, drawing, series: try sources.series(scenario: drawing.scenario),
                                                from: said.from, since: said.since, at: time, previous: session.playing) }
            let frame = playback.frame(at: time)
            session.playing = frame.finished ? nil : playback
            head += [("motion", .string(playback.name)), ("progress", Self.motionNumber(frame.state.progress)), ("velocity", Self.motionNumber(frame.state.velocity)),
                     ("target", .number(1)), ("finished", .bool(frame.finished))]
            // A finger down during a live price: where its time now is, for the press's later frames.
            if case .live(let live) = playback, let carried = live.step.toState.selection { head.append(("selection", .number(carried))) }
            shown = (playback.document, frame.scene)
        } else if let motion = said.motion {
            guard let time = said.time else { throw ChartRequestError(.invalidField, field: "time", "a motion needs the time in seconds") }
            // A press ends a period change, a live price or a reveal: its later frames are the press's.
            if motion != "follow" { session.playing = nil }
            var current = session.press ?? .resting(at: drawing.progress)
            let style = drawing.style.motionStyle(reducedMotion: drawing.reducedMotion)
            switch motion {
            case "press": current = current.retargeted(to: 1, at: time, style: style)
            case "release": current = current.retargeted(to: 0, at: time, style: style)
            case "follow": break
            default: throw ChartRequestError(.invalidField, field: "motion", "must be press, release, follow, period, live or reveal")
            }
            session.press = current
            let state = current.state(at: time)
            drawing.progress = state.progress
            head += [("progress", Self.motionNumber(state.progress)), ("velocity", Self.motionNumber(state.velocity)),
                     ("target", .number(current.target)), ("finished", .bool(state.finished))]
        }
        let document = if let shown { shown.document } else { drawing.document(data: try sources.series(scenario: drawing.scenario)) }
        let scene = shown?.scene ?? document.scene(state: drawing.state)
        let drawn = outage(scene, drawing, secondsSinceLastPrice: sources.secondsSinceLastPrice, head: &head)
        frameNumber = frameNumber < Int(Int32.max) ? frameNumber + 1 : 1
        head.append(("frame", .number(Double(frameNumber))))
        let previous = session.drawn.last { Double($0.number) == said.base }
        // A frame that can travel as a delta needs only its elements and numbers, not its markup.
        if let previous {
            var frame = DrawnFrame(number: frameNumber, precision: document.digits, elements: document.recordedElements(drawn))
            if let delta = previous.delta(to: frame) {
                frame.attributesSet = delta.attributes.map(\.place)
                session.drawn = session.drawn.suffix(PreviewSession.framesKept - 1) + [frame]
                head.append(("patch", .bool(true)))
                return (head, delta.text)
            }
        }
        let (svg, elements) = document.recordedSVG(drawn)
        let frame = DrawnFrame(number: frameNumber, precision: document.digits, elements: elements)
        session.drawn = session.drawn.suffix(PreviewSession.framesKept - 1) + [frame]
        // The numbers of its paths come with a whole frame, so that later deltas change them.
        head += [("p", .number(Double(frame.precision))), ("paths", JSONValueEncoder.encode(frame.paths))]
        return (head, svg)
    }

    /// A motion's progress or velocity in a head, to a millionth: a frame tells no finer progress
    /// apart (paths are written to hundredths of a pixel), and full doubles cost ~20 bytes a frame.
    static func motionNumber(_ value: Double) -> JSONValue { .number((value * 1e6).rounded() / 1e6) }

    /// The frame in the outage state once the live feed has given no price for the preset's
    /// `outageStaleAfter` (the engine's `Outage`); the head says `stale`, or in `staleIn` how
    /// many seconds until it would be, so the page asks again then. A market scenario is never live.
    private func outage(_ scene: ChartScene, _ drawing: ChartDrawing, secondsSinceLastPrice: Double?, head: inout [(String, JSONValue)]) -> ChartScene {
        guard drawing.scenario == nil, let seconds = secondsSinceLastPrice else { return scene }
        guard Outage.isStale(secondsSinceLastPrice: seconds, style: drawing.style) else {
            head.append(("staleIn", .number(drawing.style.outageStaleAfter - seconds)))
            return scene
        }
        head.append(("stale", .bool(true)))
        return Outage.apply(to: scene, secondsSinceLastPrice: seconds, style: drawing.style)
    }

    /// The chart's session, taken out to be changed (and put back by the caller); a new chart
    /// past `maxCharts` ends the one used first.
    private mutating func take(_ chart: String) -> PreviewSession {
        defer { trimFrames() }
        if let session = sessions.removeValue(forKey: chart) { return session }
        if charts.count >= Self.maxCharts {
            let oldest = charts.removeFirst()
            sessions[oldest] = nil
            forgetKept(oldest)
        }
        charts.append(chart)
        return PreviewSession()
    }

    /// Leaves the other charts (the one being drawn is taken out) room for at most
    /// `maxFramesKept` frames with its own, dropping the frames of the charts drawn longest ago.
    private mutating func trimFrames() {
        let room = Self.maxFramesKept - PreviewSession.framesKept
        var others = sessions.values.reduce(0) { $0 + $1.drawn.count }
        guard others > room else { return }
        let byLastDrawn = sessions.compactMap { chart, session in
            session.drawn.last.map { (chart: chart, last: $0.number, count: session.drawn.count) }
        }.sorted { $0.last < $1.last }
        for entry in byLastDrawn where others > room {
            let dropped = min(entry.count, others - room)
            sessions[entry.chart]?.drawn.removeFirst(dropped)
            others -= dropped
        }
    }

    /// Keeps a valid request for `again`, within the bytes kept for all charts.
    private mutating func keep(_ request: ChartRequest, in session: inout PreviewSession, for chart: String) {
        forgetKept(chart)
        session.request = nil
        let size = chart.utf8.count + JSONValueEncoder.encode(request).serialized().utf8.count
        guard size <= Self.maxKeptBytes else { return }
        while keptBytes + size > Self.maxKeptBytes, let oldest = kept.first {
            forgetKept(oldest.chart)
            sessions[oldest.chart]?.request = nil
        }
        session.request = request
        kept.append((chart, size))
        keptBytes += size
    }

    private mutating func forgetKept(_ chart: String) {
        guard let index = kept.firstIndex(where: { $0.chart == chart }) else { return }
        keptBytes -= kept[index].bytes
        kept.remove(at: index)
    }
}
