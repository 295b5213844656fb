import WorkbenchSupport
import WorkbenchStores
import ChartEngine

/// The live price and the first-load reveal in `vectors.json`'s `motions`: each played from rest
/// with `TransitionMotion.started` over its own duration and easing, frame by frame.
extension ConformanceVectors {
    /// `time` and `progress` of a motion started at 0 over `duration` with `easing`, sampled at `motionFractions` (and the flash's end).
    static func timeline(duration: Double, easing: Easing, until end: Double = 0) -> [(time: Double, progress: Double)] {
        let motion = TransitionMotion.started(at: 0, after: nil, duration: duration, easing: easing)
        let length = Swift.max(duration, 0.05)
        var times = [-0.01] + motionFractions.map { $0 * length }
        if end > length { times += [end * 0.5, end * 1.1] }
        return times.sorted().map { t in (t, t < 0 ? 0 : motion.state(at: t).progress) }
    }

    static func frame(_ time: Double, _ progress: Double, _ scene: ChartScene) -> Frame {
        Frame(time: time, progress: progress, scene: SceneJSON.value(scene))
    }

    /// A price a minute after the data's end: a small one at rest, one leaving the range during a press, and one under reduced motion.
    static func liveCases(style: ChartStyle, points: [(Double, Double?)], width: Double, height: Double) -> [LiveCaseVector] {
        let last = points.last(where: { $0.1 != nil })?.1 ?? 100
        let highest = points.compactMap(\.1).max() ?? last
        let cases: [(name: String, price: Double, state: ChartState, reduced: Bool)] = [
            ("live price up a little, at rest", last + 40, .inactive, false),
            ("live price leaving the range while pressed", highest * 1.04, ChartState(progress: 1, selection: 0.37), false),
            ("live price down, reduced motion", last - 90, .inactive, true),
        ]
        let old = PriceSeries(times: points.map { Int64($0.0) }, prices: points.map { $0.1 ?? .nan })
        let tick = (points.last?.0 ?? 0) + 60
        let pricePoints = points.map(PricePoint.init)
        var played: [LiveCaseVector] = cases.map { c in
            let builder = ChartSceneBuilder(style: style, reducedMotion: c.reduced)
            let new = PriceSeries(times: points.map { Int64($0.0) } + [Int64(tick)], prices: points.map { $0.1 ?? .nan } + [c.price])
            let step = LivePriceStep(from: ChartModel(series: old, period: .day, style: style, width: width, height: height),
                                     to: ChartModel(series: new, period: .day, style: style, width: width, height: height),
                                     state: c.state, builder: builder)
            let frames = timeline(duration: step.duration, easing: step.easing, until: step.flashDuration).map { t, p in
                frame(t, p, t < 0 ? step.fromScene : step.scene(at: p, elapsed: t))
            }
            return LiveCaseVector(name: c.name, width: width, height: height, points: pricePoints, period: Period.day.rawValue, price: [tick, c.price],
                                  progress: c.state.progress, selection: c.state.selection, reducedMotion: c.reduced, frames: frames)
        }
        // A newer price (`then`: its time, its price, and when it arrives) while the first still
        // steps under a finger: the second step goes on from the frame shown, a spring keeping
        // its velocity; the frames run on one clock from the first price's arrival.
        let builder = ChartSceneBuilder(style: style)
        let press = ChartState(progress: 1, selection: 0.6)
        let new = PriceSeries(times: old.times + [Int64(tick)], prices: old.prices + [last + 40])
        let newer = PriceSeries(times: new.times + [Int64(tick + 60)], prices: new.prices + [last - 60])
        let first = LivePriceStep(from: ChartModel(series: old, period: .day, style: style, width: width, height: height),
                                  to: ChartModel(series: new, period: .day, style: style, width: width, height: height), state: press, builder: builder)
        let motion = TransitionMotion.started(at: 0, after: nil, duration: first.duration, easing: first.easing)
        let arrives = first.duration * 0.4
        if first.duration > 0, case let now = motion.state(at: arrives), !now.finished {
            let second = LivePriceStep(continuing: first, at: now.progress,
                                       to: ChartModel(series: newer, period: .day, style: style, width: width, height: height), builder: builder)
            let next = TransitionMotion.started(at: arrives, after: motion, duration: second.duration, easing: second.easing)
            let before = timeline(duration: first.duration, easing: first.easing).filter { $0.time < arrives }.map { t, p in
                frame(t, p, t < 0 ? first.fromScene : first.scene(at: p, elapsed: t))
            }
            let after = timeline(duration: second.duration, easing: second.easing, until: second.flashDuration).filter { $0.time >= 0 }.map { t, _ in
                let p = next.state(at: arrives + t).progress
                return frame(arrives + t, p, second.scene(at: p, elapsed: t))
            }
            played.append(LiveCaseVector(name: "a newer live price while the last steps, pressed", width: width, height: height, points: pricePoints,
                                         period: Period.day.rawValue, price: [tick, last + 40], then: [tick + 60, last - 60, arrives],
                                         progress: press.progress, selection: press.selection, reducedMotion: false, frames: before + after))
        }
        return played
    }

    /// The reveal of 1W in the preset's style, each other style and placeholder, and reduced motion.
    static func revealCases(style: ChartStyle, series: PriceSeries, points: [PricePoint], width: Double, height: Double) -> [RevealCaseVector] {
        var cases: [(String, [(String, ParameterValue)], Bool)] = [("reveal", [], false), ("reveal, reduced motion", [], true)]
        for kind in RevealStyle.allCases where kind != style.revealStyle {
            cases.append(("reveal as \(kind.rawValue)", [("revealStyle", .text(kind.rawValue))], false))
        }
        let other = RevealPlaceholder.allCases.first { $0 != style.revealPlaceholder } ?? .flat
        cases.append(("reveal from a \(other.rawValue) placeholder", [("revealPlaceholder", .text(other.rawValue))], false))
        return cases.map { name, overrides, reduced in
            var caseStyle = style
            for (key, value) in overrides { try? caseStyle.set(key, value) }
            let reveal = Reveal(model: ChartModel(series: series, period: .week, style: caseStyle, width: width, height: height),
                                builder: ChartSceneBuilder(style: caseStyle, reducedMotion: reduced))
            let frames = timeline(duration: reveal.duration, easing: reveal.easing).map { t, p in frame(t, p, reveal.scene(at: p)) }
            return RevealCaseVector(name: name, width: width, height: height, points: points, parameters: OrderedMembers(overrides),
                                    period: Period.week.rawValue, reducedMotion: reduced, frames: frames)
        }
    }
}
