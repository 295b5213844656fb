public enum LineCap: String, CaseIterable, Sendable { case round, butt, square }
public enum SmoothingName: String, CaseIterable, Sendable { case none, movingAverage, exponential, gaussian }
/// What the line does at a missing price: split into pieces, or one segment across it.
public enum GapStyle: String, CaseIterable, Sendable { case `break`, bridge }
/// How many price points a period gets: per period, as an app's backend sends them, or one fixed count.
public enum PointSizing: String, CaseIterable, Sendable { case perPeriod, fixed }
/// What the transition becomes when the viewer asks for reduced motion: the two states'
/// pictures crossfading (no geometric morph, no overshoot), or a jump.
public enum ReducedMotionStyle: String, CaseIterable, Sendable { case crossfade, none }
/// When the chart taps the finger: never, or each time the selection moves to another point.
public enum HapticsStyle: String, CaseIterable, Sendable { case off, onPointCrossed }

/// Every tunable parameter of the chart, typed, with its default. Together with
/// `ChartStyle.definitions` below this is the one place a parameter is declared: the page,
/// presets, validation and exports all iterate over the definitions.
public struct ChartStyle: Sendable, Equatable {
    public var inactiveLineWidth = 4.0
    public var activeLineWidth = 2.0
    public var lineColor = "#F7931A"
    public var trailingColor = "#B8B8B8"
    public var lineCap = LineCap.round
    public var smoothing = SmoothingName.movingAverage
    public var smoothingWindow = 21
    public var smoothingSpan = 0.25
    public var smoothingAlpha = 0.2
    public var smoothingSigma = 3.0
    public var smoothedEndsOnPrice = true
    public var inactiveCurve = CurveName.natural
    public var activeCurve = CurveName.linear
    public var catmullRomAlpha = 0.5
    public var cardinalTension = 0.0
    public var animationEnabled = true
    public var animationDuration = 0.3
    public var easing = EasingName.easeInOut
    public var cubicBezier = [0.42, 0, 0.58, 1]
    public var springDamping = 1.0
    public var springVelocity = 0.5
    public var springDuration = 0.5
    public var springBounce = 0.0
    public var fillEnabled = true
    public var fillColor = "#F7931A"
    public var fillTopOpacity = 0.7
    public var fillBottomOpacity = 0.0
    public var verticalScale = 0.8
    public var pointSizing = PointSizing.perPeriod
    public var pointCount = 28
    public var gapStyle = GapStyle.break
    public var indicatorColor = "#E0245E"
    public var indicatorDash = 2.0
    public var markerRadius = 4.0
    public var labelEnabled = true
    public var reducedMotionStyle = ReducedMotionStyle.crossfade
    public var reducedMotionDuration = 0.2
    public var haptics = HapticsStyle.off
    public var hapticsMinInterval = 50.0
    // The motions besides the press (their definitions: MotionParameters.swift).
    public var periodMorphStyle = PeriodMorphStyle.morph
    public var periodDuration = 0.4
    public var periodEasing = EasingName.easeInOut
    public var periodReducedMotion = ReducedMotionStyle.crossfade
    public var livePriceDuration = 0.3
    public var livePriceEasing = EasingName.easeOut
    public var livePriceFlash = true
    public var livePriceUpColor = "#2EBD85"
    public var livePriceDownColor = "#E0245E"
    public var livePriceFlashDuration = 0.6
    public var livePriceReducedMotion = ReducedMotionStyle.crossfade
    public var revealPlaceholder = RevealPlaceholder.skeleton
    public var revealStyle = RevealStyle.drawOn
    public var revealDuration = 0.6
    public var revealEasing = EasingName.easeOut
    public var revealReducedMotion = ReducedMotionStyle.crossfade
    public var outageStaleAfter = 60.0
    public var outageDimOpacity = 0.5

    public init() {}

