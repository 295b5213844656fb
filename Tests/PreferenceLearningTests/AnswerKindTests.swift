import Foundation
import Testing
@testable import PreferenceLearning

/// Answers richer than a pair: a line's stops, a gallery's nine, an edit; each recorded as
/// pairwise comparisons in the same model.
@Suite struct AnswerKindTests {
    static let space = PreferenceSpace([
        Dimension(name: "width", kind: .continuous(lower: 0, upper: 10, step: 0.5)),
        Dimension(name: "opacity", kind: .continuous(lower: 0, upper: 1, step: nil)),
        Dimension(name: "curve", kind: .categorical(options: ["a", "b", "c"])),
    ])

    /// Likes 3 px, opacity 0.7 and curve "b".
    static func liking(_ x: [Double]) -> Double { -pow((x[0] - 3) / 10, 2) - pow(x[1] - 0.7, 2) - (x[2] == 1 ? 0 : 0.2) }

    @Test func aLineRunsStraightFromTheAnchorToTheChallenger() {
        var round = ExploreRound(space: Self.space, seed: 4)
        let line = round.proposeLine(for: "ada")
        let stops = round.linePoints(line)
        #expect(stops.count == ExploreRound.lineStops)
        #expect(stops.first == Self.space.snap(line.first) && stops.last == Self.space.snap(line.second))
        let widths = stops.map { $0[0] }
        #expect(widths == widths.sorted() || widths == widths.sorted(by: >))
        // Options switch once, at the middle stop.
        let curves = stops.map { $0[2] }
        #expect(Set(curves[..<10]).count == 1 && Set(curves[10...]).count == 1)
    }

    @Test func aGalleryIsAPlaneCentredOnTheAnchor() throws {
        var round = ExploreRound(space: Self.space, seed: 9)
        var rng = SplitMix64(seed: 1)
        for _ in 0..<10 {
            let p = round.propose(for: "ada")
            try round.record(Self.liking(p.first) + 0.01 * rng.normal() > Self.liking(p.second) ? .first : .second, to: p.id, person: "ada")
        }
        let gallery = round.proposeGallery(for: "ada")
        #expect(gallery.count == 2 && gallery[0].first == gallery[1].first)
        let points = round.galleryPoints(gallery)
        #expect(points.count == 9 && points[4] == Self.space.snap(gallery[0].first))
        #expect(points[5] == Self.space.snap(gallery[0].second) && points[7] == Self.space.snap(gallery[1].second))
        #expect(Set(points).count >= 5)
    }

    /// The anchor at the top of the width's range: the step away from the first challenger
    /// would clamp back onto it, so that row's third chart is halfway to the challenger instead.
    @Test func aGalleryAtARangesEdgeRepeatsNoChart() {
        let round = ExploreRound(space: Self.space, seed: 9)
        let anchor = [10.0, 0.5, 1]
        func proposal(_ id: Int, _ second: [Double]) -> ExploreRound.Proposal {
            .init(id: id, first: anchor, second: second, expectedBest: 0, firstMean: 0, firstSD: 1, secondMean: 0, secondSD: 1)
        }
        let points = round.galleryPoints([proposal(0, [6, 0.5, 1]), proposal(1, [10, 0.9, 1])])
        #expect(points.count == 9 && Set(points).count == 9, "\(points)")
        #expect(points[4] == anchor && points[5] == [6, 0.5, 1] && points[7] == [10, 0.9, 1])
        #expect(points[3] == [8, 0.5, 1])   // ½ towards the challenger, not 14 clamped to 10
        #expect(abs(points[1][1] - 0.1) < 1e-9)   // the other way is open: −1 stays
    }

    /// Challengers that change only the curve, or a clamped number and the curve: a category has
    /// no opposite, so the opposite side takes the curve's third value, else a neighbour on the
    /// grid; nine charts, none repeated, the anchor and the challengers where they were.
    @Test(arguments: [([3.0, 0.5, 2], [3.0, 0.5, 0]), ([10.0, 0.5, 1], [3.0, 0.5, 2]), ([0.5, 0.5, 1], [0.0, 0.5, 2])])
    func aGalleryOfCategoriesRepeatsNoChart(first: [Double], second: [Double]) {
        let round = ExploreRound(space: Self.space, seed: 9)
        let anchor = [0.0, 0.5, 1]
        func proposal(_ id: Int, _ challenger: [Double]) -> ExploreRound.Proposal {
            .init(id: id, first: anchor, second: challenger, expectedBest: 0, firstMean: 0, firstSD: 1, secondMean: 0, secondSD: 1)
        }
        let points = round.galleryPoints([proposal(0, first), proposal(1, second)])
        #expect(points.count == 9 && Set(points).count == 9, "\(points)")
        #expect(points[4] == anchor && points[5] == Self.space.snap(first) && points[7] == Self.space.snap(second), "\(points)")
    }

