import WorkbenchSupport
import Foundation

/// Reviews of preset revisions, like a visual-review tool's: someone asks named reviewers to
/// review a revision; a reviewer approves it or requests changes, with a comment. The preset's
/// status follows from them. Kept in the workbench database; knows nothing of HTTP.
package final class PresetReviews: Sendable {
    package enum Decision: String, Sendable, CaseIterable {
        case approve
        case requestChanges = "request-changes"
        /// Asking `reviewers` to review the revision.
        case requestReview = "request-review"
    }

    package struct Review: Sendable, Equatable {
        package let id: Int64
        package let presetID: Int64
        package let revision: Int
        package let author: String
        package let decision: Decision
        package let reviewers: [String]
        package let comment: String
        package let time: String
    }

    /// Draft, in review, or approved, and which revision was approved last, by whom and when.
    package struct Status: Sendable, Equatable {
        package enum State: String, Sendable { case draft, inReview = "in-review", approved }
        package let state: State
        package let approvedRevision: Int?
        package let approvers: [String]
        package let approvedAt: String?

        package static let draft = Status(state: .draft, approvedRevision: nil, approvers: [], approvedAt: nil)
    }

    package enum Limits {
        package static let commentCharacters = 2_000, commentBytes = 8_000
        package static let reviewers = 20, reviewerBytes = 800
        package static let perPreset = 5_000
    }

    package let database: SQLiteDatabase

    package init(database: SQLiteDatabase) throws {
        self.database = database
        try database.withConnection { connection in
            try connection.execute("""
                CREATE TABLE IF NOT EXISTS reviews (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    preset_id INTEGER NOT NULL REFERENCES presets(id),
                    revision INTEGER NOT NULL,
                    author TEXT NOT NULL,
                    decision TEXT NOT NULL,
                    reviewers TEXT NOT NULL,
                    comment TEXT NOT NULL,
                    time TEXT NOT NULL
                );
                CREATE INDEX IF NOT EXISTS reviews_by_preset ON reviews(preset_id, id);
                """)
        }
    }

    package static func append(presetID: Int64, revision: Int, author: String, decision: Decision, reviewers: [String], comment: String,
                       on connection: SQLiteConnection) throws -> Review {
        let count = try connection.query("SELECT count(*) FROM reviews WHERE preset_id = ?1", [.integer(presetID)]).first?.int(0) ?? 0
        guard count < Limits.perPreset else { throw SQLiteError(code: 13, message: "a preset keeps at most \(Limits.perPreset) reviews") }
        let time = DecisionLog.timestamp()
        let reviewersText = JSONValue.array(reviewers.map(JSONValue.string)).serialized()
        try connection.query("INSERT INTO reviews(preset_id, revision, author, decision, reviewers, comment, time) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)", [
            .integer(presetID), .integer(Int64(revision)), .text(author), .text(decision.rawValue), .text(reviewersText), .text(comment), .text(time),
        ])
        let id = connection.lastInsertedRowID
        try HistoryChain.record(.review, key: [.integer(id)], on: connection)
        return Review(id: id, presetID: presetID, revision: revision, author: author, decision: decision,
                      reviewers: reviewers, comment: comment, time: time)
    }

    /// Oldest first.
    package func reviews(of presetID: Int64) throws -> [Review] {
        try database.withConnection { try Self.reviews(of: presetID, on: $0) }
    }

    package static func reviews(of presetID: Int64, on connection: SQLiteConnection) throws(SQLiteError) -> [Review] {
        try connection.query("SELECT id, preset_id, revision, author, decision, reviewers, comment, time FROM reviews WHERE preset_id = ?1 ORDER BY id",
                             [.integer(presetID)]).compactMap { row in
            guard let decision = row.text(4).flatMap(Decision.init(rawValue:)) else { return nil }
            let reviewers = row.text(5).flatMap { try? JSONValue.parse($0) }?.arrayValue?.compactMap(\.stringValue) ?? []
            return Review(id: row.integer(0) ?? 0, presetID: row.integer(1) ?? 0, revision: row.int(2) ?? 0, author: row.text(3) ?? "",
                          decision: decision, reviewers: reviewers, comment: row.text(6) ?? "", time: row.text(7) ?? "")
        }
    }

    /// What the approval rules need of a preset's revisions: who saved each and its parameters.
    package struct RevisionFacts: Sendable, Equatable {
        package let number: Int
        package let author: String
        package let parametersSHA256: String
        package let deleted: Bool

        package init(number: Int, author: String, parametersSHA256: String, deleted: Bool = false) {
            self.number = number; self.author = author; self.parametersSHA256 = parametersSHA256; self.deleted = deleted
        }
    }

    /// The rules approvals follow: how many distinct people must approve (`serve --approvals N`)
    /// and who is who (every name a person has held, to one identity).
    package struct Rule: Sendable {
        package var required: Int
        package var identity: @Sendable (String) -> String

        package init(required: Int = 1, identity: @escaping @Sendable (String) -> String = { $0 }) {
            self.required = max(1, required)
            self.identity = identity
        }
    }

    package static func revisionFacts(of presetID: Int64, on connection: SQLiteConnection) throws(SQLiteError) -> [RevisionFacts] {
        try connection.query("SELECT number, author, parameters_sha256, deleted FROM revisions WHERE preset_id = ?1 ORDER BY number",
                             [.integer(presetID)]).map { row in
            RevisionFacts(number: row.int(0) ?? 0, author: row.text(1) ?? "", parametersSHA256: row.text(2) ?? "", deleted: row.integer(3) == 1)
        }
    }

    /// The status of a preset whose newest revision is `latest` (nil when deleted).
    /// Approval belongs to the canonical parameters: a revision is approved when its parameters
    /// are, so a restore, a notes edit or a rename stays approved and any parameter change starts
    /// a draft. The preset is approved when its newest revision is; in review when someone asked
    /// for a review of the newest revision and nobody has since asked for changes to it; else a
    /// draft. The newest approved revision stays the approved one while a new draft is edited.
    package static func status(reviews: [Review], revisions: [RevisionFacts], latest: Int?, rule: Rule = Rule()) -> Status {
        let approved = approvals(reviews, revisions: revisions, rule: rule).max { $0.key < $1.key }
        let state: Status.State
        if let latest, approved?.key == latest {
            state = .approved
        } else if let latest, let request = reviews.last(where: { $0.revision == latest && $0.decision == .requestReview }),
                  !reviews.contains(where: { $0.revision == latest && $0.decision == .requestChanges && $0.id > request.id }) {
            state = .inReview
        } else {
            state = .draft
        }
        return Status(state: state, approvedRevision: approved?.key, approvers: approved?.value.approvers ?? [], approvedAt: approved?.value.at)
    }

    /// Every approved revision with its approvers (in the order they approved) and the time of
    /// the last approval that counts.
    ///
    /// The words on a set of parameters are the reviews of every revision carrying them. A
    /// person's last word there counts unless they saved the revision it is about or brought
    /// those parameters in (the first revision that had them): nobody approves their own work.
    /// The parameters are approved when at least `rule.required` distinct people's last word
    /// is an approval and nobody's last word asks for changes; every revision carrying them is
    /// then approved.
    package static func approvals(_ reviews: [Review], revisions: [RevisionFacts], rule: Rule = Rule()) -> [Int: (approvers: [String], at: String)] {
        let live = revisions.filter { !$0.deleted && !$0.parametersSHA256.isEmpty }
        let byNumber = Dictionary(live.map { ($0.number, $0) }, uniquingKeysWith: { a, _ in a })
        let introducedBy = introducers(live, rule: rule)
        // Per parameters: each person's last word (identity → review).
        var lastWord: [String: [String: Review]] = [:]
        for review in reviews.sorted(by: { $0.id < $1.id }) where review.decision != .requestReview {
            guard let revision = byNumber[review.revision], !review.author.isEmpty else { continue }
            let who = rule.identity(review.author)
            guard !isOwnWork(who, revision, introducedBy: introducedBy, rule: rule) else { continue }
            lastWord[revision.parametersSHA256, default: [:]][who] = review
        }
        var approvedParameters: [String: (approvers: [String], at: String)] = [:]
        for (parameters, words) in lastWord {
            let approvals = words.values.filter { $0.decision == .approve }.sorted { $0.id < $1.id }
            guard approvals.count >= rule.required, !words.values.contains(where: { $0.decision == .requestChanges }) else { continue }
            approvedParameters[parameters] = (approvals.map(\.author), approvals.last?.time ?? "")
        }
        var out: [Int: (approvers: [String], at: String)] = [:]
        for revision in live { if let approval = approvedParameters[revision.parametersSHA256] { out[revision.number] = approval } }
        return out
    }

    /// Whether `author` saved revision `number` or brought its parameters in (the first revision
    /// that had them): the reviews `approvals` leaves out, which a review write refuses.
    package static func isOwnWork(_ author: String, revision number: Int, revisions: [RevisionFacts], rule: Rule = Rule()) -> Bool {
        guard let revision = revisions.first(where: { $0.number == number }) else { return false }
        let live = revisions.filter { !$0.deleted && !$0.parametersSHA256.isEmpty }
        return isOwnWork(rule.identity(author), revision, introducedBy: introducers(live, rule: rule), rule: rule)
    }

    private static func isOwnWork(_ who: String, _ revision: RevisionFacts, introducedBy: [String: String], rule: Rule) -> Bool {
        who == rule.identity(revision.author) || who == introducedBy[revision.parametersSHA256]
    }

    /// Who brought each set of parameters in (by their SHA-256): the author of the first live
    /// revision carrying them, as an identity.
    private static func introducers(_ live: [RevisionFacts], rule: Rule) -> [String: String] {
        var introducedBy: [String: String] = [:]
        for revision in live.sorted(by: { $0.number < $1.number }) where introducedBy[revision.parametersSHA256] == nil {
            introducedBy[revision.parametersSHA256] = rule.identity(revision.author)
        }
        return introducedBy
    }
}
