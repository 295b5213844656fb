import Foundation
import Testing
@testable import ChartEngine

@Suite struct ParameterTests {
    @Test func definitionsAreUniqueAndDefaultsValid() {
        let keys = ChartStyle.definitions.map(\.key)
        #expect(Set(keys).count == keys.count)
        #expect(keys.count == 57)   // 29 of the specification, labelEnabled, smoothedEndsOnPrice, the spring's duration and bounce, pointSizing, smoothingSpan, reduced motion (style, duration), haptics (style, interval); 18 of the other motions (period change 4, live price 7, first load 5, outage 2)
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
        let span = ParameterDefinition.named("smoothingSpan")!, alpha = ParameterDefinition.named("catmullRomAlpha")!
        let window = ParameterDefinition.named("smoothingWindow")!, count = ParameterDefinition.named("pointCount")!
        #expect(span.isVisible(in: style) && !alpha.isVisible(in: style) && !window.isVisible(in: style) && !count.isVisible(in: style))
        style.pointSizing = .fixed
        #expect(!span.isVisible(in: style) && window.isVisible(in: style) && count.isVisible(in: style))
        style.smoothing = .gaussian
        style.activeCurve = .catmullRom
        #expect(!window.isVisible(in: style) && !span.isVisible(in: style) && alpha.isVisible(in: style))
    }

    @Test func oldPresetsWithAPointCountOrWindowKeepTheirFixedSizing() throws {
        #expect(ChartStyle().pointSizing == .perPeriod)
        for key in ["pointCount", "smoothingWindow"] {
            let (style, _) = try ChartStyle.from([key: .number(41)])
            #expect(style.pointSizing == .fixed, "\(key)")
        }
        let (explicit, _) = try ChartStyle.from(["pointCount": .number(41), "pointSizing": .text("perPeriod")])
        #expect(explicit.pointSizing == .perPeriod && explicit.pointCount(for: .day) == Period.day.backendPointCount)
        var fixed = ChartStyle()
        fixed.pointSizing = .fixed; fixed.pointCount = 41
        #expect(fixed.pointCount(for: .day) == 41 && fixed.movingAverageWindow(points: 41) == fixed.smoothingWindow)
    }

    @Test func theSpanIsAnOddShareOfThePoints() {
        var style = ChartStyle()
        style.smoothingSpan = 0.25
        #expect(style.movingAverageWindow(points: 12) == 3)
        #expect(style.movingAverageWindow(points: 17) == 5)
        #expect(style.movingAverageWindow(points: 2) == 1)
        style.smoothingSpan = 1
        #expect(style.movingAverageWindow(points: 40) == 41)
    }
}
