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

    /// The style whose press is timed like a motion: `easing` over `duration`, so the press's
    /// platform terms (Bézier or spring, CSS `linear()`) describe it.
    static func timed(_ style: ChartStyle, easing: EasingName, duration: Double, animated: Bool) -> ChartStyle {
        var timing = style
        timing.easing = easing
        timing.animationDuration = duration
        timing.animationEnabled = animated
        return timing
    }

    static func periodTiming(_ style: ChartStyle) -> ChartStyle {
        timed(style, easing: style.periodEasing, duration: style.periodDuration,
              animated: style.periodMorphStyle != .none && style.periodDuration > 0)
    }

    /// A motion's timing in each platform's terms (the press's: `kind`, `cubicBezier` or
    /// `spring`, and `play` with UIKit, SwiftUI, Compose and CSS).
    private static func timing(_ timed: ChartStyle, note: String? = nil) -> MotionTiming {
        let motion = MotionExport(style: timed)
        return MotionTiming(curve: motion.motionCurve, note: note, play: motion.phases.press)
    }

    /// The reduced-motion variant of a motion: a linear crossfade over `reducedMotionDuration`, or none.
    private func reducedVariant(_ chosen: ReducedMotionStyle, moves: Bool, scene: String) -> ReducedVariant {
        let animated = moves && chosen == .crossfade && style.reducedMotionDuration > 0
        return ReducedVariant(style: moves ? chosen.rawValue : "none", animated: animated,
                              duration: .seconds(animated ? style.reducedMotionDuration : 0), scene: scene)
    }

    var live: LiveMotion {
        let animated = style.livePriceDuration > 0
        return LiveMotion(
            lead: MotionState(animated: animated, easing: style.livePriceEasing.rawValue, duration: .seconds(animated ? style.livePriceDuration : 0)),
            timing: Self.timing(Self.timed(style, easing: style.livePriceEasing, duration: style.livePriceDuration, animated: animated)),
            rest: LiveMotionRest(
                flash: .init(enabled: style.livePriceFlash, upColor: style.livePriceUpColor, downColor: style.livePriceDownColor,
                             duration: .seconds(style.livePriceFlash ? style.livePriceFlashDuration : 0)),
                reducedMotion: reducedVariant(style.livePriceReducedMotion, moves: true,
                                              scene: "LivePriceStep drawn by ChartSceneBuilder(style:, reducedMotion: true): the two pictures crossfade linearly, or the new one at once; no flash timing changes")))
    }

    var reveal: RevealMotion {
        let animated = style.revealStyle != .none && style.revealDuration > 0
        return RevealMotion(
            lead: RevealMotionState(placeholder: style.revealPlaceholder.rawValue, style: style.revealStyle.rawValue, animated: animated,
                                    easing: style.revealEasing.rawValue, duration: .seconds(animated ? style.revealDuration : 0)),
            timing: Self.timing(Self.timed(style, easing: style.revealEasing, duration: style.revealDuration, animated: animated)),
            rest: RevealMotionRest(reducedMotion: reducedVariant(style.revealReducedMotion, moves: style.revealStyle != .none,
                                                                 scene: "Reveal drawn by ChartSceneBuilder(style:, reducedMotion: true): a linear fade, or the chart at once")))
    }

    var period: PeriodMotion {
        let animated = style.periodMorphStyle != .none && style.periodDuration > 0
        let note = style.periodEasing == .perceptualSpring
            ? "The engine ends the change at `duration`: a spring tuned by duration and bounce that is still moving then steps onto 1." : nil
        let reducedAnimated = style.periodMorphStyle != .none && style.periodReducedMotion == .crossfade && style.reducedMotionDuration > 0
        return PeriodMotion(
            lead: PeriodMotionState(style: style.periodMorphStyle.rawValue, animated: animated, easing: style.periodEasing.rawValue,
                                    duration: .seconds(animated ? style.periodDuration : 0)),
            timing: Self.timing(Self.periodTiming(style), note: note),
            rest: PeriodMotionRest(reducedMotion: ReducedVariant(
                style: style.periodMorphStyle == .none ? "none" : style.periodReducedMotion.rawValue, animated: reducedAnimated,
                duration: .seconds(reducedAnimated ? style.reducedMotionDuration : 0),
                scene: "PeriodMorph drawn by ChartSceneBuilder(style:, reducedMotion: true): the two rest pictures crossfade linearly, or the new one at once; never a morph")))
    }

    var outage: OutageState {
        OutageState(staleAfter: .seconds(style.outageStaleAfter), dimOpacity: style.outageDimOpacity, message: Outage.message)
    }
}
