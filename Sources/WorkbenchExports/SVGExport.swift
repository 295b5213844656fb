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
    package struct View: Equatable, Sendable {
        package static let key = "svgView"
        package var width = 390.0, height = 240.0, period = Period.year, background = Background.light

        package init(width: Double = 390, height: Double = 240, period: Period = .year, background: Background = .light) {
            self.width = width; self.height = height; self.period = period; self.background = background
        }

        package var json: JSONValue {
            .object([("width", .number(width)), ("height", .number(height)), ("period", .string(period.rawValue)),
                     ("background", .string(background.rawValue))])
        }

        /// The view a block states, within the sizes the page may ask for; nil when it states none or another.
        package init?(json: JSONValue) {
            guard let width = json["width"]?.numberValue, (80...4000).contains(width), let height = json["height"]?.numberValue,
                  (60...3000).contains(height), let period = json["period"]?.stringValue.flatMap(Period.init(rawValue:)),
                  let background = json["background"]?.stringValue.flatMap(Background.init(rawValue:)) else { return nil }
            self.init(width: width, height: height, period: period, background: background)
        }
    }

    package static func animated(_ preset: Preset, data: IndexedSeries, view: View) -> String {
        animated(preset, data: data, width: view.width, height: view.height, period: view.period, background: view.background)
    }

    package static func animated(_ preset: Preset, data: IndexedSeries, width: Double = 390, height: Double = 240, period: Period = .year,
                         background: Background = .light) -> String {
        let model = ChartModel(data: data, period: period, style: preset.style, width: width, height: height)
        let document = ChartDocument(model: model, style: preset.style, idPrefix: "cw", title: "Bitcoin price – \(preset.name)")
        var svg = document.animatedSVG()
        if let fill = background.fill, let open = svg.range(of: "<svg"), let end = svg[open.upperBound...].firstIndex(of: ">") {
            svg.insert(contentsOf: "<rect width=\"100%\" height=\"100%\" fill=\"\(fill)\"/>", at: svg.index(after: end))
        }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + svg + "\n"
    }
}
