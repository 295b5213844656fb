import WorkbenchSupport
import ChartEngine

/// The motions besides the press in `motion.json` (v3): the period change and the live price
/// timed in each platform's terms like the press (each its easing over its own duration), how a
/// retarget and reduced motion play, the first load's reveal, and the outage state. The engine
/// draws every frame (`PeriodMorph`, `LivePriceStep`, `Reveal`, `Outage`); these say when.
extension MotionExport {
    /// `motion.json`'s version: 3 added `period` and `outage`, then `live` and `reveal` (additive:
    /// every v2 key and every earlier v3 key is unchanged, so the version stays).
    package static let version = 3

    /// The style whose press is timed like the period change: its easing over its duration, so
    /// the press's platform terms (Bézier or spring, CSS `linear()`) describe it.
    static func periodTiming(_ style: ChartStyle) -> ChartStyle {
        var timing = style
        timing.easing = style.periodEasing
        timing.animationDuration = style.periodDuration
        timing.animationEnabled = style.periodMorphStyle != .none && style.periodDuration > 0
        return timing
    }

    /// A motion's easing over its duration in each platform's terms (the press's keys: `kind`,
    /// `cubicBezier` or `spring`, and `play` with UIKit, SwiftUI, Compose and CSS).
    private static func timing(_ style: ChartStyle, easing: EasingName, duration: Double, animated: Bool, presetName: String) -> [(String, JSONValue)] {
        var timing = style
        timing.easing = easing
        timing.animationDuration = duration
        timing.animationEnabled = animated
        let json = MotionExport(style: timing).json(presetName: presetName, timingOnly: true)
        var pairs: [(String, JSONValue)] = []
        for key in ["kind", "cubicBezier", "spring"] {
            if let value = json[key] { pairs.append((key, value)) }
        }
        if let play = json["press"] { pairs.append(("play", play)) }
        return pairs
    }

    /// The reduced-motion variant of a motion: a linear crossfade over `reducedMotionDuration`, or none.
    private func reducedVariant(_ chosen: ReducedMotionStyle, moves: Bool, scene: String) -> JSONValue {
        let animated = moves && chosen == .crossfade && style.reducedMotionDuration > 0
        return .object([
            ("style", .string(moves ? chosen.rawValue : "none")),
            ("animated", .bool(animated)),
            ("easing", .string("linear")),
            ("duration", Self.seconds(animated ? style.reducedMotionDuration : 0)),
            ("scene", .string(scene)),
        ])
    }

    package func liveJSON(presetName: String) -> JSONValue {
        let animated = style.livePriceDuration > 0
        var pairs: [(String, JSONValue)] = [
            ("animated", .bool(animated)),
            ("easing", .string(style.livePriceEasing.rawValue)),
            ("duration", Self.seconds(animated ? style.livePriceDuration : 0)),
        ]
        pairs += Self.timing(style, easing: style.livePriceEasing, duration: style.livePriceDuration, animated: animated, presetName: presetName)
        pairs.append(("flash", .object([
            ("enabled", .bool(style.livePriceFlash)),
            ("upColor", .string(style.livePriceUpColor)),
            ("downColor", .string(style.livePriceDownColor)),
            ("duration", Self.seconds(style.livePriceFlash ? style.livePriceFlashDuration : 0)),
            ("opacity", .string("1 when the price arrives, falling linearly to 0 over the flash duration (the header's `flash`)")),
        ])))
        pairs.append(("scene", .string(
            "LivePriceStep(from: oldModel, to: newModel, state: press, builder:).scene(at: progress, elapsed: seconds): progress 0 is the chart before the price, "
                + "1 the chart with it; the line's end moves or extends to the price, the vertical range rescales, the header's values count between their ends "
                + "and its price flashes in the direction's colour; a press keeps its selection on its time (toState)")))
        pairs.append(("reducedMotion", reducedVariant(style.livePriceReducedMotion, moves: true,
                                                      scene: "LivePriceStep drawn by ChartSceneBuilder(style:, reducedMotion: true): the two pictures crossfade linearly, or the new one at once; no flash timing changes")))
        return .object(pairs)
    }

