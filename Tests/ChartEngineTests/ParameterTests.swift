import Foundation
import Testing
@testable import ChartEngine

@Suite struct ParameterTests {
    @Test func definitionsAreUniqueAndDefaultsValid() {
        let keys = ChartStyle.definitions.map(\.key)
        #expect(Set(keys).count == keys.count)
        #expect(keys.count == 33)
        for d in ChartStyle.definitions { #expect(throws: Never.self) { _ = try d.validate(d.defaultValue) } }
    }

    @Test func badValuesNameTheirField() {
        var style = ChartStyle()
        #expect(throws: ParameterError(field: "inactiveLineWidth", message: "must be between 0.5 and 12 px, got 13")) {
            try style.set("inactiveLineWidth", .number(13))
        }
        #expect(throws: ParameterError.self) { try style.set("smoothingWindow", .number(20)) }
        #expect(throws: ParameterError.self) { try style.set("inactiveCurve", .text("wobbly")) }
        #expect(throws: ParameterError.self) { try style.set("lineColor", .text("red")) }
        #expect(throws: ParameterError.self) { try style.set("cubicBezier", .numbers([2, 0, 0.5, 1])) }
        #expect(throws: ParameterError.self) { try style.set("fillEnabled", .number(1)) }
        #expect(throws: ParameterError(field: "nope", message: "unknown parameter")) { try style.set("nope", .number(1)) }
        try? style.set("lineColor", .text("#abcdef"))
        #expect(style.lineColor == "#ABCDEF")
    }

    @Test func styleFromValuesReportsUnknownKeys() throws {
        let (style, unknown) = try ChartStyle.from(["activeCurve": .text("monotone"), "glow": .number(1)])
        #expect(style.activeCurve == .monotone && unknown == ["glow"])
    }

    @Test func visibilityFollowsConditions() {
        var style = ChartStyle()
        let window = ParameterDefinition.named("smoothingWindow")!, alpha = ParameterDefinition.named("catmullRomAlpha")!
        #expect(window.isVisible(in: style) && !alpha.isVisible(in: style))
        style.smoothing = .gaussian
        style.activeCurve = .catmullRom
        #expect(!window.isVisible(in: style) && alpha.isVisible(in: style))
    }
}