    @Test func aPickBeatsTheOthersInOneRefit() throws {
        var round = ExploreRound(space: Self.space, seed: 2)
        let points = round.galleryPoints(round.proposeGallery(for: "ben"))
        let distinct = Set(points.map(Self.space.snap)).count
        let recorded = try round.record(pick: 2, among: points, kind: .gallery, person: "ben")
        #expect(recorded == distinct - 1 && round.answers.count == recorded)
        #expect(round.answers.allSatisfy { $0.kind == .gallery && $0.outcome == .first && $0.first == Self.space.snap(points[2]) })
        #expect(round.bestHistory.count == 1)   // one move of the best for one answer

        let line = round.linePoints(round.proposeLine(for: "ben"))
        let before = round.answers.count
        try round.record(pick: 10, among: line, kind: .line, person: "ben")
        let beaten = round.answers[before...].map(\.second)
        // The stop beats both ends and the stops five away on either side (when they differ from it).
        let expected = [0, 20, 5, 15].map { Self.space.snap(line[$0]) }.filter { $0 != Self.space.snap(line[10]) }
        #expect(Set(beaten) == Set(expected))
    }

    /// A pick among four is one answer: three comparisons, one move of the best (it counted
    /// three towards the best staying put, and a round of fours ended early).
    @Test func aPickAmongFourIsOneAnswer() throws {
        var round = ExploreRound(space: Self.space, seed: 2)
        let a = round.propose(for: "ada"), b = round.propose(for: "ada")
        try round.record(pick: 2, amongPairs: [a.id, b.id], person: "ada")
        #expect(round.answers.count == 3 && round.bestHistory.count == 1)
        #expect(round.answers.allSatisfy { $0.first == Self.space.snap(b.first) || $0.proposalID == b.id })
        try round.record(pick: nil, amongPairs: [a.id, b.id], person: "ben")
        #expect(round.answers.count == 5 && round.bestHistory.count == 2 && round.answers.suffix(2).allSatisfy { $0.outcome == .noPreference })
        #expect(throws: ExploreRound.RoundError.self) { try round.record(pick: 0, amongPairs: [99], person: "ada") }
    }

    @Test func anEditIsAnAnswerUnlessItChangesNothing() throws {
        var round = ExploreRound(space: Self.space, seed: 2)
        #expect(try round.recordEdit(kept: [3, 0.7, 1], over: [3, 0.7, 1], person: "cy") == false)
        #expect(round.answers.isEmpty)
        #expect(try round.recordEdit(kept: [3, 0.7, 1], over: [8, 0.2, 0], person: "cy"))
        #expect(round.answers.count == 1 && round.answers[0].kind == .edit && round.best != nil)
        #expect(throws: ExploreRound.RoundError.self) { try round.recordEdit(kept: [3], over: [8, 0.2, 0], person: "cy") }
    }

    /// A round stored before there were kinds reads its answers as pairs, and a pair's answer is
    /// written as it was (no `kind` member).
    @Test func pairsAreStoredAsBefore() throws {
        var round = ExploreRound(space: Self.space, seed: 2)
        let p = round.propose(for: "ada")
        try round.record(.first, to: p.id, person: "ada")
        let text = String(decoding: try JSONEncoder().encode(round.answers[0]), as: UTF8.self)
        #expect(!text.contains("kind"))
        let back = try JSONDecoder().decode(ExploreRound.Answer.self, from: Data(text.utf8))
        #expect(back == round.answers[0] && back.kind == nil)
    }

    /// Lines and galleries learn: after 12 answers of each, the best is near the liked point.
    @Test(arguments: [ExploreRound.AnswerKind.line, .gallery])
    func richerAnswersFindTheLikedPoint(kind: ExploreRound.AnswerKind) {
        var round = ExploreRound(space: Self.space, seed: 6)
        var rng = SplitMix64(seed: 8)
        let person = SimulatedPerson(name: "ada", temperature: 0.01)
        for _ in 0..<12 { Simulation.answer(&round, kind: kind, person: person, utility: Self.liking, rng: &rng) }
        let best = round.best!.point
        #expect(abs(best[0] - 3) <= 2 && best[2] == 1, "\(kind): \(best)")
    }
}