    public static let definitions: [ParameterDefinition] = [
        .number(\.inactiveLineWidth, "inactiveLineWidth", "Inactive line width", group: "Line", range: 0.5...12, step: 0.5, unit: "px",
                help: "Line width while nobody touches the chart, in points (px at 1×)."),
        .number(\.activeLineWidth, "activeLineWidth", "Active line width", group: "Line", range: 0.5...12, step: 0.5, unit: "px",
                help: "Line width while a finger presses the chart, in points (px at 1×)."),
        .color(\.lineColor, "lineColor", "Line colour", group: "Line", help: "Colour of the line, #RRGGBB; left of the finger while pressing."),
        .color(\.trailingColor, "trailingColor", "Trailing colour", group: "Line", help: "Line colour right of the finger in the active state, #RRGGBB."),
        .choice(\.lineCap, "lineCap", "Line cap", group: "Line", help: "Shape of the line's two ends: round, flat at the end (butt) or square past it."),
        .choice(\.smoothing, "smoothing", "Smoothing", group: "Smoothing", help: "How the inactive line's prices are smoothed; the active line always shows raw prices."),
        .integer(\.smoothingWindow, "smoothingWindow", "Window", group: "Smoothing", range: 1...61, step: 2, oddOnly: true,
                 help: "Price points in the centred moving average: an odd count, 1 to 61.",
                 when: ParameterDefinition.Condition.key("smoothing", is: "movingAverage").and("pointSizing", is: "fixed"), legacyImplies: legacySizing),
        .number(\.smoothingSpan, "smoothingSpan", "Span", group: "Smoothing", range: 0.05...1, step: 0.05,
                help: "Share of the period's price points in the centred moving average, 0.05 to 1: the window is the odd count nearest to it (at least 1).",
                when: ParameterDefinition.Condition.key("smoothing", is: "movingAverage").and("pointSizing", is: "perPeriod")),
        .number(\.smoothingAlpha, "smoothingAlpha", "Alpha", group: "Smoothing", range: 0.01...1, step: 0.01,
                help: "Weight of the newest price in exponential smoothing, 0.01 (very smooth) to 1 (raw).", when: .key("smoothing", is: "exponential")),
        .number(\.smoothingSigma, "smoothingSigma", "Sigma", group: "Smoothing", range: 0.5...20, step: 0.5,
                help: "Width (σ) of the Gaussian kernel, in price points.", when: .key("smoothing", is: "gaussian")),
        .toggle(\.smoothedEndsOnPrice, "smoothedEndsOnPrice", "Ends on real prices", group: "Smoothing",
                help: "The smoothed line starts on the period's first price and ends on the current one, easing into them.",
                when: .key("smoothing", is: "movingAverage", "exponential", "gaussian")),
        .choice(\.inactiveCurve, "inactiveCurve", "Inactive curve", group: "Interpolation",
                help: "How the line passes between price points while nobody touches the chart (d3-shape's curves)."),
        .choice(\.activeCurve, "activeCurve", "Active curve", group: "Interpolation",
                help: "How the line passes between price points while pressed; linear shows each price exactly."),
        .number(\.catmullRomAlpha, "catmullRomAlpha", "Catmull–Rom alpha", group: "Interpolation", range: 0...1, step: 0.05,
                help: "0–1: 0 uniform, 0.5 centripetal (no loops), 1 chordal.", when: .either(["inactiveCurve", "activeCurve"], is: "catmullRom")),
        .number(\.cardinalTension, "cardinalTension", "Cardinal tension", group: "Interpolation", range: 0...1, step: 0.05,
                help: "0–1: 0 a Catmull–Rom-like spline, 1 straight lines.", when: .either(["inactiveCurve", "activeCurve"], is: "cardinal")),
        .toggle(\.animationEnabled, "animationEnabled", "Animate transition", group: "Animation",
                help: "Off: the chart switches between inactive and active at once."),
        .number(\.animationDuration, "animationDuration", "Duration", group: "Animation", range: 0...2, step: 0.05, unit: "s",
                help: "Seconds the transition into and out of the active state takes, 0 to 2.",
                when: .key("easing", is: "linear", "easeIn", "easeOut", "easeInOut", "cubicBezier", "spring")),
        .choice(\.easing, "easing", "Easing", group: "Animation",
                help: "How progress runs over time: CSS timing curves, a spring tuned by duration and bounce (SwiftUI, Figma), or UIKit's damping and velocity over the duration.",
                presets: SpringPreset.all.map(\.choice)),
        .cubicBezier(\.cubicBezier, "cubicBezier", "Cubic Bézier", group: "Animation", help: "x1, y1, x2, y2 as in CSS cubic-bezier(): x within 0–1 (time), y −5 to 5 (progress; beyond 0–1 overshoots).",
                     when: .key("easing", is: "cubicBezier")),
        .number(\.springDuration, "springDuration", "Spring duration", group: "Animation", range: 0.1...2, step: 0.05, unit: "s",
                help: "Perceptual duration as SwiftUI's Spring(duration:bounce:), 0.1–2 s: the pace of the spring (its undamped period). The transition lasts until it has settled.",
                when: .key("easing", is: "perceptualSpring")),
        .number(\.springBounce, "springBounce", "Bounce", group: "Animation", range: 0...0.9, step: 0.05,
                help: "How much the spring overshoots, 0 (none) to 0.9 (very bouncy); damping ratio = 1 − bounce.",
                when: .key("easing", is: "perceptualSpring")),
        .number(\.springDamping, "springDamping", "Spring damping", group: "Animation", range: 0.05...1, step: 0.05,
                help: "Damping ratio, 0.05–1: 1 settles without overshoot; lower values bounce. The frequency follows from the duration.",
                when: .key("easing", is: "spring")),
        .number(\.springVelocity, "springVelocity", "Spring velocity", group: "Animation", range: 0...10, step: 0.1,
                help: "Initial speed as UIKit's initialSpringVelocity, 0–10 total distances per second.", when: .key("easing", is: "spring", "perceptualSpring")),
        .toggle(\.fillEnabled, "fillEnabled", "Gradient fill", group: "Fill", help: "A vertical gradient under the line (left of the finger while pressed)."),
        .color(\.fillColor, "fillColor", "Fill colour", group: "Fill", help: "Colour of the gradient under the line, #RRGGBB."),
        .number(\.fillTopOpacity, "fillTopOpacity", "Top opacity", group: "Fill", range: 0...1, step: 0.05,
                help: "Opacity of the fill at the top of the chart, 0 (transparent) to 1 (opaque)."),
        .number(\.fillBottomOpacity, "fillBottomOpacity", "Bottom opacity", group: "Fill", range: 0...1, step: 0.05,
                help: "Opacity of the fill at the bottom edge, 0 (transparent) to 1 (opaque)."),
        .number(\.verticalScale, "verticalScale", "Vertical scale", group: "Layout", range: 0.5...1, step: 0.01,
                help: "Share of the chart's height the visible low…high spans, centred: 0.5 to 1 (all of it)."),
        .choice(\.pointSizing, "pointSizing", "Price points", group: "Data",
                help: "Per period: as many prices as an app's backend sends for each period (1D \(Period.day.backendPointCount), 1W \(Period.week.backendPointCount), 1M \(Period.month.backendPointCount), 1Y \(Period.year.backendPointCount), ALL \(Period.all.backendPointCount)). Fixed: one count for every period."),
        .integer(\.pointCount, "pointCount", "Point count", group: "Data", range: 10...2000, step: 1, oddOnly: false,
                 help: "Prices the backend sends for any period, 10 to 2000: the window is cut into this many equal time buckets, each drawn at its last price.",
                 when: .key("pointSizing", is: "fixed"), legacyImplies: legacySizing),
        .choice(\.gapStyle, "gapStyle", "Gaps", group: "Data",
                help: "At a missing price: break splits the line, bridge joins it with one segment."),
        .color(\.indicatorColor, "indicatorColor", "Indicator colour", group: "Indicator", help: "Colour of the vertical line and marker at the finger, #RRGGBB."),
        .number(\.indicatorDash, "indicatorDash", "Indicator dash", group: "Indicator", range: 0...8, step: 0.5, unit: "px",
                help: "Dash length of the vertical indicator in points (px at 1×); 0 draws it solid."),
        .number(\.markerRadius, "markerRadius", "Marker radius", group: "Indicator", range: 0...8, step: 0.5, unit: "px",
                help: "Radius of the dot on the line at the finger, in points (px at 1×); 0 hides it."),
        .toggle(\.labelEnabled, "labelEnabled", "Price label", group: "Indicator",
                help: "The selected price and time inside the chart, kept clear of the line."),
        .choice(\.reducedMotionStyle, "reducedMotionStyle", "Reduced motion", group: "Accessibility",
                help: "What the transition becomes when the viewer asks for reduced motion (iOS Reduce Motion, Android animator scale 0, prefers-reduced-motion): a crossfade of the rest and pressed pictures, linear and never overshooting, or none (they switch at once). The line never morphs."),
        .number(\.reducedMotionDuration, "reducedMotionDuration", "Crossfade duration", group: "Accessibility", range: 0...1, step: 0.05, unit: "s",
                help: "Seconds the reduced-motion crossfade takes, 0 to 1 (linear).", when: .key("reducedMotionStyle", is: "crossfade")),
        .choice(\.haptics, "haptics", "Haptics", group: "Accessibility",
                help: "Off, or a light selection tick each time the finger moves the selection to another price point (UISelectionFeedbackGenerator, Compose TextHandleMove, the Vibration API)."),
        .number(\.hapticsMinInterval, "hapticsMinInterval", "Haptics interval", group: "Accessibility", range: 0...500, step: 10, unit: "ms",
                help: "Fewest milliseconds between two ticks, 0 to 500: a fast scrub over many points does not buzz.", when: .key("haptics", is: "onPointCrossed")),
    ] + motionDefinitions

