import Foundation
import Testing
@testable import ChartEngine

@Suite struct LivePriceStepTests {
    static let builder = ChartSceneBuilder(style: ChartStyle())

    /// A wavy series of `count` prices, one a minute, and the same series after a new price:
    /// replacing the last bucket's close (`extend` false) or one more minute (`extend` true).
    static func models(count: Int = 40, newPrice: Double, extend: Bool, style: ChartStyle = ChartStyle()) -> (ChartModel, ChartModel) {
        let times = (0..<count).map { Double($0) * 60 }
        let raw = (0..<count).map { 100 + 10 * sin(Double($0) / 3) }
        let old = ChartModel(times: times, raw: raw, style: style, width: 320, height: 200, period: .day)
        let new = extend
            ? ChartModel(times: times + [Double(count) * 60], raw: raw + [newPrice], style: style, width: 320, height: 200, period: .day)
            : ChartModel(times: times, raw: Array(raw.dropLast()) + [newPrice], style: style, width: 320, height: 200, period: .day)
        return (old, new)
    }

    static func strokePath(_ scene: ChartScene, _ id: String = "line") -> ScenePath? {
        for case .stroke(let s) in scene.scene.primitives where s.id == id { return s.path }
        return nil
    }

    static func lastPoint(_ path: ScenePath?) -> (x: Double, y: Double)? {
        guard let last = path?.commands.last else { return nil }
        switch last {
        case .curve(_, _, _, _, let x, let y), .line(let x, let y), .move(let x, let y): return (x, y)
        case .close: return nil
        }
    }

    @Test(arguments: [false, true])
    func theFirstFrameIsTheOldPictureAndTheLastTheNew(extend: Bool) {
        let (old, new) = Self.models(newPrice: 130, extend: extend)
        let step = LivePriceStep(from: old, to: new, builder: Self.builder)
        #expect(step.scene(at: 0) == Self.builder(old, .inactive))
        #expect(step.scene(at: 1) == Self.builder(new, .inactive))
        // The mixed lines at the ends are the drawn lines: no jump leaving 0 or reaching 1.
        let near0 = Self.lastPoint(Self.strokePath(step.scene(at: 1e-9))), end0 = Self.lastPoint(Self.strokePath(step.fromScene))
        let near1 = Self.lastPoint(Self.strokePath(step.scene(at: 1 - 1e-9))), end1 = Self.lastPoint(Self.strokePath(step.toScene))
        #expect(abs(near0!.x - end0!.x) < 1e-6 && abs(near0!.y - end0!.y) < 1e-6)
        #expect(abs(near1!.x - end1!.x) < 1e-6 && abs(near1!.y - end1!.y) < 1e-6)
    }

    /// A newer price while a step still plays: the next step starts at the frame shown (line,
    /// header, a held selection), not at the first step's end, and ends at the newest chart.
    @Test func aNewerPriceMidStepGoesOnFromTheFrameShown() throws {
        let times = (0..<41).map { Double($0) * 60 }
        let raw = (0..<41).map { 100 + 10 * sin(Double($0) / 3) }
        let (old, middle) = Self.models(newPrice: 130, extend: true)
        let newest = ChartModel(times: times + [41 * 60], raw: raw.dropLast() + [130, 90], style: ChartStyle(), width: 320, height: 200, period: .day)
        let pressed = ChartState(progress: 1, selection: 0.5)
        let running = LivePriceStep(from: old, to: middle, state: pressed, builder: Self.builder)
        let next = LivePriceStep(continuing: running, at: 0.4, to: newest, builder: Self.builder)
        let shown = running.scene(at: 0.4)
        #expect(next.scene(at: 0) == shown)
        let near0 = try #require(Self.lastPoint(Self.strokePath(next.scene(at: 1e-9)))), end0 = try #require(Self.lastPoint(Self.strokePath(shown)))
        #expect(abs(near0.x - end0.x) < 1e-6 && abs(near0.y - end0.y) < 1e-6)
        #expect(abs(try #require(next.scene(at: 1e-9).header.price) - shown.header.price!) < 1e-6)
        #expect(next.scene(at: 1) == Self.builder(newest, next.toState))
        // The finger stays on its time, and the flash compares the newest price with the one stepped to.
        let selected = try #require(Selection(model: middle, fraction: running.toState.selection!, progress: 1))
        #expect(try #require(Selection(model: newest, fraction: next.toState.selection!, progress: 1)).time == selected.time)
        #expect(next.direction == "down")
    }

