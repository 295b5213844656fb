import ChartEngine
import Testing
import WorkbenchSupport
@testable import WorkbenchStores

/// A seeded generator: the same variations every run.
private struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite struct BradleyTerryTests {
    typealias Outcome = BradleyTerry.Outcome

    @Test func twoCandidatesScoreAsTheirWinRatio() {
        // A beats B three times, B beats A once: p_A / p_B = 3 (the closed form for two).
        let outcomes = [Outcome(first: 0, second: 1, winner: 0), Outcome(first: 0, second: 1, winner: 0),
                        Outcome(first: 1, second: 0, winner: 0), Outcome(first: 1, second: 0, winner: 1)]
        let fit = BradleyTerry.fit(count: 2, outcomes: outcomes)
        #expect(!fit.regularised)
        #expect(abs(fit.scores[0] / fit.scores[1] - 3) < 1e-9)
        #expect(abs(fit.scores.reduce(0, +) - 1) < 1e-12)
    }

    @Test func aTieIsHalfAWinToEach() {
        // One win each way plus a tie: equal. A win and a tie against one loss: 1.5 : 0.5.
        let even = BradleyTerry.fit(count: 2, outcomes: [.init(first: 0, second: 1, winner: 0), .init(first: 0, second: 1, winner: 1),
                                                         .init(first: 0, second: 1, winner: nil)])
        #expect(abs(even.scores[0] - even.scores[1]) < 1e-12)
        let leaning = BradleyTerry.fit(count: 2, outcomes: [.init(first: 0, second: 1, winner: 0), .init(first: 0, second: 1, winner: nil)])
        #expect(abs(leaning.scores[0] / leaning.scores[1] - 3) < 1e-9)
    }

    @Test func theFitSatisfiesTheLikelihoodEquations() {
        // At the maximum, each candidate's expected wins equal its wins: Σ_j n_ij p_i/(p_i+p_j) = W_i.
        let outcomes: [Outcome] = [(0, 1, 0), (0, 1, 1), (1, 2, 1), (2, 0, 2), (0, 2, 0), (1, 2, nil), (2, 1, 2), (0, 1, 0)]
            .map { Outcome(first: $0.0, second: $0.1, winner: $0.2) }
        let fit = BradleyTerry.fit(count: 3, outcomes: outcomes)
        #expect(!fit.regularised)
        for i in 0..<3 {
            let mine = outcomes.filter { $0.first == i || $0.second == i }
            let wins = mine.reduce(0.0) { $0 + ($1.winner == i ? 1 : $1.winner == nil ? 0.5 : 0) }
            let expected = mine.reduce(0.0) { total, o in
                let j = o.first == i ? o.second : o.first
                return total + fit.scores[i] / (fit.scores[i] + fit.scores[j])
            }
            #expect(abs(wins - expected) < 1e-8)
        }
    }

    @Test func noWinsOrSeparateGroupsUseThePrior() {
        // C never wins: no finite maximum exists, so the prior keeps every score positive.
        let outcomes = [Outcome(first: 0, second: 1, winner: 0), Outcome(first: 1, second: 0, winner: 1),
                        Outcome(first: 0, second: 2, winner: 0), Outcome(first: 1, second: 2, winner: 1)]
        #expect(!BradleyTerry.stronglyConnected(count: 3, outcomes: outcomes))
        let fit = BradleyTerry.fit(count: 3, outcomes: outcomes)
        #expect(fit.regularised)
        #expect(fit.scores.allSatisfy { $0 > 0 && $0.isFinite })
        #expect(fit.scores[2] < fit.scores[0] && abs(fit.scores[0] - fit.scores[1]) < 1e-9)
        // Two pairs never compared with each other, and a candidate never compared at all.
        let apart = BradleyTerry.fit(count: 5, outcomes: [.init(first: 0, second: 1, winner: 0), .init(first: 2, second: 3, winner: 2)])
        #expect(apart.regularised && apart.scores.allSatisfy { $0 > 0 })
        #expect(abs(apart.scores[0] - apart.scores[2]) < 1e-9 && apart.scores[0] > apart.scores[4] && apart.scores[4] > apart.scores[1])
    }

    @Test func noVotesGiveEqualScores() {
        let fit = BradleyTerry.fit(count: 4, outcomes: [])
        #expect(fit.scores.allSatisfy { abs($0 - 0.25) < 1e-12 })
    }
}