    package func revealJSON(presetName: String) -> JSONValue {
        let animated = style.revealStyle != .none && style.revealDuration > 0
        var pairs: [(String, JSONValue)] = [
            ("placeholder", .string(style.revealPlaceholder.rawValue)),
            ("style", .string(style.revealStyle.rawValue)),
            ("animated", .bool(animated)),
            ("easing", .string(style.revealEasing.rawValue)),
            ("duration", Self.seconds(animated ? style.revealDuration : 0)),
        ]
        pairs += Self.timing(style, easing: style.revealEasing, duration: style.revealDuration, animated: animated, presetName: presetName)
        pairs.append(("scene", .string(
            "Reveal(model:, builder:).scene(at: progress): progress 0 is the placeholder (Reveal.placeholder: a flat line at the plot's mid-height or a skeleton band, "
                + "in the trailing colour, saying \"\(Reveal.loadingMessage)\"), 1 the chart at rest; drawOn widens a clip from the left, fade raises the chart's opacity, "
                + "none shows it at once; the placeholder fades out meanwhile")))
        pairs.append(("reducedMotion", reducedVariant(style.revealReducedMotion, moves: style.revealStyle != .none,
                                                      scene: "Reveal drawn by ChartSceneBuilder(style:, reducedMotion: true): a linear fade, or the chart at once")))
        return .object(pairs)
    }

    private static func seconds(_ v: Double) -> JSONValue { .object([("value", .number(v)), ("unit", .string("s"))]) }

    package func periodJSON(presetName: String) -> JSONValue {
        let timing = MotionExport(style: Self.periodTiming(style)).json(presetName: presetName, timingOnly: true)
        let animated = style.periodMorphStyle != .none && style.periodDuration > 0
        var pairs: [(String, JSONValue)] = [
            ("style", .string(style.periodMorphStyle.rawValue)),
            ("animated", .bool(animated)),
            ("easing", .string(style.periodEasing.rawValue)),
            ("duration", Self.seconds(animated ? style.periodDuration : 0)),
        ]
        for key in ["kind", "cubicBezier", "spring"] {
            if let value = timing[key] { pairs.append((key, value)) }
        }
        if style.periodEasing == .perceptualSpring {
            pairs.append(("note", .string("The engine ends the change at `duration`: a spring tuned by duration and bounce that is still moving then steps onto 1.")))
        }
        if let play = timing["press"] { pairs.append(("play", play)) }
        pairs.append(("scene", .string(
            "PeriodMorph(from: oldModel, to: newModel, builder:).scene(at: progress): progress 0 is the old period's rest picture, 1 the new one's; "
                + "morph mixes both lines (resampled onto one segment count), the fill, the vertical range and the header's values; "
                + "crossfade fades the old picture (ids suffixed -from) out under the new one; none shows the new one as progress leaves 0")))
        pairs.append(("retarget", .string(
            "A period chosen while a change is moving: morph.retargeted(to: newModel, at: progress, builder:) starts from where the line is, "
                + "and progress restarts at 0 with TransitionMotion.started(at:after:duration:easing:), keeping the moving motion's velocity (a spring keeps its momentum).")))
        let reducedAnimated = style.periodMorphStyle != .none && style.periodReducedMotion == .crossfade && style.reducedMotionDuration > 0
        pairs.append(("reducedMotion", .object([
            ("style", .string(style.periodMorphStyle == .none ? "none" : style.periodReducedMotion.rawValue)),
            ("animated", .bool(reducedAnimated)),
            ("easing", .string("linear")),
            ("duration", Self.seconds(reducedAnimated ? style.reducedMotionDuration : 0)),
            ("scene", .string("PeriodMorph drawn by ChartSceneBuilder(style:, reducedMotion: true): the two rest pictures crossfade linearly, or the new one at once; never a morph")),
        ])))
        return .object(pairs)
    }

    package var outageJSON: JSONValue {
        .object([
            ("staleAfter", Self.seconds(style.outageStaleAfter)),
            ("dimOpacity", .number(style.outageDimOpacity)),
            ("message", .string(Outage.message)),
            ("dims", .array(["line", "trail", "fill", "fill-trailing"].map(JSONValue.string))),
            ("scene", .string("Outage.apply(to: scene, secondsSinceLastPrice:, style:): from staleAfter seconds without a new price the line and fill take dimOpacity and the text primitive \"outage\" says the message above the plot; before that the scene is unchanged. A state, not an animation.")),
        ])
    }
}
