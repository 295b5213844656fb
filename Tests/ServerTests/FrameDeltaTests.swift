import ChartEngine
import Foundation
import Testing
@testable import ChartRendering
@testable import WorkbenchSupport

@Suite struct FrameDeltaTests {
    @Test func fixedPathsAreTheNumbersThePathIsWrittenFrom() throws {
        let scene = ScenePath([.move(0, 1.5), .line(-2.254, 3), .curve(1, 2, 3, 4, 5.1, -0.049), .close])
        let path = try #require(FixedPath(scene, digits: 2))
        #expect(path.values == [0, 150, -225, 300, 100, 200, 300, 400, 510, -5])
        #expect(String(decoding: path.commands, as: UTF8.self) == "MLCZ")
        #expect(scene.svgData(digits: 2) == "M0,1.5L-2.25,3C1,2,3,4,5.1,-0.05Z")
        #expect(FixedPath(scene, digits: 3)?.values.prefix(4) == [0, 1500, -2254, 3000])
        #expect(FixedPath(ScenePath([.move(1e14, 0)]), digits: 2) == nil)   // past whole units: written another way
    }

    @Test func varintsAreShortAndSigned() {
        #expect(Varints.text([0, -1, 1, 15, -16, 16, 511, -512, 1_000_000]).count == 1 + 1 + 1 + 1 + 1 + 2 + 2 + 2 + 5)
        #expect(Varints.text([0, -1, 1]) == "ABC")
        // Mostly zeros: the runs of zeros are counted instead.
        #expect(Varints.changes([0, 0, 0, 5, 0, 0, 0, 0]) == ".GK")
        #expect(Varints.changes([1, 2, 3]) == "CEG")
        // Only the y of each point moves: the changes at odd places.
        #expect(Varints.changes([0, 1, 0, 2, 0, 3, 0, 4]) == ":CEGI")
        #expect(Varints.changes([0, 1, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0]) == ".CCCE")
    }

    let document: ChartDocument = {
        let style = ChartStyle()
        let times = (0..<40).map { Double($0) * 3600 }
        let model = ChartModel(times: times, raw: times.indices.map { 100 + 10 * sin(Double($0) / 7) }, style: style, width: 390, height: 240)
        return ChartDocument(model: model, style: style)
    }()

    func frames(_ states: [ChartState]) -> [DrawnFrame] {
        states.enumerated().map { i, state in
            DrawnFrame(number: i + 1, precision: document.digits, elements: document.recordedSVG(document.scene(state: state)).elements)
        }
    }

    func wholeSize(_ state: ChartState) -> Int { document.svg(state: state).utf8.count }

