import WorkbenchSupport
import WorkbenchStores
import ChartEngine

/// A standalone SVG that plays the preset's transition on its own (SMIL, no script).
package enum SVGExport {
    /// The page's chart backgrounds; `light` leaves the SVG transparent as before.
    package enum Background: String, CaseIterable, Sendable {
        case light, dark
        package var fill: String? { self == .dark ? "#0F1115" : nil }
    }

    /// The view an SVG was drawn at: a signed fact of an SVG exported from the page (key
    /// `svgView`), so `workbench verify` draws it again the same size, period and background.
    package struct View: Equatable, Sendable, Encodable {
        package static let key = "svgView"
        package var width = 390.0, height = 240.0, period = Period.year, background = Background.light

        package init(width: Double = 390, height: Double = 240, period: Period = .year, background: Background = .light) {
            self.width = width; self.height = height; self.period = period; self.background = background
        }

        package var json: JSONValue { JSONValueEncoder.encode(self) }

        /// The view a block states, within the sizes the page may ask for; nil when it states none or another.
        package init?(json: JSONValue) {
            guard let width = json["width"]?.numberValue, (80...4000).contains(width), let height = json["height"]?.numberValue,
                  (60...3000).contains(height), let period = json["period"]?.stringValue.flatMap(Period.init(rawValue:)),
                  let background = json["background"]?.stringValue.flatMap(Background.init(rawValue:)) else { return nil }
            self.init(width: width, height: height, period: period, background: background)
        }

        private enum CodingKeys: String, CodingKey { case width, height, period, background }

        package func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(width, forKey: .width)
            try c.encode(height, forKey: .height)
            try c.encode(period.rawValue, forKey: .period)
            try c.encode(background.rawValue, forKey: .background)
        }
    }

    package static func animated(_ preset: Preset, data: IndexedSeries, view: View) -> String {
        animated(preset, data: data, width: view.width, height: view.height, period: view.period, background: view.background)
    }

    package static func animated(_ preset: Preset, data: IndexedSeries, width: Double = 390, height: Double = 240, period: Period = .year,
                         background: Background = .light) -> String {
        let model = ChartModel(data: data, period: period, style: preset.style, width: width, height: height)
        let document = ChartDocument(model: model, style: preset.style, idPrefix: "cw", title: "Bitcoin price – \(preset.name)")
        var svg = withOutageState(document.animatedSVG(), document: document)
        if let fill = background.fill, let open = svg.range(of: "<svg"), let end = svg[open.upperBound...].firstIndex(of: ">") {
            svg.insert(contentsOf: "<rect width=\"100%\" height=\"100%\" fill=\"\(fill)\"/>", at: svg.index(after: end))
        }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + motionNote(preset.style) + "\n" + svg + "\n"
    }

    /// The class a page adds to the `<svg>` element while its prices are stale.
    package static let outageClass = "cw-outage"

    /// The outage state in the same file: the engine's rest picture dimmed with its words
    /// (`Outage.apply`), hidden until the `<svg>` has the class `cw-outage`, which hides the loop.
    static func withOutageState(_ svg: String, document: ChartDocument) -> String {
        var stale = document
        stale.idPrefix = document.idPrefix + "-outage"
        let rest = stale.builder()(document.model, .inactive)
        let dimmed = stale.svg(Outage.apply(to: rest, secondsSinceLastPrice: document.style.outageStaleAfter, style: document.style))
        guard let head = dimmed.range(of: "</desc>"), let tail = dimmed.range(of: "</svg>", options: .backwards),
              let close = svg.range(of: "</svg>", options: .backwards), let style = svg.range(of: "</style>") else { return svg }
        let css = ".cw-outage-state{display:none}svg.\(outageClass) .cw-full-motion,svg.\(outageClass) .cw-reduced-motion{display:none}"
            + "svg.\(outageClass) .cw-outage-state{display:inline}"
        var result = svg
        result.replaceSubrange(close, with: "<g class=\"cw-outage-state\">" + dimmed[head.upperBound..<tail.lowerBound] + "</g></svg>")
        result.insert(contentsOf: css, at: style.lowerBound)
        return result
    }

    /// What this file carries of the chart's motions and what it cannot, for the engineer who opens it.
    static func motionNote(_ style: ChartStyle) -> String {
        let timing = MotionExport(style: MotionExport.periodTiming(style)).cssTimingFunction().text
        let duration = NumberText.format(style.periodDuration * 1000, digits: 3)
        let text = "Motions in this file: the press and release loop (SMIL, no script) and its reduced-motion variant "
            + "(shown under CSS prefers-reduced-motion: reduce); the outage state (the line and fill dimmed to "
            + "\(NumberText.shortest(style.outageDimOpacity)), \"\(Outage.message)\"), shown while the svg element has the class "
            + "\"\(outageClass)\" (add it after \(NumberText.shortest(style.outageStaleAfter)) s without a new price). "
            + "Not in this file: the period change (\(style.periodMorphStyle.rawValue), \(duration) ms, animation-timing-function: \(timing)): "
            + "an SVG holds one period's prices, and the morph between two periods is drawn by the engine frame by frame "
            + "(the app engines, motion.json \"period\", vectors.json \"motions\"); CSS cannot interpolate paths of two different prices series. "
            + "Nor the live price (it needs prices that arrive while the chart is shown) or the first-load reveal "
            + "(this file opens with its prices; the app engines draw both, vectors.json \"motions\")."
        // A comment may not hold "--".
        return "<!-- " + text.replacingOccurrences(of: "--", with: "- -") + " -->"
    }
}
