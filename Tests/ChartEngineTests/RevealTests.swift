import Foundation
import Testing
@testable import ChartEngine

@Suite struct RevealTests {
    static func model(_ style: ChartStyle = ChartStyle()) -> ChartModel {
        let times = (0..<30).map { Double($0) * 3600 }
        return ChartModel(times: times, raw: times.map { 100 + 20 * sin($0 / 20_000) }, style: style, width: 300, height: 200, period: .day)
    }

    static func style(_ change: (inout ChartStyle) -> Void) -> ChartStyle {
        var style = ChartStyle()
        change(&style)
        return style
    }

    @Test func theFlatPlaceholderIsALineAtTheMiddleOfThePlot() throws {
        let style = Self.style { $0.revealPlaceholder = .flat }
        let scene = Reveal.placeholder(width: 300, height: 200, builder: ChartSceneBuilder(style: style))
        #expect(scene.scene.primitives.count == 1 && scene.header.price == nil && scene.summary == Reveal.loadingMessage)
        guard case .stroke(let line) = scene.scene.primitives[0] else { Issue.record("not a stroke"); return }
        let band = ChartModel(times: [], raw: [], style: style, width: 300, height: 200).labelBand
        let middle = band + (200 - band) / 2
        #expect(line.path.commands == [.move(0, middle), .line(300, middle)] && line.color == style.trailingColor)
    }

    @Test func theSkeletonIsABandAroundTheMiddle() {
        let style = Self.style { $0.revealPlaceholder = .skeleton }
        let scene = Reveal.placeholder(width: 300, height: 200, builder: ChartSceneBuilder(style: style))
        guard case .area(let band) = scene.scene.primitives.first else { Issue.record("not an area"); return }
        let plot = 200 - ChartModel(times: [], raw: [], style: style, width: 300, height: 200).labelBand
        #expect(abs(band.gradientBottom - band.gradientTop - plot * Reveal.skeletonShare) < 1e-9)
        #expect(band.stops.allSatisfy { $0.opacity == Reveal.skeletonOpacity && $0.color == style.trailingColor })
    }

    @Test func theFirstFrameIsThePlaceholderAndTheLastTheChart() {
        for reveal in RevealStyle.allCases {
            let style = Self.style { $0.revealStyle = reveal }
            let builder = ChartSceneBuilder(style: style)
            let motion = Reveal(model: Self.model(style), builder: builder)
            #expect(motion.scene(at: 0) == Reveal.placeholder(width: 300, height: 200, builder: builder))
            #expect(motion.scene(at: 1) == builder(Self.model(style), .inactive))
            #expect(motion.scene(at: 1.3) == builder(Self.model(style), .inactive))
        }
    }

    @Test func drawOnClipsFromTheLeftAndFadesTheFillWithIt() {
        let motion = Reveal(model: Self.model(), builder: ChartSceneBuilder(style: ChartStyle()))
        #expect(motion.played == .drawOn && motion.duration == ChartStyle().revealDuration)
        let frame = motion.scene(at: 0.25)
        var seen = Set<String>()
        for primitive in frame.scene.primitives {
            switch primitive {
            case .stroke(let s) where s.id == "line": #expect(s.clip == SceneRect(x: 0, y: 0, width: 75, height: 200)); seen.insert(s.id)
            case .area(let a) where a.id == "fill": #expect(a.clip?.width == 75 && abs(a.opacity - 0.25) < 1e-12); seen.insert(a.id)
            case let p where p.id == "placeholder":
                if case .stroke(let s) = p { #expect(abs(s.opacity - 0.75) < 1e-12) }
                seen.insert(p.id)
            default: break
            }
        }
        #expect(seen == ["line", "fill", "placeholder"])
        #expect(frame.header.price != nil)
    }

    @Test func fadeRaisesTheOpacityAndNoneShowsTheChartAtOnce() {
        let fade = Reveal(model: Self.model(), builder: ChartSceneBuilder(style: Self.style { $0.revealStyle = .fade }))
        let frame = fade.scene(at: 0.4)
        for case .stroke(let s) in frame.scene.primitives where s.id == "line" { #expect(abs(s.opacity - 0.4) < 1e-12 && s.clip == nil) }
        let none = Reveal(model: Self.model(), builder: ChartSceneBuilder(style: Self.style { $0.revealStyle = .none }))
        #expect(none.duration == 0 && none.scene(at: 0.01) == none.toScene)
    }

    @Test func reducedMotionPlaysThePresetsVariant() {
        var style = ChartStyle()
        let faded = Reveal(model: Self.model(), builder: ChartSceneBuilder(style: style, reducedMotion: true))
        #expect(faded.played == .fade && faded.duration == style.reducedMotionDuration)
        #expect(faded.easing == Easing(.linear, bezier: [], springDamping: 1, springVelocity: 0, duration: 0))
        style.revealReducedMotion = .none
        let none = Reveal(model: Self.model(), builder: ChartSceneBuilder(style: style, reducedMotion: true))
        #expect(none.played == .none && none.duration == 0)
    }
}
