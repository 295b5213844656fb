import ChartEngine
import Foundation
import Testing
@testable import ChartRendering
@testable import WorkbenchSupport

@Suite struct FramePatchTests {
    @Test func pathNumbersAreWholeHundredths() {
        let path = PathNumbers("M0,1.5L-2.25,3C1,2,3,4,5.1,-0.05Z")
        #expect(path?.values == [0, 150, -225, 300, 100, 200, 300, 400, 510, -5])
        #expect(PathNumbers("M0.125,1") == nil)   // three fractional digits cannot travel as hundredths
        #expect(PathNumbers("M1e5,1") == nil)
        #expect(PathNumbers("M1,2")?.deltas(to: PathNumbers("M1.5,1")!) == [50, -100])
        #expect(PathNumbers("M1,2")?.deltas(to: PathNumbers("L1,2")!) == nil)
    }

    @Test func varintsAreShortAndSigned() {
        #expect(DrawnFrame.varints([0, -1, 1, 15, -16, 16, 511, -512, 1_000_000]).count == 1 + 1 + 1 + 1 + 1 + 2 + 2 + 2 + 5)
        #expect(DrawnFrame.varints([0, -1, 1]) == "ABC")
    }

    func frames(_ states: [ChartState]) -> [DrawnFrame] {
        let style = ChartStyle()
        let times = (0..<40).map { Double($0) * 3600 }
        let prices = times.indices.map { 100 + 10 * sin(Double($0) / 7) }
        let model = ChartModel(times: times, raw: prices, style: style, width: 390, height: 240)
        let document = ChartDocument(model: model, style: style)
        return states.enumerated().map { i, state in DrawnFrame(number: i + 1, elements: document.recordedSVG(document.scene(state: state)).elements) }
    }

    @Test func aTransitionFrameTravelsAsNumberChanges() throws {
        let f = frames([ChartState(progress: 0.4, selection: 0.5), ChartState(progress: 0.45, selection: 0.5)])
        let patch = try #require(f[0].patch(to: f[1]))
        let json = try JSONValue.parse(patch)
        guard case .object(let fields) = json, case .array(let paths)? = fields.first(where: { $0.0 == "d" })?.1 else { Issue.record("no paths"); return }
        // The line's numbers change; the fill under it repeats them by reference, then its own tail.
        #expect(paths.count == 2)
        if case .array(let fill) = paths[1] { #expect(fill.count == 3) }
        #expect(patch.utf8.count < 2_000)
    }

    @Test func aChangeOfStructureSendsTheWholeFrame() {
        let f = frames([ChartState(progress: 0), ChartState(progress: 0.5, selection: 0.5)])
        #expect(f[0].patch(to: f[1]) == nil)
    }
}