    /// Presets and links from before per-period sizing set a point count or window of points
    /// without saying how points are sized: they meant a fixed count.
    static let legacySizing = (key: "pointSizing", value: ParameterValue.text(PointSizing.fixed.rawValue))

    /// Values implied by the keys given (see `legacySizing`): a key's implication applies when
    /// the implied key itself was not given.
    public static func impliedValues(givenKeys: some Collection<String>) -> [(key: String, value: ParameterValue)] {
        var implied: [(key: String, value: ParameterValue)] = []
        for key in givenKeys {
            guard let implication = ParameterDefinition.named(key)?.legacyImplies, !givenKeys.contains(implication.key),
                  !implied.contains(where: { $0.key == implication.key }) else { continue }
            implied.append(implication)
        }
        return implied
    }

    /// Sets the values implied by the keys given (old presets and links).
    public mutating func applyImplications(givenKeys: some Collection<String>) {
        for (key, value) in Self.impliedValues(givenKeys: givenKeys) { try? set(key, value) }
    }

    public static let groups: [String] = definitions.reduce(into: []) { groups, d in
        if !groups.contains(d.group) { groups.append(d.group) }
    }

    private static let byKey: [String: Int] = Dictionary(uniqueKeysWithValues: definitions.enumerated().map { ($1.key, $0) })

