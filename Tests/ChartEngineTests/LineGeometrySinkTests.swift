import Testing
@testable import ChartEngine

/// `LineGeometry.draw(into:)` is what an app draws with (a SwiftUI Path is a sink): it must be
/// the very geometry the workbench writes as text, at every progress, with gaps and overshoot.
@Suite struct LineGeometrySinkTests {
    @Test(arguments: [0.0, 0.3, 0.5, 1.0, 1.12, -0.05])
    func sinkDrawsTheSameGeometryAsTheText(progress: Double) {
        var style = ChartStyle()
        style.inactiveCurve = .natural
        style.activeCurve = .monotone
        let times = (0..<40).map { Double($0) * 60 }
        let prices = times.indices.map { i in i == 17 || i == 18 ? Double.nan : 100 + Double((i * 37) % 11) }
        let model = ChartModel(times: times, raw: prices, style: style, width: 390, height: 240)
        let text = LineGeometry(model: model, style: style, progress: progress, digits: nil)
        var line = PathWriter(digits: nil), fill = PathWriter(digits: nil)
        LineGeometry.draw(model: model, style: style, progress: progress, into: &line)
        LineGeometry.draw(model: model, style: style, progress: progress, fill: true, into: &fill)
        #expect(line.text == text.line)
        #expect(fill.text == text.fill)
        #expect(line.text.filter { $0 == "M" }.count == 2)  // the gap splits the line
    }
}
