import Foundation
import Testing
@testable import ChartEngine

/// Reduced motion, the chart's words and haptics (issue 28 items 3 and 4).
@Suite struct AccessibilityTests {
    // 1 March 2025 00:00 UTC and the days after it.
    let march1 = 1_740_787_200.0
    func model(_ prices: [Double], style: ChartStyle = ChartStyle(), period: Period = .year, step: Double = 86_400) -> ChartModel {
        ChartModel(times: prices.indices.map { march1 + Double($0) * step }, raw: prices, style: style, width: 300, height: 200, period: period)
    }

    @Test func reducedVariantIsLinearOverItsDurationAndNeverASpring() {
        var style = ChartStyle()
        style.easing = .perceptualSpring
        style.springBounce = 0.5
        let reduced = style.reducedMotionVariant
        #expect(reduced.easing == .linear && reduced.transitionDuration == 0.2)
        let motion = TransitionMotion.resting(at: 0).retargeted(to: 1, at: 0, style: reduced)
        for t in stride(from: 0.0, through: 0.3, by: 0.01) { #expect(motion.state(at: t).progress <= 1) }
        #expect(abs(motion.state(at: 0.1).progress - 0.5) < 1e-9)
        style.reducedMotionStyle = .none
        #expect(style.reducedMotionVariant.transitionDuration == 0)
        #expect(style.motionStyle(reducedMotion: false) == style)
    }

    @Test func crossfadeMixesTheTwoPicturesByOpacityWithoutMorphing() {
        let style = ChartStyle()
        let m = model([100, 120, 90, 130, 125, 140, 110, 150])
        let build = ChartSceneBuilder(style: style, reducedMotion: true), plain = ChartSceneBuilder(style: style)
        let rest = plain(m, ChartState(progress: 0)), pressed = plain(m, ChartState(progress: 1, selection: 0.37))
        // At the ends: exactly the states' scenes.
        #expect(build(m, ChartState(progress: 0, selection: 0.37)).scene == plain(m, ChartState(progress: 0, selection: 0.37)).scene)
        #expect(build(m, ChartState(progress: 1, selection: 0.37)).scene == pressed.scene)
        let half = build(m, ChartState(progress: 0.25, selection: 0.37))
        #expect(half.scene.primitives.map(\.id) == ["fill-rest", "line-rest"] + pressed.scene.primitives.map(\.id))
        // The rest layer is the rest picture at 1 − p, the pressed one the pressed picture at p: no geometry in between.
        #expect(half.scene.primitives[1] == rest.scene.primitive("line")!.renamed("line-rest").fading(0.75))
        #expect(half.scene.primitive("line") == pressed.scene.primitive("line")!.fading(0.25))
        for case .stroke(let s) in half.scene.primitives { #expect(s.width == style.inactiveLineWidth || s.width == style.activeLineWidth) }
        var jump = style
        jump.reducedMotionStyle = .none
        #expect(ChartSceneBuilder(style: jump, reducedMotion: true)(m, ChartState(progress: 0.1, selection: 0.37)).scene == pressed.scene)
    }

    @Test func theSceneSaysThePeriodTheChangeAndTheSelectedPoint() {
        let m = model([100, 120, 90, 130, 125, 140, 110, 150])
        let build = ChartSceneBuilder(style: ChartStyle(), subject: "Bitcoin price")
        let rest = build(m, ChartState())
        #expect(rest.accessibility.label == "Bitcoin price, 1 year: from $100.00 to $150.00, up 50.0 %, high $150.00, low $90.00.")
        #expect(rest.accessibility.value == "$150.00 on 8 March 2025")
        let pressed = build(m, ChartState(progress: 1, selection: 2.0 / 7))
        #expect(pressed.accessibility.value == "$90.00 on 3 March 2025")
        let down = ChartSceneBuilder(style: ChartStyle())(model([200, 150], period: .day, step: 3600), ChartState(progress: 1, selection: 1))
        #expect(down.accessibility.label == "Price, 1 day: from $200.00 to $150.00, down 25.0 %, high $200.00, low $150.00.")
        #expect(down.accessibility.value == "$150.00 at 01:00 on 1 March 2025")
        #expect(ChartSceneBuilder(style: ChartStyle())(model([]), ChartState()).accessibility == ChartAccessibility(label: "Price, 1 year: no price data.", value: ""))
        #expect(ValueFormat.spokenChange(0.04) == "unchanged" && ValueFormat.spokenChange(-3) == "down 3.0 %")
    }

    @Test func hapticsTickOncePerPointCrossedWithinTheRateLimit() {
        var style = ChartStyle()
        var off = HapticTicker(style: style)
        #expect(ticks(&off, [(1, 0), (2, 1)]) == [false, false])
        style.haptics = .onPointCrossed
        style.hapticsMinInterval = 50
        var ticker = HapticTicker(style: style)
        // Pressing down does not tick, nor the same point; a point crossed too soon is passed
        // over and not played late; lifting forgets the point.
        #expect(ticks(&ticker, [(3, 0), (3, 0.1), (4, 0.2), (5, 0.22), (5, 0.4), (6, 0.41), (nil, 0.5), (2, 0.6)])
                == [false, false, true, false, false, true, false, false])
    }

    func ticks(_ ticker: inout HapticTicker, _ events: [(Int?, Double)]) -> [Bool] {
        events.map { ticker.update(index: $0.0, at: $0.1) }
    }

    @Test func animatedSVGCarriesTheReducedVariantBehindAMediaQuery() {
        let style = ChartStyle()
        let svg = ChartDocument(model: model([100, 120, 90, 130, 125, 140, 110, 150]), style: style).animatedSVG()
        #expect(svg.contains("@media (prefers-reduced-motion: reduce)") && svg.contains("class=\"cw-reduced-motion\""))
        #expect(svg.contains("id=\"cw-reduced-line-rest\"") && svg.contains("id=\"cw-line\""))
    }
}
