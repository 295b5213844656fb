import Foundation
import WorkbenchSupport

/// "Waiting for your review": the review requests naming a person that they have not answered,
/// read from the reviews kept in the workbench database, so they survive a restart and meet
/// the person whenever they come back.
extension PresetReviews {
    package struct Waiting: Sendable, Equatable, Encodable {
        package let preset: String
        @WrittenAs<AsText> package var revision: Int
        package let requestedBy: String
        package let requestedAt: String
        package let comment: String
        package let status: Status
    }

    /// For `person` (under any name they have held: `rule.identity`): each preset whose newest
    /// revision someone asked them to review, which they have neither approved nor asked changes
    /// to since, which is not their own work and not approved yet. Newest request first.
    package static func waiting(for person: String, rule: Rule, on connection: SQLiteConnection) throws(SQLiteError) -> [Waiting] {
        let me = rule.identity(person)
        let presets = try connection.query("SELECT DISTINCT preset_id FROM reviews WHERE decision = ?1", [.text(Decision.requestReview.rawValue)])
            .compactMap { $0.integer(0) }
        var waiting: [Waiting] = []
        for id in presets {
            guard let record = try PresetHistory.record(id: id, on: connection), !record.deleted else { continue }
            let reviews = try reviews(of: id, on: connection)
            guard let request = reviews.last(where: { $0.revision == record.latest && $0.decision == .requestReview && $0.reviewers.contains { rule.identity($0) == me } })
            else { continue }
            let answered = reviews.contains { $0.id > request.id && $0.revision == record.latest && $0.decision != .requestReview && rule.identity($0.author) == me }
            let facts = try revisionFacts(of: id, on: connection)
            guard !answered, !isOwnWork(person, revision: record.latest, revisions: facts, rule: rule) else { continue }
            let status = status(reviews: reviews, revisions: facts, latest: record.latest, rule: rule)
            guard status.state != .approved else { continue }
            waiting.append(Waiting(preset: record.name, revision: record.latest, requestedBy: request.author, requestedAt: request.time,
                                   comment: request.comment, status: status))
        }
        return waiting.sorted { $0.requestedAt > $1.requestedAt }
    }

    /// An answer to a revision someone saved: approved, or changes requested. Kept until read.
    package struct Notice: Sendable, Equatable, Encodable {
        package let id: Int64
        package let preset: String
        @WrittenAs<AsText> package var revision: Int
        package let by: String
        package let decision: Decision
        package let comment: String
        package let time: String
    }

    package static let noticeLimit = 100

    /// Approvals and change requests by others of revisions `person` saved, newer than what
    /// they marked read (`markRead`), newest first, at most `noticeLimit`.
    package static func notices(for person: String, rule: Rule, on connection: SQLiteConnection) throws(SQLiteError) -> [Notice] {
        let me = rule.identity(person)
        let seen = try connection.query("SELECT seen FROM review_reads WHERE person = ?1", [.text(me)]).first?.integer(0) ?? 0
        let rows = try connection.query("""
            SELECT r.id, p.name, r.revision, r.author, r.decision, r.comment, r.time, v.author
            FROM reviews r JOIN presets p ON p.id = r.preset_id JOIN revisions v ON v.preset_id = r.preset_id AND v.number = r.revision
            WHERE r.id > ?1 AND r.decision IN (?2, ?3) AND p.deleted = 0 ORDER BY r.id DESC LIMIT 2000
            """, [.integer(seen), .text(Decision.approve.rawValue), .text(Decision.requestChanges.rawValue)])
        return rows.compactMap { row -> Notice? in
            guard let savedBy = row.text(7), rule.identity(savedBy) == me, let reviewer = row.text(3), rule.identity(reviewer) != me,
                  let decision = row.text(4).flatMap(Decision.init(rawValue:)) else { return nil }
            return Notice(id: row.integer(0) ?? 0, preset: row.text(1) ?? "", revision: row.int(2) ?? 0, by: reviewer, decision: decision,
                          comment: row.text(5) ?? "", time: row.text(6) ?? "")
        }.prefix(noticeLimit).map { $0 }
    }

    /// `person` has read every notice up to review `id`.
    package static func markRead(for person: String, upTo id: Int64, rule: Rule, on connection: SQLiteConnection) throws(SQLiteError) {
        try connection.query("INSERT INTO review_reads(person, seen) VALUES (?1, ?2) ON CONFLICT(person) DO UPDATE SET seen = max(seen, excluded.seen)",
                             [.text(rule.identity(person)), .integer(id)])
    }
}
