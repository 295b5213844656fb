/// Can everyone read the chart a style draws? WCAG 2.x contrast of each coloured element against
/// each of the chart's backgrounds, and how far apart the colours that must be told apart stay
/// for typical vision and the three dichromacies (Machado 2009 simulation, CIEDE2000).
///
/// Driven by data: `elements(of:)` lists what the scene draws (colour as drawn, state, width, text
/// or graphics) and `pairs(of:over:)` the colours that must differ; nothing here names a colour
/// by hand. The JSON shape is documented in docs/readability.md.
public struct ReadabilityReport: Sendable, Equatable, Codable {
    /// The minimum ΔE00 between two colours of the chart that must be told apart (the line
    /// before and after the finger; the line and the fill under it), for every vision simulated.
    ///
    /// 10 is our choice, not a standard. ΔE00 ≈ 1–2 is a just-noticeable difference for large
    /// patches in contact under reference conditions; 2–10 is commonly read as "perceptible at a
    /// glance". The line is a 2–4 px stroke, and Szafir (2018, "Modeling Color Difference for
    /// Visualization Design", IEEE TVCG 24(1)) measured that the difference needed to tell colours
    /// apart grows several-fold as marks get thinner and smaller. So we ask for the top of the
    /// "at a glance" band: two colours 10 apart are plainly different in a thin line on a phone,
    /// where a 3–5 difference reads as the same colour slightly shaded.
    public static let distinctnessMinimum = 10.0

    public struct Thresholds: Sendable, Equatable, Codable {
        public var graphics = WCAGContrast.graphicsMinimum
        public var text = WCAGContrast.textMinimum
        public var distinctness = ReadabilityReport.distinctnessMinimum
    }

    public struct Background: Sendable, Equatable, Codable {
        public var name: ChartBackground
        public var color: String
        public var text: String
    }

    public enum Kind: String, Sendable, Codable { case graphics, text }
    public enum State: String, Sendable, Codable { case rest, active }

    /// One element against one background.
    public struct Contrast: Sendable, Equatable, Codable {
        /// `line`, `trailing`, `indicator`, `labelPrice`, `labelTime`.
        public var element: String
        public var name: String
        public var state: State
        public var background: ChartBackground
        /// The colour as drawn: a partly opaque element is its colour composited over the background.
        public var color: String
        /// Stroke width in px (lines), or text size in px (label).
        public var size: Double
        public var kind: Kind
        public var ratio: Double
        public var threshold: Double
        public var pass: Bool
    }

    /// A colour as drawn and as seen with one kind of vision.
    public struct Seen: Sendable, Equatable, Codable {
        public var color: String
        /// The simulated colour rounded to 8 bits, for showing it.
        public var seen: String
        /// The simulated colour in CIELAB (D65), unrounded: what ΔE00 is computed from.
        public var lab: CIELAB
    }

    /// Two colours that must be told apart, with one vision.
    public struct Distinctness: Sendable, Equatable, Codable {
        /// `line-trailing` or `line-fill`.
        public var pair: String
        public var name: String
        /// The background the second colour is composited over; absent when neither colour
        /// depends on it (two opaque strokes).
        public var background: ChartBackground?
        public var vision: ColorVision
        public var first: Seen
        public var second: Seen
        public var deltaE: Double
        public var threshold: Double
        public var pass: Bool
    }

    public var pass: Bool
    public var thresholds: Thresholds
    public var backgrounds: [Background]
    public var contrast: [Contrast]
    public var distinctness: [Distinctness]
    /// Every failed check in plain words, contrast first.
    public var failures: [String]

    // MARK: - What the scene draws

    /// An element of the scene whose colour must stand out from the background.
    public struct Element: Sendable {
        public var key: String, name: String, state: State, kind: Kind, size: Double
        /// The colour as drawn over a background.
        public var color: @Sendable (ChartBackground) -> String
    }

    /// What `ChartSceneBuilder` draws in a colour the style or the page chooses: the line at rest
    /// and pressed (one colour, two widths: WCAG 1.4.11 is about colour, the width is reported),
    /// the trailing line and the indicator while pressed, and the label's two lines of text
    /// (the page's text colour; the time line at `ChartSceneBuilder.timeOpacity`).
    public static func elements(of style: ChartStyle) -> [Element] {
        var elements = [
            Element(key: "line", name: "Line", state: .rest, kind: .graphics, size: style.inactiveLineWidth) { _ in style.lineColor },
            Element(key: "line", name: "Line", state: .active, kind: .graphics, size: style.activeLineWidth) { _ in style.lineColor },
            Element(key: "trailing", name: "Trailing line", state: .active, kind: .graphics, size: style.activeLineWidth) { _ in style.trailingColor },
            Element(key: "indicator", name: "Indicator", state: .active, kind: .graphics, size: 1) { _ in style.indicatorColor },
        ]
        if style.labelEnabled {
            elements.append(Element(key: "labelPrice", name: "Label price", state: .active, kind: .text, size: ChartSceneBuilder.priceSize) { $0.text })
            elements.append(Element(key: "labelTime", name: "Label time", state: .active, kind: .text, size: ChartSceneBuilder.timeSize) {
                Color.mix($0.color, $0.text, ChartSceneBuilder.timeOpacity)
            })
        }
        return elements
    }

