import Foundation
import Testing
@testable import WorkbenchStores

/// How sure a blind round is of its leader (issue 33: "too close to call" when it is).
@Suite struct BradleyTerryUncertaintyTests {
    typealias Outcome = BradleyTerry.Outcome

    private func games(_ first: Int, _ second: Int, firstWins: Int, secondWins: Int) -> [Outcome] {
        Array(repeating: Outcome(first: first, second: second, winner: first), count: firstWins)
            + Array(repeating: Outcome(first: first, second: second, winner: second), count: secondWins)
    }

    @Test func twoCandidatesMatchTheClosedForm() throws {
        // 8 of 12 for A: d = ln 2, Var d = 1 / (n·π(1−π)) with π = 2/3.
        let outcomes = games(0, 1, firstWins: 8, secondWins: 4)
        let fit = BradleyTerry.fit(count: 2, outcomes: outcomes)
        let s = try #require(BradleyTerry.separation(0, 1, count: 2, outcomes: outcomes, fit: fit))
        let sd = (1 / (12.0 * 2 / 9)).squareRoot()
        #expect(abs(s.probabilityBetter - 0.5 * erfc(-log(2) / sd / 2.0.squareRoot())) < 1e-9)
        #expect(abs(s.headToHead - 2.0 / 3) < 1e-9)
        #expect(s.low < 2.0 / 3 && s.high > 2.0 / 3 && s.low > 0 && s.high < 1)
        #expect(s.tooCloseToCall)   // about 87 %
    }

    @Test func aClearLeadIsCallable() throws {
        let outcomes = games(0, 1, firstWins: 36, secondWins: 4)
        let fit = BradleyTerry.fit(count: 2, outcomes: outcomes)
        let s = try #require(BradleyTerry.separation(0, 1, count: 2, outcomes: outcomes, fit: fit))
        #expect(s.probabilityBetter > 0.999 && !s.tooCloseToCall)
        #expect(abs(s.headToHead - 0.9) < 1e-9)
    }

    @Test func fortyFourAgainstThirtySevenFromTwelveVotesIsTooClose() throws {
        // Three candidates, twelve ballots: the leader's score is near the runner-up's.
        let outcomes = games(0, 1, firstWins: 2, secondWins: 2) + games(0, 2, firstWins: 3, secondWins: 1) + games(1, 2, firstWins: 3, secondWins: 1)
        let fit = BradleyTerry.fit(count: 3, outcomes: outcomes)
        let order = fit.scores.indices.sorted { fit.scores[$0] > fit.scores[$1] }
        let s = try #require(BradleyTerry.separation(order[0], order[1], count: 3, outcomes: outcomes, fit: fit))
        #expect(s.probabilityBetter >= 0.5 && s.tooCloseToCall)
    }

    @Test func theRegularisedFitStillAnswers() throws {
        // A never lost: the prior keeps the fit finite, and the answer is a probability.
        let outcomes = games(0, 1, firstWins: 5, secondWins: 0)
        let fit = BradleyTerry.fit(count: 2, outcomes: outcomes)
        #expect(fit.regularised)
        let s = try #require(BradleyTerry.separation(0, 1, count: 2, outcomes: outcomes, fit: fit))
        #expect(s.probabilityBetter > 0.5 && s.probabilityBetter < 1)
    }

    @Test func nothingToSayWithoutTwoCandidates() {
        let fit = BradleyTerry.fit(count: 1, outcomes: [])
        #expect(BradleyTerry.separation(0, 0, count: 1, outcomes: [], fit: fit) == nil)
        #expect(BradleyTerry.inverse([[0, 0], [0, 0]]) == nil)
    }
}
