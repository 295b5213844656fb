/// The outage state: once no price has arrived for `outageStaleAfter` seconds the line and its
/// fill dim to `outageDimOpacity` and the chart says "Prices delayed" in the band above the
/// plot (where the press's label goes, so it never covers the line). A pure function of the
/// scene and the seconds since the last price; before the stale time the scene is unchanged.
public enum Outage {
    public static let message = "Prices delayed"
    static let dimmed: Set<String> = ["line", "trail", "fill", "fill-trailing"]

    public static func isStale(secondsSinceLastPrice seconds: Double, style: ChartStyle) -> Bool {
        seconds.isFinite && seconds >= style.outageStaleAfter
    }

    public static func apply(to frame: ChartScene, secondsSinceLastPrice seconds: Double, style: ChartStyle) -> ChartScene {
        guard isStale(secondsSinceLastPrice: seconds, style: style) else { return frame }
        var result = frame
        result.scene.primitives = frame.scene.primitives.map { dimmed.contains($0.id) ? $0.fading(style.outageDimOpacity) : $0 }
        let width = Double(message.count * ChartSceneBuilder.timeCharWidth)
        result.scene.primitives.append(.text(SceneText(
            id: "outage", runs: [.init(text: message, x: 0, y: ChartSceneBuilder.timeBaseline, size: ChartSceneBuilder.timeSize,
                                       weight: 400, color: nil, opacity: ChartSceneBuilder.timeOpacity)],
            anchor: "start", box: SceneRect(x: 0, y: 0, width: width, height: ChartSceneBuilder.timeBaseline + 4), side: "right", opacity: 1)))
        result.summary = message + ". " + frame.summary
        return result
    }
}