    /// Two colours that must be told apart.
    public struct Pair: Sendable {
        public var key: String, name: String, first: String, second: String, onBackground: Bool
    }

    /// The line against the trailing line (the finger's split), and against the fill where the
    /// fill is most opaque (its top or bottom opacity, composited over the background: the line
    /// runs along the fill's edge). No fill pair when the fill is off or fully transparent.
    public static func pairs(of style: ChartStyle, over background: ChartBackground) -> [Pair] {
        var pairs = [Pair(key: "line-trailing", name: "Line and trailing line", first: style.lineColor, second: style.trailingColor, onBackground: false)]
        let opacity = Swift.max(style.fillTopOpacity, style.fillBottomOpacity)
        if style.fillEnabled && opacity > 0 {
            pairs.append(Pair(key: "line-fill", name: "Line and fill", first: style.lineColor,
                              second: Color.mix(background.color, style.fillColor, opacity), onBackground: true))
        }
        return pairs
    }

    // MARK: - The check

    public init(style: ChartStyle) {
        thresholds = Thresholds()
        backgrounds = ChartBackground.allCases.map { Background(name: $0, color: $0.color, text: $0.text) }
        contrast = []
        distinctness = []
        let elements = Self.elements(of: style)
        for background in ChartBackground.allCases {
            let ground = SRGBColor(hex: background.color)!
            for element in elements {
                let color = element.color(background)
                let ratio = SRGBColor(hex: color).map { WCAGContrast.ratio($0, ground) } ?? 1
                let threshold = element.kind == .text ? thresholds.text : thresholds.graphics
                contrast.append(Contrast(element: element.key, name: element.name, state: element.state, background: background, color: color,
                                         size: element.size, kind: element.kind, ratio: ratio, threshold: threshold, pass: ratio >= threshold))
            }
        }
        for background in ChartBackground.allCases {
            for pair in Self.pairs(of: style, over: background) where pair.onBackground || background == ChartBackground.allCases[0] {
                for vision in ColorVision.allCases {
                    let first = Self.seen(pair.first, vision), second = Self.seen(pair.second, vision)
                    let deltaE = CIEDE2000.difference(first.lab, second.lab)
                    distinctness.append(Distinctness(pair: pair.key, name: pair.name, background: pair.onBackground ? background : nil, vision: vision,
                                                     first: first, second: second, deltaE: deltaE, threshold: thresholds.distinctness,
                                                     pass: deltaE >= thresholds.distinctness))
                }
            }
        }
        failures = contrast.filter { !$0.pass }.map(Self.sentence) + distinctness.filter { !$0.pass }.map(Self.sentence)
        pass = failures.isEmpty
    }

    static func seen(_ hex: String, _ vision: ColorVision) -> Seen {
        let color = SRGBColor(hex: hex) ?? SRGBColor(red: 0, green: 0, blue: 0)
        return Seen(color: hex, seen: vision.simulate(color).hex, lab: vision.lab(color))
    }

    // MARK: - In words

    /// "Line #FFE8CC on light (at rest, 4 px): 1.21:1, needs 3:1".
    static func sentence(_ c: Contrast) -> String {
        let what = c.kind == .text ? "\(number(c.size)) px text" : "\(number(c.size)) px"
        return "\(c.name) \(c.color) on \(c.background.rawValue) (\(c.state == .rest ? "at rest" : "pressed"), \(what)): "
            + "\(ratio(c.ratio)):1, needs \(number(c.threshold)):1"
    }

    /// "Line #F7931A and fill #FABE76 (over light) with deuteranopia: ΔE00 6.95, needs 10".
    static func sentence(_ d: Distinctness) -> String {
        let over = d.background.map { " (over \($0.rawValue))" } ?? ""
        let vision = d.vision == .none ? "with typical vision" : "with \(d.vision.rawValue)"
        let second = d.pair == "line-fill" ? "fill" : "trailing line"
        return "Line \(d.first.color) and \(second) \(d.second.color)\(over) \(vision): ΔE00 \(ratio(d.deltaE)), needs \(number(d.threshold))"
    }

    /// Two decimals, rounded down, so a value shown never reaches a threshold it misses.
    static func ratio(_ value: Double) -> String { NumberText.format((value * 100).rounded(.down) / 100, digits: 2) }
    static func number(_ value: Double) -> String { NumberText.format(value, digits: 2) }
}
