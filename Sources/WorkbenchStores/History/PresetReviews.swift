import WorkbenchSupport
import Foundation

/// Reviews of preset revisions, like a visual-review tool's: someone asks named reviewers to
/// review a revision; a reviewer approves it or requests changes, with a comment. The preset's
/// status follows from them. Kept in the workbench database; knows nothing of HTTP.
package final class PresetReviews: Sendable {
    package enum Decision: String, Sendable, CaseIterable, Encodable {
        case approve
        case requestChanges = "request-changes"
        /// Asking `reviewers` to review the revision.
        case requestReview = "request-review"
    }

    /// Its JSON form is the reviews' answer: the revision as text, not the preset's id nor the rule.
    package struct Review: Sendable, Equatable, Encodable {
        package let id: Int64
        package let presetID: Int64
        @WrittenAs<AsText> package var revision: Int
        package let author: String
        package let decision: Decision
        package let reviewers: [String]
        package let comment: String
        package let time: String
        /// The approvals the workbench asked for when this decision was made (`serve --approvals`);
        /// nil for a decision recorded before the rule was kept with it.
        package var required: Int? = nil
        /// The failing checks an approval was given despite, each a sentence (the readability
        /// report's; any later check the same way): signed with the exports it approves.
        package var overrides: [String] = []

        private enum CodingKeys: String, CodingKey { case id, revision, author, decision, reviewers, comment, time }

        /// A sample, for documentation (the API's schema of a review is derived from it).
        package static var example: Review {
            Review(id: 1, presetID: 1, revision: 1, author: "Ada", decision: .approve, reviewers: ["Ben"], comment: "", time: "t")
        }
    }

    /// Draft, in review, or approved, and which revision was approved last, by whom and when;
    /// how many approvals the newest revision has of the `required` now, and the rule the
    /// approved revision was approved under (a later `--approvals` never takes it back silently).
    package struct Status: Sendable, Equatable, Encodable {
        package enum State: String, Sendable, Encodable { case draft, inReview = "in-review", approved }
        package let state: State
        @WrittenAs<AsOptionalText> package var approvedRevision: Int?
        package let approvers: [String]
        package let approvedAt: String?
        /// Approvals of the newest revision's parameters that do not count, with why: "Ben (revoked)".
        package var uncounted: [String] = []
        package var approvals = 0
        package var required = 1
        /// The approvals required when the approved revision was approved (it stays approved when the rule grows).
        package var approvedUnder: Int? = nil
        /// What was found changed behind the server's back in the history these approvals are
        /// read from: while set, none of them can be trusted (absent when nothing was).
        package var historyProblem: String? = nil

        private enum CodingKeys: String, CodingKey {
            case state, approvedRevision, approvers, approvedAt, uncounted = "notCounted", approvals, required = "approvalsRequired", approvedUnder, historyProblem
        }

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
                CREATE TABLE IF NOT EXISTS review_reads (person TEXT PRIMARY KEY, seen INTEGER NOT NULL);
                """)
            // Kept beside each decision (added to older databases): the rule it was made under, and
            // the failing checks an approval was given despite (none known in histories from before).
            let columns = try connection.query("PRAGMA table_info(reviews)").compactMap { $0.text(1) }
            if !columns.contains("required") { try connection.execute("ALTER TABLE reviews ADD COLUMN required INTEGER") }
            if !columns.contains("overrides") { try connection.execute("ALTER TABLE reviews ADD COLUMN overrides TEXT NOT NULL DEFAULT '[]'") }
        }
    }

    package static func append(presetID: Int64, revision: Int, author: String, decision: Decision, reviewers: [String], comment: String,
                               required: Int? = nil, overrides: [String] = [], on connection: SQLiteConnection) throws -> Review {
        let count = try connection.query("SELECT count(*) FROM reviews WHERE preset_id = ?1", [.integer(presetID)]).first?.int(0) ?? 0
        guard count < Limits.perPreset else { throw SQLiteError(code: 13, message: "a preset keeps at most \(Limits.perPreset) reviews") }
        let time = DecisionLog.timestamp()
        let reviewersText = JSONText.encode(reviewers)
        let overridesText = JSONText.encode(overrides)
        try connection.query("""
            INSERT INTO reviews(preset_id, revision, author, decision, reviewers, comment, time, required, overrides) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
            """, [
            .integer(presetID), .integer(Int64(revision)), .text(author), .text(decision.rawValue), .text(reviewersText), .text(comment), .text(time),
            required.map { .integer(Int64($0)) } ?? .null, .text(overridesText),
        ])
        let id = connection.lastInsertedRowID
        try HistoryChain.record(.review, key: [.integer(id)], on: connection)
        return Review(id: id, presetID: presetID, revision: revision, author: author, decision: decision,
                      reviewers: reviewers, comment: comment, time: time, required: required, overrides: overrides)
    }

    /// Oldest first.
    package func reviews(of presetID: Int64) throws -> [Review] {
        try database.withConnection { try Self.reviews(of: presetID, on: $0) }
    }

    package static func reviews(of presetID: Int64, on connection: SQLiteConnection) throws(SQLiteError) -> [Review] {
        try connection.query("""
            SELECT id, preset_id, revision, author, decision, reviewers, comment, time, overrides, required FROM reviews WHERE preset_id = ?1 ORDER BY id
            """, [.integer(presetID)]).compactMap { row in
            guard let decision = row.text(4).flatMap(Decision.init(rawValue:)) else { return nil }
            let reviewers = row.text(5).flatMap { try? JSONText.decode(Names.self, from: $0).names } ?? []
            let overrides = row.text(8).flatMap { try? JSONText.decode(Names.self, from: $0).names } ?? []
            return Review(id: row.integer(0) ?? 0, presetID: row.integer(1) ?? 0, revision: row.int(2) ?? 0, author: row.text(3) ?? "",
                          decision: decision, reviewers: reviewers, comment: row.text(6) ?? "", time: row.text(7) ?? "", required: row.int(9), overrides: overrides)
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
        /// Why an identity's approvals do not count ("revoked", "not invited"); nil when they do.
        package var uncounted: @Sendable (String) -> String? = { _ in nil }
        /// Whether an identity brought in (or contributed to) these parameters anywhere in the workbench.
        package var broughtIn: @Sendable (_ identity: String, _ parametersSHA256: String) -> Bool = { _, _ in false }

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
        let counted = latest.map { approvalCount(of: $0, reviews, revisions: revisions, rule: rule) } ?? 0
        let state: Status.State
        if let latest, approved?.key == latest {
            state = .approved
        } else if let latest, let request = reviews.last(where: { $0.revision == latest && $0.decision == .requestReview }),
                  !reviews.contains(where: { $0.revision == latest && $0.decision == .requestChanges && $0.id > request.id }) {
            state = .inReview
        } else {
            state = .draft
        }
        var status = Status(state: state, approvedRevision: approved?.key, approvers: approved?.value.approvers ?? [], approvedAt: approved?.value.at,
                            approvals: counted, required: rule.required, approvedUnder: approved?.value.under)
        status.uncounted = uncountedApprovals(reviews, revisions: revisions, latest: latest, rule: rule)
        return status
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
    ///
    /// `under`: the approvals required when the parameters became approved. Parameters approved
    /// under an earlier, smaller rule stay approved (each approval keeps the rule it was given
    /// under); a revision without that record counts under the rule now.
    package static func approvals(_ reviews: [Review], revisions: [RevisionFacts], rule: Rule = Rule()) -> [Int: (approvers: [String], at: String, under: Int)] {
        let live = revisions.filter { !$0.deleted && !$0.parametersSHA256.isEmpty }
        var approvedParameters: [String: (approvers: [String], at: String, under: Int)] = [:]
        for (parameters, words) in lastWords(reviews, live: live, rule: rule) {
            let approvals = words.values.filter { $0.decision == .approve }.sorted { $0.id < $1.id }
            guard !words.values.contains(where: { $0.decision == .requestChanges }) else { continue }
            // The first approval that completed the rule it was given under; else the rule now.
            let under = approvals.enumerated().first { i, approval in approval.required.map { i + 1 >= $0 } ?? false }?.element.required
                ?? (approvals.count >= rule.required ? rule.required : nil)
            guard let under else { continue }
            approvedParameters[parameters] = (approvals.map(\.author), approvals.last?.time ?? "", under)
        }
        var out: [Int: (approvers: [String], at: String, under: Int)] = [:]
        for revision in live { if let approval = approvedParameters[revision.parametersSHA256] { out[revision.number] = approval } }
        return out
    }

    /// How many distinct people (not its authors) approve revision `number`'s parameters now.
    package static func approvalCount(of number: Int, _ reviews: [Review], revisions: [RevisionFacts], rule: Rule = Rule()) -> Int {
        let live = revisions.filter { !$0.deleted && !$0.parametersSHA256.isEmpty }
        guard let revision = live.first(where: { $0.number == number }) else { return 0 }
        return lastWords(reviews, live: live, rule: rule)[revision.parametersSHA256]?.values.filter { $0.decision == .approve }.count ?? 0
    }

    /// Per parameters (by SHA-256): each person's last word (identity → review), leaving out
    /// the words on their own work.
    private static func lastWords(_ reviews: [Review], live: [RevisionFacts], rule: Rule) -> [String: [String: Review]] {
        let byNumber = Dictionary(live.map { ($0.number, $0) }, uniquingKeysWith: { a, _ in a })
        let introducedBy = introducers(live, rule: rule)
        var lastWord: [String: [String: Review]] = [:]
        for review in reviews.sorted(by: { $0.id < $1.id }) where review.decision != .requestReview {
            guard let revision = byNumber[review.revision], !review.author.isEmpty else { continue }
            let who = rule.identity(review.author)
            guard !isOwnWork(who, revision, introducedBy: introducedBy, rule: rule), rule.uncounted(who) == nil else { continue }
            lastWord[revision.parametersSHA256, default: [:]][who] = review
        }
        return lastWord
    }

    /// Whether `author` saved revision `number` or brought its parameters in (the first revision
    /// that had them): the reviews `approvals` leaves out, which a review write refuses.
    package static func isOwnWork(_ author: String, revision number: Int, revisions: [RevisionFacts], rule: Rule = Rule()) -> Bool {
        guard let revision = revisions.first(where: { $0.number == number }) else { return false }
        let live = revisions.filter { !$0.deleted && !$0.parametersSHA256.isEmpty }
        return isOwnWork(rule.identity(author), revision, introducedBy: introducers(live, rule: rule), rule: rule)
    }

    private static func isOwnWork(_ who: String, _ revision: RevisionFacts, introducedBy: [String: String], rule: Rule) -> Bool {
        who == rule.identity(revision.author) || who == introducedBy[revision.parametersSHA256] || rule.broughtIn(who, revision.parametersSHA256)
    }

    /// The last-word approvals of the newest revision's parameters that do not count because of
    /// who gave them (revoked, not invited), as "Ben (revoked)".
    private static func uncountedApprovals(_ reviews: [Review], revisions: [RevisionFacts], latest: Int?, rule: Rule) -> [String] {
        guard let latest, let parameters = revisions.first(where: { $0.number == latest })?.parametersSHA256, !parameters.isEmpty else { return [] }
        let numbers = Set(revisions.filter { $0.parametersSHA256 == parameters && !$0.deleted }.map(\.number))
        var last: [String: Review] = [:]
        for review in reviews.sorted(by: { $0.id < $1.id }) where review.decision != .requestReview && numbers.contains(review.revision) {
            last[rule.identity(review.author)] = review
        }
        return last.filter { $0.value.decision == .approve }.sorted { $0.value.id < $1.value.id }
            .compactMap { who, review in rule.uncounted(who).map { "\(review.author) (\($0))" } }
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

/// A list of texts as a review row keeps its reviewers and overrides; an item that is no text is passed over.
private struct Names: Decodable {
    let names: [String]

    init(from decoder: any Decoder) throws {
        names = try [Item](from: decoder).compactMap(\.text)
    }

    /// One item: its text, nil when it is something else.
    private struct Item: Decodable {
        let text: String?
        init(from decoder: any Decoder) { text = try? decoder.singleValueContainer().decode(String.self) }
    }
}