    /// The current value of every parameter, in definition order.
    public var values: [(key: String, value: ParameterValue)] {
        Self.definitions.map { ($0.key, $0.read(self)) }
    }

    /// Validates and sets one parameter.
    public mutating func set(_ key: String, _ value: ParameterValue) throws(ParameterError) {
        guard let definition = ParameterDefinition.named(key) else {
            throw ParameterError(field: key, message: "unknown parameter")
        }
        definition.write(&self, try definition.validate(value))
    }

    /// A style from the given values on top of the defaults. Unknown keys are returned, not
    /// dropped silently; the first invalid value throws, naming its key.
    public static func from(_ values: [String: ParameterValue]) throws(ParameterError) -> (style: ChartStyle, unknownKeys: [String]) {
        var style = ChartStyle()
        var unknown: [String] = []
        for key in values.keys.sorted() {
            guard let value = values[key] else { continue }
            if ParameterDefinition.named(key) == nil { unknown.append(key); continue }
            try style.set(key, value)
        }
        style.applyImplications(givenKeys: values.keys)
        return (style, unknown)
    }
}

extension ParameterDefinition {
    public static func named(_ key: String) -> ParameterDefinition? {
        ChartStyle.definitionIndex(key).map { ChartStyle.definitions[$0] }
    }
}

