import Foundation
import Synchronization
import WorkbenchStores

/// Each round's team's best as the API says it (`ExploreRoutes.bestAnswer`), kept for the answers
/// it was read at. After an answer the reply says it, then every page on the round reads the
/// round again (the answering one, and each one the event reaches): without this each read
/// computed the same importance, agreement and people's predictions again, and they took most of
/// the time from an answer to its person's next pair.
final class ExploreBestReadings: Sendable {
    private struct Kept {
        let answers: Int
        let best: ExploreBestAnswer?
    }

    private let kept = Mutex<[String: Kept]>([:])
    /// Rounds kept: more than are open at once (`ExploreStore.maxOpenRounds`), a few ended ones read again.
    static let limit = 64

    /// The round's best, computed by `read` only when the answers have changed since it was kept.
    /// A round's best is a function of its answers: they are only ever added, and a round read
    /// back after a restart refits the same model from them.
    func best(of round: Exploration, _ read: (Exploration) -> ExploreBestAnswer?) -> ExploreBestAnswer? {
        let answers = round.model.answers.count
        if let found = kept.withLock({ $0[round.id] }), found.answers == answers { return found.best }
        let best = read(round)
        kept.withLock { kept in
            if kept[round.id] == nil && kept.count >= Self.limit { kept.removeAll() }
            if (kept[round.id]?.answers ?? -1) <= answers { kept[round.id] = Kept(answers: answers, best: best) }
        }
        return best
    }
}
