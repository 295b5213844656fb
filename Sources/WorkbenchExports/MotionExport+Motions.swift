import WorkbenchSupport
import ChartEngine

/// The motions besides the press in `motion.json` (v3): the period change timed in each
/// platform's terms like the press (its easing over its own duration), how a retarget and reduced
/// motion play, and the outage state. The engine draws every frame (`PeriodMorph`, `Outage`);
/// these say when.
extension MotionExport {
    /// `motion.json`'s version: 3 added `period` and `outage`; every v2 key is unchanged.
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