@Suite struct PairwiseRoundTests {
    private func round(_ count: Int) -> PairwiseRound {
        PairwiseRound(id: "r", createdBy: "Ada", createdAt: "2026-01-01T00:00:00Z", subject: "test",
                      candidates: (0..<count).map { .init(name: "P\($0)", style: ChartStyle(), token: "t\($0)") })
    }

    @Test func everyPersonJudgesEachPairOnce() throws {
        var r = round(4)
        var random = SplitMix(state: 7)
        var counter = 0
        var seen = Set<[Int]>()
        while let (token, pair) = try r.next(for: "Ada", token: { counter += 1; return "p\(counter)" }, using: &random) {
            // Asking again before voting hands out the same pair.
            let again = try r.next(for: "Ada", token: { "never" }, using: &random)
            #expect(again?.token == token)
            #expect(seen.insert([min(pair.left, pair.right), max(pair.left, pair.right)]).inserted)
            _ = try r.vote(pair: token, choice: .left, voter: "Ada", at: "now")
            // A second vote on the pair replaces the first: one ballot per person and pair.
            let revote = try r.vote(pair: token, choice: .right, voter: "Ada", at: "later")
            #expect(revote.choice == .right && r.votes.filter { $0.at == "later" }.count == seen.count)
        }
        #expect(seen.count == 6 && r.votes.count == 6)
        #expect(throws: RoundError.unknownPair) { try r.vote(pair: "never handed out", choice: .left, voter: "Ada", at: "now") }
        #expect(r.remainingPairs(for: "Ben").count == 6)
    }

    @Test func aPairIsOnlyItsPersonsAndAClosedRoundTakesNoVotes() throws {
        var r = round(2)
        var random = SplitMix(state: 1)
        let (token, _) = try #require(try r.next(for: "Ada", token: { "x" }, using: &random))
        #expect(throws: RoundError.notYourPair) { try r.vote(pair: token, choice: .none, voter: "Ben", at: "now") }
        r.close(at: "later")
        #expect(throws: RoundError.closed) { try r.vote(pair: token, choice: .none, voter: "Ada", at: "now") }
        #expect(throws: RoundError.closed) { try r.next(for: "Ben", token: { "y" }, using: &random) }
    }

    @Test func aRoundReadsBackAsItWasKept() throws {
        var r = round(3)
        var random = SplitMix(state: 3)
        let (token, _) = try #require(try r.next(for: "Ada", token: { "p1" }, using: &random))
        _ = try r.vote(pair: token, choice: .left, voter: "Ada", at: "now")
        _ = try r.next(for: "Ada", token: { "p2" }, using: &random)
        let back = try #require(PairwiseRound(document: r.document))
        #expect(back.document == r.document)
        #expect(back.pendingToken(for: "Ada") == "p2" && back.votes.count == 1)
    }
}

@Suite struct VariationsTests {
    @Test func everyVariationIsValidAndDiffers() throws {
        var random = SplitMix(state: 42)
        let base = ChartStyle()
        let variations = Variations.around(base, count: 20, using: &random)
        for style in variations {
            var changed = 0
            for definition in ChartStyle.definitions {
                let value = definition.value(in: style)
                #expect(try definition.validate(value) == value, "\(definition.key)")
                if value != definition.value(in: base) { changed += 1 }
            }
            #expect(changed > 3)
        }
    }

    @Test func snappingStaysOnTheStepInsideTheRange() {
        #expect(Variations.snap(0.123, to: 0.05, in: 0...1) == 0.1)
        #expect(Variations.snap(-3, to: 0.5, in: 0.5...12) == 0.5)
        #expect(Variations.snap(7, to: 2, in: 1...61) == 7)
        #expect(Variations.snap(0.30000000000000004, to: 0.1, in: 0...1) == 0.3)
    }
}