extension ChartStyle {
    static func definitionIndex(_ key: String) -> Int? { byKey[key] }

    /// Price points drawn for a period.
    public func pointCount(for period: Period) -> Int {
        pointSizing == .fixed ? pointCount : period.backendPointCount
    }

    /// The moving average's window over `points` prices: the fixed window, or the odd count
    /// nearest to `smoothingSpan` of them (at least 1).
    public func movingAverageWindow(points: Int) -> Int {
        guard pointSizing == .perPeriod else { return smoothingWindow }
        let share = smoothingSpan * Double(Swift.max(0, points))
        return Swift.max(1, 2 * Int(((share - 1) / 2).rounded()) + 1)
    }

    /// Engine settings derived from the parameters, for a line of `points` prices.
    public func smoothingMethod(points: Int) -> Smoothing {
        switch smoothing {
        case .none: .none
        case .movingAverage: .movingAverage(window: movingAverageWindow(points: points))
        case .exponential: .exponential(alpha: smoothingAlpha)
        case .gaussian: .gaussian(sigma: smoothingSigma)
        }
    }

    public func curve(_ name: CurveName) -> Curve {
        Curve(name, catmullRomAlpha: catmullRomAlpha, cardinalTension: cardinalTension)
    }

    public var inactive: Curve { curve(inactiveCurve) }
    public var active: Curve { curve(activeCurve) }

    public var easingFunction: Easing {
        Easing(easing, bezier: cubicBezier, springDamping: springDamping, springVelocity: springVelocity, duration: animationDuration,
               springDuration: springDuration, springBounce: springBounce)
    }

    /// Seconds the motion takes: the duration, or for a spring tuned by duration and bounce the
    /// time it takes to settle (the easing's fraction 1).
    public var motionDuration: Double {
        if easing == .perceptualSpring, case .spring(let spring) = easingFunction.kind { return spring.duration }
        return animationDuration
    }

    /// Seconds the transition lasts; zero when animation is off.
    public var transitionDuration: Double { animationEnabled ? motionDuration : 0 }

    /// The motion under reduced motion: linear over `reducedMotionDuration` (a crossfade) or
    /// no animation at all; never a spring, never an overshoot.
    public var reducedMotionVariant: ChartStyle {
        var reduced = self
        reduced.easing = .linear
        reduced.animationDuration = reducedMotionDuration
        if reducedMotionStyle == .none || !animationEnabled || reducedMotionDuration == 0 { reduced.animationEnabled = false }
        return reduced
    }

    /// The style whose motion plays: the reduced variant when the viewer asks for reduced motion.
    public func motionStyle(reducedMotion: Bool) -> ChartStyle { reducedMotion ? reducedMotionVariant : self }

    public func lineWidth(at progress: Double) -> Double {
        // Beyond 0…1 (a spring's overshoot) the width extrapolates too, but never below zero.
        Swift.max(0, (1 - progress) * inactiveLineWidth + progress * activeLineWidth)
    }
}