    @Test func theEndMovesAndTheRangeRescalesSmoothly() {
        // 130 is above every old price: the vertical range has to grow.
        let (old, new) = Self.models(newPrice: 130, extend: false)
        let step = LivePriceStep(from: old, to: new, builder: Self.builder)
        var previous = Self.lastPoint(Self.strokePath(step.scene(at: 0)))!
        var previousTop = old.yScale(old.priceExtent!.upperBound)
        for i in 1...50 {
            let frame = step.scene(at: Double(i) / 50)
            let end = Self.lastPoint(Self.strokePath(frame))!
            // The end rises steadily (y down) toward the new price, without jumps.
            #expect(end.y <= previous.y + 1e-9 && previous.y - end.y < 5, "step \(i)")
            previous = end
            for case .area(let fill) in frame.scene.primitives {
                #expect(abs(fill.gradientTop - previousTop) < 2)
                previousTop = fill.gradientTop
            }
        }
        #expect(abs(previous.y - new.yScale(130)) < 1e-6)
        // The old line's top (its highest price) moves down as the range grows over the same progress.
        let oldHigh = old.raw.firstIndex(of: old.priceExtent!.upperBound)!
        #expect(new.yScale(old.raw[oldHigh]) > old.yScale(old.raw[oldHigh]))
    }

    @Test func aNewBucketGrowsOutOfTheOldEnd() {
        let (old, new) = Self.models(newPrice: 95, extend: true)
        let step = LivePriceStep(from: old, to: new, builder: Self.builder)
        #expect(step.fromLine.segments.count == step.toLine.segments.count)
        let oldEnd = Self.lastPoint(Self.strokePath(step.fromScene))!, newEnd = Self.lastPoint(Self.strokePath(step.toScene))!
        let half = Self.lastPoint(Self.strokePath(step.scene(at: 0.5)))!
        #expect(abs(half.x - (oldEnd.x + newEnd.x) / 2) < 1e-6 && abs(half.y - (oldEnd.y + newEnd.y) / 2) < 1e-6)
        // The first point stays where both lines start (the x scale stretches, the start does not move).
        guard case .move(let x0, _)? = Self.strokePath(step.scene(at: 0.5))?.commands.first else { Issue.record("no start"); return }
        #expect(abs(x0) < 1e-9)
    }

    @Test func theHeaderCountsBetweenItsEndsOnly() {
        let (old, new) = Self.models(newPrice: 130, extend: true)
        let step = LivePriceStep(from: old, to: new, builder: Self.builder)
        let before = step.fromScene.header.price!, after = step.toScene.header.price!
        #expect(abs(step.scene(at: 0.25).header.price! - (before + (after - before) * 0.25)) < 1e-9)
        #expect(abs(step.scene(at: 0.25).header.lastPrice! - (before + (after - before) * 0.25)) < 1e-9)
        // A spring overshooting keeps the header within the two prices.
        for p in [-0.3, 1.2, 1.6] {
            let price = step.scene(at: p).header.price!
            #expect(price >= min(before, after) - 1e-9 && price <= max(before, after) + 1e-9)
        }
    }

