import Testing
@testable import ChartEngine

@Suite struct OutageTests {
    static let model = ChartModel(times: (0..<30).map { Double($0) * 60 }, raw: (0..<30).map { 100 + Double($0 % 7) },
                                  style: ChartStyle(), width: 300, height: 180)

    @Test func beforeTheStaleTimeNothingChanges() {
        let frame = ChartSceneBuilder(style: ChartStyle())(Self.model, .inactive)
        #expect(Outage.apply(to: frame, secondsSinceLastPrice: 59, style: ChartStyle()) == frame)
        #expect(Outage.apply(to: frame, secondsSinceLastPrice: .nan, style: ChartStyle()) == frame)
    }

    @Test func onceStaleTheLineDimsAndTheChartSaysSo() {
        var style = ChartStyle()
        style.outageStaleAfter = 30; style.outageDimOpacity = 0.4
        let frame = ChartSceneBuilder(style: style)(Self.model, ChartState(progress: 1, selection: 0.5))
        let stale = Outage.apply(to: frame, secondsSinceLastPrice: 30, style: style)
        for id in ["line", "trail", "fill"] {
            #expect(stale.scene.primitive(id) == frame.scene.primitive(id)?.fading(0.4), "\(id)")
        }
        #expect(stale.scene.primitive("indicator") == frame.scene.primitive("indicator"))
        guard case .text(let label)? = stale.scene.primitive("outage") else { Issue.record("no outage label"); return }
        #expect(label.runs.map(\.text) == ["Prices delayed"])
        #expect(label.box.y + label.box.height <= Self.model.labelBand)
        #expect(stale.summary.hasPrefix("Prices delayed."))
    }
}
