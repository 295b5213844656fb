/// How the line moves when the period changes: the old line morphs into the new one (both
/// resampled onto one parametrisation, see docs/motion.md), the two pictures crossfade, or the
/// new one replaces the old at once.
public enum PeriodMorphStyle: String, CaseIterable, Sendable { case morph, crossfade, none }
/// What the chart shows before its first prices arrive: a flat line at mid-height or a grey
/// skeleton band.
public enum RevealPlaceholder: String, CaseIterable, Sendable { case flat, skeleton }
/// How the first line appears: drawn on from the left (a clip widening), faded in, or at once.
public enum RevealStyle: String, CaseIterable, Sendable { case drawOn, fade, none }

extension PeriodMorphStyle: ChoiceLabelled {}
extension RevealPlaceholder: ChoiceLabelled {}
extension RevealStyle: ChoiceLabelled {
    public var choiceLabel: String {
        switch self {
        case .drawOn: "Draw on from the left"
        case .fade: "Fade in"
        case .none: "None"
        }
    }
}

/// The chart's motions besides the press: period change, live price, first load (reveal) and
/// outage. Declared once here; the press's own parameters stay in `ChartStyle.definitions`.
/// A spring easing of any motion shares the press's spring tuning (damping, velocity, bounce)
/// over the motion's own duration.
extension ChartStyle {
    static let motionDefinitions: [ParameterDefinition] = [
        .choice(\.periodMorphStyle, "periodMorphStyle", "Period change", group: "Period change",
                help: "When another period is chosen: the line morphs into the new one (line, fill and vertical range together, the header counting), the two pictures crossfade, or none (the new one at once)."),
        .number(\.periodDuration, "periodDuration", "Duration", group: "Period change", range: 0...2, step: 0.05, unit: "s",
                help: "Seconds the period change takes, 0 to 2.", when: .key("periodMorphStyle", is: "morph", "crossfade")),
        .choice(\.periodEasing, "periodEasing", "Easing", group: "Period change",
                help: "How the period change runs over time, with the press's easing choices; a spring uses the press's spring tuning.",
                when: .key("periodMorphStyle", is: "morph", "crossfade")),
        .choice(\.periodReducedMotion, "periodReducedMotion", "Reduced motion", group: "Period change",
                help: "The period change under reduced motion: a linear crossfade over the reduced-motion duration, or none."),
        .number(\.livePriceDuration, "livePriceDuration", "Duration", group: "Live price", range: 0...2, step: 0.05, unit: "s",
                help: "Seconds a new live price takes to move the line's end (and rescale the vertical range when it leaves it), 0 to 2."),
        .choice(\.livePriceEasing, "livePriceEasing", "Easing", group: "Live price",
                help: "How the live price's step runs over time, with the press's easing choices."),
        .toggle(\.livePriceFlash, "livePriceFlash", "Flash", group: "Live price",
                help: "The header's price flashes in the up or down colour when a new price arrives."),
        .color(\.livePriceUpColor, "livePriceUpColor", "Up colour", group: "Live price", help: "Flash colour of a price above the previous one, #RRGGBB."),
        .color(\.livePriceDownColor, "livePriceDownColor", "Down colour", group: "Live price", help: "Flash colour of a price below the previous one, #RRGGBB."),
        .number(\.livePriceFlashDuration, "livePriceFlashDuration", "Flash duration", group: "Live price", range: 0...2, step: 0.05, unit: "s",
                help: "Seconds the flash takes to fade, 0 to 2.", when: .key("livePriceFlash", is: "true")),
        .choice(\.livePriceReducedMotion, "livePriceReducedMotion", "Reduced motion", group: "Live price",
                help: "The live price's step under reduced motion: a linear crossfade over the reduced-motion duration, or none."),
        .choice(\.revealPlaceholder, "revealPlaceholder", "Placeholder", group: "First load",
                help: "What shows before the first prices arrive: a flat line at mid-height or a grey skeleton band."),
        .choice(\.revealStyle, "revealStyle", "Reveal", group: "First load",
                help: "How the first line appears: drawn on from the left, faded in, or at once."),
        .number(\.revealDuration, "revealDuration", "Duration", group: "First load", range: 0...3, step: 0.05, unit: "s",
                help: "Seconds the reveal takes, 0 to 3.", when: .key("revealStyle", is: "drawOn", "fade")),
        .choice(\.revealEasing, "revealEasing", "Easing", group: "First load",
                help: "How the reveal runs over time, with the press's easing choices.", when: .key("revealStyle", is: "drawOn", "fade")),
        .choice(\.revealReducedMotion, "revealReducedMotion", "Reduced motion", group: "First load",
                help: "The reveal under reduced motion: a linear fade over the reduced-motion duration, or none."),
        .number(\.outageStaleAfter, "outageStaleAfter", "Stale after", group: "Outage", range: 5...600, step: 5, unit: "s",
                help: "Seconds without a new price after which the chart dims and says \"Prices delayed\", 5 to 600."),
        .number(\.outageDimOpacity, "outageDimOpacity", "Dim opacity", group: "Outage", range: 0.1...1, step: 0.05,
                help: "Opacity of the line and fill while prices are delayed, 0.1 to 1 (not dimmed)."),
    ]

    /// The easing of one motion: a named easing over its own duration; springs take the press's
    /// spring tuning, a cubic Bézier the press's control points.
    public func motionEasing(_ name: EasingName, duration: Double) -> Easing {
        Easing(name, bezier: cubicBezier, springDamping: springDamping, springVelocity: springVelocity, duration: duration,
               springDuration: springDuration, springBounce: springBounce)
    }
}