    func members(_ delta: FrameDelta) throws -> [(String, JSONValue)] { try #require(JSONValueEncoder.encode(delta).objectPairs) }

    @Test func aTransitionFrameTravelsAsNumberChanges() throws {
        let f = frames([ChartState(progress: 0.4, selection: 0.5), ChartState(progress: 0.45, selection: 0.5)])
        let delta = try #require(f[0].delta(to: f[1]))
        // The line's numbers change; the fill under it repeats them by reference, then its own tail.
        #expect(delta.moved.count == 2)
        #expect(delta.moved[1].earlier == delta.moved[0].index)
        #expect(delta.inserted.isEmpty && delta.removed.isEmpty && delta.paths.isEmpty)
        #expect(try members(delta).first?.0 == "p")
        #expect(delta.text.utf8.count < 1_000)
    }

    @Test func theSameAttributesAsTheFrameShownCameBySendOnlyTheirValues() throws {
        var f = frames([0.4, 0.45, 0.5, 0.55, 1].map { ChartState(progress: $0, selection: 0.5) })
        let first = try #require(f[0].delta(to: f[1]))
        #expect(!first.attributes.isEmpty && !first.valuesOnly)   // the frame shown came whole
        // At 0.5 two groups of elements take one value: still the places the frame shown came by.
        for i in 1...2 {
            // As the session keeps them: the places the delta the frame travelled as set.
            f[i].attributesSet = try #require(f[i - 1].delta(to: f[i])).attributes.map(\.place)
            let next = try #require(f[i].delta(to: f[i + 1]))
            #expect(next.valuesOnly && next.attributes.map(\.place) == f[i].attributesSet)
            let pairs = try members(next)
            #expect(pairs.map(\.0).contains("A") && !pairs.map(\.0).contains("a"))
            #expect(pairs.first { $0.0 == "A" }?.1 == .array(next.attributes.map { $0.value.map(JSONValue.string) ?? .null }))
            // Each value is the new frame's, on every element of its place.
            for change in next.attributes {
                for index in change.place.indices { #expect(f[i + 1].elements[index].attributes.first { $0.0 == change.place.name }?.1 == change.value) }
            }
        }
        // Most of the attributes the shown frame's delta set have stopped changing: only the ones that change travel.
        let settled = f[1].elements.indices.filter { !f[1].elements[$0].attributes.isEmpty }.prefix(12).map { FrameDelta.AttributePlace(indices: [$0], name: f[1].elements[$0].attributes[0].0) }
        f[1].attributesSet = try #require(f[0].delta(to: f[1])).attributes.map(\.place) + settled
        let fewer = try #require(f[1].delta(to: f[2]))
        #expect(!fewer.valuesOnly && fewer.attributes.count < f[1].attributesSet!.count)
        // Attributes the shown frame's delta did not set change: names and places travel.
        f[3].attributesSet = [.init(indices: [0], name: "data-progress")]
        #expect(try #require(f[3].delta(to: f[4])).valuesOnly == false)
    }

    @Test func elementsThatComeAndGoTravelAsThemselves() throws {
        let f = frames([ChartState(progress: 0), ChartState(progress: 0.5, selection: 0.5), ChartState(progress: 0)])
        let press = try #require(f[0].delta(to: f[1]))
        let names = press.inserted.map(\.name)
        #expect(names.contains("circle") && names.contains("line"))
        // Each inserted element comes after its parent, at its place in the new frame.
        for insertion in press.inserted {
            #expect(insertion.parent < insertion.index)
            #expect(f[1].elements[insertion.index].name == insertion.name)
        }
        let release = try #require(f[1].delta(to: f[2]))
        // The release takes away what the press put in, and puts back what it took.
        let pressRoots = press.inserted.filter { parent in !press.inserted.contains { $0.index == parent.parent } }
        #expect(release.removed.sorted() == pressRoots.map(\.index).sorted())
        #expect(release.inserted.count == press.removed.map { i in f[0].elements[i...].prefix { $0.depth > f[0].elements[i].depth || $0 == f[0].elements[i] }.count }.reduce(0, +))
        #expect(press.text.utf8.count < wholeSize(ChartState(progress: 0.5, selection: 0.5)))
    }

    @Test func aFrameThatTravelsAsADeltaIsNotWritten() throws {
        let scene = document.scene(state: ChartState(progress: 0.45, selection: 0.5))
        let written = document.recordedSVG(scene).elements, bare = document.recordedElements(scene)
        #expect(written.map(\.key) == bare.map(\.key) && written.map(\.path) == bare.map(\.path) && written.map(\.text) == bare.map(\.text))
        #expect(bare.contains { $0.path != nil } && bare.allSatisfy { $0.path == nil || $0.attributes.contains { $0 == ("d", "") } })
        for state in [ChartState(progress: 0), ChartState(progress: 0.4, selection: 0.5)] {
            let shown = DrawnFrame(number: 1, precision: 2, elements: document.recordedSVG(document.scene(state: state)).elements)
            let fromWritten = try #require(shown.delta(to: DrawnFrame(number: 2, precision: 2, elements: written)))
            #expect(shown.delta(to: DrawnFrame(number: 2, precision: 2, elements: bare))?.text == fromWritten.text)
        }
    }

    @Test func aFrameOfOtherPrecisionIsSentWhole() {
        let f = frames([ChartState(progress: 0.4, selection: 0.5)])
        #expect(f[0].delta(to: DrawnFrame(number: 2, precision: 3, elements: f[0].elements)) == nil)
    }

    @Test func wholePathsCarryCommandRunsAndNumbersFromTwoBefore() throws {
        let path = try #require(FixedPath(ScenePath([.move(1, 2), .line(3, 5), .line(4, 5), .line(6, 1), .close]), digits: 0))
        let entry = JSONValueEncoder.encode(WholePath(index: 7, path: path))
        #expect(entry == .array([.number(7), .string("ML3Z"), .string(Varints.text([1, 2, 2, 3, 1, 0, 2, -4]))]))
    }
}
