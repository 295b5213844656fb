import ChartEngine

/// A standalone SVG that plays the preset's transition on its own (SMIL, no script).
enum SVGExport {
    static func animated(_ preset: Preset, data: IndexedSeries, width: Double = 390, height: Double = 240, period: Period = .year) -> String {
        let model = ChartModel(data: data, period: period, style: preset.style, width: width, height: height)
        let document = ChartDocument(model: model, style: preset.style, idPrefix: "cw", title: "Bitcoin price – \(preset.name)")
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + document.animatedSVG() + "\n"
    }
}
