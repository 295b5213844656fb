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