    @Test func theFlashTakesTheDirectionsColourAndFades() {
        var style = ChartStyle()
        style.livePriceFlashDuration = 0.8
        let (old, up) = Self.models(newPrice: 130, extend: true)
        let step = LivePriceStep(from: old, to: up, builder: ChartSceneBuilder(style: style))
        #expect(step.direction == "up" && step.flashDuration == 0.8)
        #expect(step.flash(elapsed: 0) == PriceFlash(color: style.livePriceUpColor, opacity: 1, direction: "up"))
        #expect(abs(step.flash(elapsed: 0.2)!.opacity - 0.75) < 1e-12)
        #expect(step.flash(elapsed: 0.8) == nil)
        #expect(step.scene(at: 0.5, elapsed: 0.4).header.flash?.opacity == 0.5)
        let down = LivePriceStep(from: old, to: Self.models(newPrice: 60, extend: true).1, builder: ChartSceneBuilder(style: style))
        #expect(down.flash(elapsed: 0.1)?.color == style.livePriceDownColor)
        style.livePriceFlash = false
        let quiet = LivePriceStep(from: old, to: up, builder: ChartSceneBuilder(style: style))
        #expect(quiet.flash(elapsed: 0) == nil && quiet.flashDuration == 0)
        // The SVG carries the flash for the page's header.
        let document = ChartDocument(model: up, style: ChartStyle())
        let svg = document.svg(step.scene(at: 0.5, elapsed: 0.2))
        #expect(svg.contains("data-flash-color=\"\(ChartStyle().livePriceUpColor)\"") && svg.contains("data-flash-opacity=\"0.75\""))
    }

    @Test func aPressKeepsItsSelectionOnItsTime() throws {
        let (old, new) = Self.models(newPrice: 130, extend: true)
        let pressed = ChartState(progress: 1, selection: 0.5)
        let step = LivePriceStep(from: old, to: new, state: pressed, builder: Self.builder)
        let selected = try #require(step.fromScene.selection)
        #expect(step.toScene.selection?.time == selected.time)
        #expect(step.toState.selection != pressed.selection)
        for p in stride(from: 0.0, through: 1.0, by: 0.1) {
            let frame = step.scene(at: p)
            #expect(frame.header.pressing && frame.header.price == selected.price && frame.header.time == selected.time)
            #expect(frame.selection?.time == selected.time)
        }
        #expect(step.scene(at: 0) == Self.builder(old, pressed))
        #expect(step.scene(at: 1) == Self.builder(new, step.toState))
    }

    @Test func reducedMotionPlaysThePresetsVariant() {
        var style = ChartStyle()
        let (old, new) = Self.models(newPrice: 130, extend: true)
        let crossfade = LivePriceStep(from: old, to: new, builder: ChartSceneBuilder(style: style, reducedMotion: true))
        #expect(crossfade.played == .crossfade && crossfade.duration == style.reducedMotionDuration)
        #expect(crossfade.easing == Easing(.linear, bezier: [], springDamping: 1, springVelocity: 0, duration: 0))
        let ids = crossfade.scene(at: 0.5).scene.primitives.map(\.id)
        #expect(ids.contains("line-from") && ids.contains("line"))
        style.livePriceReducedMotion = .none
        let jump = LivePriceStep(from: old, to: new, builder: ChartSceneBuilder(style: style, reducedMotion: true))
        #expect(jump.played == .none && jump.duration == 0)
        #expect(jump.scene(at: 0.3) == ChartSceneBuilder(style: style)(new, .inactive))
        #expect(LivePriceStep(from: old, to: new, builder: Self.builder).duration == ChartStyle().livePriceDuration)
    }

    @Test func theChartBeforeLaterPricesIsTheChartOfTheDataUpToThen() {
        let times = (0..<3000).map { Int64(1_700_000_000 + $0 * 60) }
        let prices = times.indices.map { 100 + sin(Double($0) / 50) * 10 }
        let series = PriceSeries(times: times, prices: prices)
        let cut = 2500
        let earlier = PriceSeries(times: Array(times[..<cut]), prices: Array(prices[..<cut]))
        for period in [Period.day, .week, .all] {
            let before = ChartModel(series: series, endingAt: times[cut - 1], period: period, style: ChartStyle(), width: 320, height: 200)
            let truncated = ChartModel(series: earlier, period: period, style: ChartStyle(), width: 320, height: 200)
            #expect(before.times == truncated.times && before.raw == truncated.raw, "\(period)")
            let now = ChartModel(series: series, endingAt: times[times.count - 1], period: period, style: ChartStyle(), width: 320, height: 200)
            #expect(now.times == ChartModel(series: series, period: period, style: ChartStyle(), width: 320, height: 200).times)
        }
    }
}
