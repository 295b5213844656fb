import WorkbenchSupport
import WorkbenchStores
import ChartEngine

/// The motions besides the press in `vectors.json` (its `motions` list; readers of the cases
/// alone are unaffected): period changes played frame by frame as an app plays them (a period
/// tapped, a second one tapped mid-way, each style, reduced motion) and the outage state, each
/// frame the engine's whole scene; the live price and the reveal too (ConformanceVectors+LiveAndReveal.swift). An implementation replays each case's `events` and must draw
/// every frame's scene (docs/handoff.md).
extension ConformanceVectors {
    /// Fractions of a period change's duration at which frames are sampled (1.2: resting after it).
    package static let motionFractions: [Double] = [0, 0.1, 0.25, 0.5, 0.75, 0.9, 1, 1.2]

    /// Hourly prices over ten days with a few missing hours, so 1D, 1W and ALL differ (bridged while morphing).
    static var motionSeries: [(Double, Double?)] {
        var seed: UInt64 = 0xC0FFEE
        func random() -> Double {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Double(seed >> 11) / Double(1 << 53)
        }
        var price = 36_000.0
        return (0..<240).map { i in
            price += (random() - 0.48) * 300
            return (1_700_000_000 + Double(i) * 3600, [50, 51, 200].contains(i) ? nil : price)
        }
    }

    /// One period change case: `from` shown at rest, then each event's period chosen at its time.
    struct PeriodCase {
        let name: String
        let from: Period
        let events: [(time: Double, period: Period)]
        var overrides: [(String, ParameterValue)] = []
        var reducedMotion = false
    }

    static func periodCases(style: ChartStyle) -> [PeriodCase] {
        let duration = Swift.max(style.periodDuration, 0.05)
        var cases = [
            PeriodCase(name: "period change 1D to 1W", from: .day, events: [(0, .week)]),
            PeriodCase(name: "period change 1W to ALL, retargeted to 1D mid-way", from: .week, events: [(0, .all), (duration * 0.4, .day)]),
            PeriodCase(name: "period change 1D to ALL, reduced motion", from: .day, events: [(0, .all)], reducedMotion: true),
        ]
        for kind in PeriodMorphStyle.allCases where kind != style.periodMorphStyle {
            cases.append(PeriodCase(name: "period change 1W to 1D as \(kind.rawValue)", from: .week, events: [(0, .day)],
                                    overrides: [("periodMorphStyle", .text(kind.rawValue))]))
        }
        // A spring keeps its velocity across a retarget: the press's spring tuning over the period's duration.
        if style.periodEasing != .spring {
            cases.append(PeriodCase(name: "period change 1D to 1W as a spring, retargeted to ALL mid-way", from: .day,
                                    events: [(0, .week), (duration * 0.3, .all)],
                                    overrides: [("periodEasing", .text("spring")), ("springDamping", .number(0.5)), ("springVelocity", .number(2))]))
        }
        return cases
    }

    /// The frames of a period change as an app plays it: each event starts a morph from the rest
    /// picture or, while one is moving, retargets it from where its line is with
    /// `TransitionMotion.started` carrying the velocity over.
    static func periodFrames(_ c: PeriodCase, style: ChartStyle, series: PriceSeries, width: Double, height: Double)
        -> [(time: Double, progress: Double, scene: ChartScene)] {
        let builder = ChartSceneBuilder(style: style, reducedMotion: c.reducedMotion)
        func model(_ period: Period) -> ChartModel { ChartModel(series: series, period: period, style: style, width: width, height: height) }
        var shown = model(c.from)
        var morph: PeriodMorph?
        var motion: TransitionMotion?
        var times: [Double] = [-0.01]
        for (k, event) in c.events.enumerated() {
            let end = k + 1 < c.events.count ? c.events[k + 1].time : .infinity
            let length = Swift.max(PeriodMorph(from: shown, to: model(event.period), builder: builder).duration, 0.05)
            times += motionFractions.map { event.time + $0 * length }.filter { $0 < end }
        }
        var pending = c.events[...]
        return times.map { time in
            while let event = pending.first, event.time <= time {
                pending = pending.dropFirst()
                let next = model(event.period)
                if let running = morph, let motion, case let now = motion.state(at: event.time), !now.finished {
                    morph = running.retargeted(to: next, at: now.progress, builder: builder)
                } else {
                    morph = PeriodMorph(from: shown, to: next, builder: builder)
                }
                motion = TransitionMotion.started(at: event.time, after: motion, duration: morph!.duration, easing: morph!.easing)
                shown = next
            }
            guard let morph, let motion else { return (time, 0, builder(shown, .inactive)) }
            let progress = motion.state(at: time).progress
            return (time, progress, morph.scene(at: progress))
        }
    }

    static func motionCases(style: ChartStyle, width: Double, height: Double) -> [MotionCase] {
        let points = motionSeries
        let series = PriceSeries(times: points.map { Int64($0.0) }, prices: points.map { $0.1 ?? .nan })
        let pricePoints = points.map(PricePoint.init)
        var cases: [MotionCase] = []
        for c in periodCases(style: style) {
            var caseStyle = style
            for (key, value) in c.overrides { try? caseStyle.set(key, value) }
            let frames = periodFrames(c, style: caseStyle, series: series, width: width, height: height)
            cases.append(.period(PeriodCaseVector(
                name: c.name, width: width, height: height, points: pricePoints,
                parameters: OrderedMembers(c.overrides), reducedMotion: c.reducedMotion, from: c.from.rawValue,
                events: c.events.map { .init(time: $0.time, period: $0.period.rawValue) },
                frames: frames.map { Frame(time: $0.time, progress: $0.progress, scene: SceneJSON.value($0.scene)) })))
        }
        // The outage state over the rest and the pressed picture: unchanged before the stale time, dimmed with its words from it on.
        let builder = ChartSceneBuilder(style: style)
        let model = ChartModel(series: series, period: .week, style: style, width: width, height: height)
        var frames: [OutageCaseVector.Frame] = []
        for seconds in [0, style.outageStaleAfter - 1, style.outageStaleAfter, style.outageStaleAfter * 4] {
            for (progress, selection) in [(0.0, nil), (1.0, 0.37)] as [(Double, Double?)] {
                let scene = Outage.apply(to: builder(model, ChartState(progress: progress, selection: selection)), secondsSinceLastPrice: seconds, style: style)
                frames.append(.init(secondsSinceLastPrice: seconds, progress: progress, selection: selection, scene: SceneJSON.value(scene)))
            }
        }
        cases += liveCases(style: style, points: points, width: width, height: height).map(MotionCase.live)
        cases += revealCases(style: style, series: series, points: pricePoints, width: width, height: height).map(MotionCase.reveal)
        cases.append(.outage(OutageCaseVector(name: "outage over 1W", width: width, height: height, points: pricePoints,
                                              period: Period.week.rawValue, frames: frames)))
        return cases
    }
}
