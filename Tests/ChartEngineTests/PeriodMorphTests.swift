import Foundation
import Testing
@testable import ChartEngine

@Suite struct PeriodMorphTests {
    static let builder = ChartSceneBuilder(style: ChartStyle())

    /// A wavy series of `count` prices around `level`, one per hour.
    static func model(count: Int, level: Double, period: Period, style: ChartStyle = ChartStyle()) -> ChartModel {
        let times = (0..<count).map { Double($0) * 3600 }
        let raw = (0..<count).map { level + 40 * sin(Double($0) / 3) + Double($0) }
        return ChartModel(times: times, raw: raw, style: style, width: 320, height: 200, period: period)
    }

    static let day = model(count: 24, level: 100, period: .day)
    static let week = model(count: 42, level: 300, period: .week)
    static let month = model(count: 30, level: 50, period: .month)

    static func ends(_ line: CubicPieces) -> [Double] {
        [line.startX, line.startY, line.segments.last?.x ?? .nan, line.segments.last?.y ?? .nan]
    }

    static func distance(_ a: CubicPieces, _ b: CubicPieces) -> Double {
        guard a.segments.count == b.segments.count else { return .infinity }
        var d = max(abs(a.startX - b.startX), abs(a.startY - b.startY))
        for (s, t) in zip(a.segments, b.segments) {
            d = max(d, abs(s.x - t.x), abs(s.y - t.y), abs(s.c1x - t.c1x), abs(s.c1y - t.c1y), abs(s.c2x - t.c2x), abs(s.c2y - t.c2y))
        }
        return d
    }

    @Test func theFirstFrameIsTheOldPictureAndTheLastTheNew() {
        let morph = PeriodMorph(from: Self.day, to: Self.week, builder: Self.builder)
        #expect(morph.scene(at: 0) == Self.builder(Self.day, .inactive))
        #expect(morph.scene(at: 1) == Self.builder(Self.week, .inactive))
        // The resampled ends are the drawn lines themselves: no jump leaving 0 or reaching 1.
        #expect(zip(Self.ends(morph.shape(at: 0).line), Self.ends(PeriodMorph.shape(Self.day, morph.fromScene, style: ChartStyle()).line))
            .allSatisfy { abs($0 - $1) < 1e-9 })
        #expect(zip(Self.ends(morph.shape(at: 1).line), Self.ends(PeriodMorph.shape(Self.week, morph.toScene, style: ChartStyle()).line))
            .allSatisfy { abs($0 - $1) < 1e-9 })
    }

    @Test func theLineFillAndHeaderMoveContinuously() {
        let morph = PeriodMorph(from: Self.day, to: Self.week, builder: Self.builder)
        var previous = morph.shape(at: 0)
        for i in 1...100 {
            let now = morph.shape(at: Double(i) / 100)
            #expect(Self.distance(previous.line, now.line) < 6, "step \(i)")
            #expect(abs(now.gradientTop - previous.gradientTop) < 2)
            previous = now
        }
        let half = morph.scene(at: 0.5)
        let dayPrice = Self.builder(Self.day, .inactive).header.price ?? .nan
        let weekPrice = Self.builder(Self.week, .inactive).header.price ?? .nan
        #expect(abs((half.header.price ?? .nan) - (dayPrice + weekPrice) / 2) < 1e-9)
        // Mid-way the line and fill both carry the mixed path, not either period's.
        let paths = half.scene.primitives.compactMap { primitive -> ScenePath? in
            switch primitive {
            case .stroke(let s): s.path
            case .area(let a): a.path
            default: nil
            }
        }
        #expect(paths.count == 2)
        #expect(!Self.builder(Self.week, .inactive).scene.primitives.contains { $0 == half.scene.primitives[1] })
    }

    @Test func aSecondPeriodMidMorphStartsFromWhereTheLineIs() {
        let morph = PeriodMorph(from: Self.day, to: Self.week, builder: Self.builder)
        let there = morph.shape(at: 0.4)
        let retargeted = morph.retargeted(to: Self.month, at: 0.4, builder: Self.builder)
        #expect(retargeted.scene(at: 0) == morph.scene(at: 0.4))
        let start = retargeted.shape(at: 0)
        #expect(zip(Self.ends(start.line), Self.ends(there.line)).allSatisfy { abs($0 - $1) < 1e-9 })
        #expect(start.price == there.price && start.gradientTop == there.gradientTop)
        #expect(Self.distance(start.line, retargeted.shape(at: 0.01).line) < 6)
        #expect(retargeted.scene(at: 1) == Self.builder(Self.month, .inactive))
    }

    @Test func aSpringRetargetedMidMorphKeepsItsVelocity() {
        var style = ChartStyle()
        style.periodEasing = .perceptualSpring; style.springBounce = 0.3
        let easing = style.motionEasing(style.periodEasing, duration: style.periodDuration)
        let first = TransitionMotion.started(at: 0, after: nil, duration: style.periodDuration, easing: easing)
        let moving = first.state(at: 0.1)
        #expect(!moving.finished && moving.velocity > 0)
        let second = TransitionMotion.started(at: 0.1, after: first, duration: style.periodDuration, easing: easing)
        #expect(second.state(at: 0.1).progress == 0)
        #expect(abs(second.state(at: 0.1).velocity - moving.velocity) < 1e-9)
        let later = second.state(at: 0.1 + 1e-4)
        #expect(abs(later.progress - moving.velocity * 1e-4) < 1e-6)
    }

    @Test func reducedMotionPlaysThePresetsVariant() {
        var style = ChartStyle()
        let reduced = ChartSceneBuilder(style: style, reducedMotion: true)
        let crossfade = PeriodMorph(from: Self.day, to: Self.week, builder: reduced)
        #expect(crossfade.playedStyle == .crossfade && crossfade.duration == style.reducedMotionDuration)
        #expect(crossfade.easing == Easing(.linear, bezier: [], springDamping: 1, springVelocity: 0, duration: 0))
        let ids = crossfade.scene(at: 0.5).scene.primitives.map(\.id)
        #expect(ids.contains("line-from") && ids.contains("line"))
        style.periodReducedMotion = .none
        let jump = PeriodMorph(from: Self.day, to: Self.week, builder: ChartSceneBuilder(style: style, reducedMotion: true))
        #expect(jump.playedStyle == .none && jump.duration == 0)
        #expect(jump.scene(at: 0.3) == Self.builder(Self.week, .inactive))
    }

    @Test func oldPresetsGetTheMotionDefaultsAndTheNewKeysValidate() throws {
        let (style, unknown) = try ChartStyle.from(["easing": .text("spring")])
        #expect(unknown.isEmpty)
        #expect(style.periodMorphStyle == .morph && style.revealStyle == .drawOn && style.livePriceFlash)
        #expect(style.easing == .spring)
        var s = ChartStyle()
        try s.set("periodEasing", .text("perceptualSpring"))
        #expect(s.periodEasing == .perceptualSpring)
        #expect(throws: ParameterError.self) { try s.set("periodDuration", .number(5)) }
        #expect(throws: ParameterError.self) { try s.set("revealStyle", .text("zoom")) }
        #expect(ParameterDefinition.named("livePriceFlashDuration")?.isVisible(in: s) == true)
        s.livePriceFlash = false
        #expect(ParameterDefinition.named("livePriceFlashDuration")?.isVisible(in: s) == false)
    }
}
