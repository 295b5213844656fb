/// The chart's two backgrounds and the text colour on each: the page's phone frame
/// (`.phone.theme-light` / `.theme-dark` in Public/css/app.css) and the dark SVG export
/// (WorkbenchKit's `SVGExport.Background`). The scene draws its label in `currentColor`, so the
/// label is this text colour. Defined here once for the engine's readability check; the page and
/// the export still spell their own copies.
public enum ChartBackground: String, CaseIterable, Sendable, Codable {
    case light, dark

    public var color: String { self == .light ? "#FFFFFF" : "#0F1115" }
    public var text: String { self == .light ? "#15171C" : "#F2F3F5" }
}
