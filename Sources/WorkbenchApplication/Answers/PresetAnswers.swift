import WorkbenchStores
import WorkbenchSupport

/// `GET /api/presets`: one page of summaries (no notes), the total and the next page's offset.
struct PresetListAnswer: Encodable {
    struct Summary: Encodable {
        let name: String
        let author: String
        let updatedAt: String
        let revision: String
        let warnings: [String]
    }

    struct Problem: Encodable {
        let file: String
        let message: String
    }

    let presets: [Summary]
    let total: Int
    let next: Int?
    let problems: [Problem]
}

/// `DELETE /api/presets/{name}`.
struct DeletedAnswer: Encodable {
    let deleted: String
    let revision: String
}

/// A preset's review status: draft, in review or approved (which revision, by whom, when).
struct StatusAnswer: Encodable {
    let state: String
    let approvedRevision: String?
    let approvers: [String]
    let approvedAt: String?
    /// Approvals that do not count, with why: "Ben (revoked)", "Sam (not invited)".
    let notCounted: [String]
    /// Distinct approvals of the newest revision's parameters, of the `approvalsRequired` now ("1 of 2 approvals").
    let approvals: Int
    let approvalsRequired: Int
    /// The approvals required when the approved revision was approved (it stays approved when the rule grows).
    let approvedUnder: Int?

    init(_ status: PresetReviews.Status) {
        state = status.state.rawValue
        approvedRevision = status.approvedRevision.map { String($0) }
        approvers = status.approvers
        approvedAt = status.approvedAt
        notCounted = status.uncounted
        approvals = status.approvals
        approvalsRequired = status.required
        approvedUnder = status.approvedUnder
    }
}

/// One review or review request of a revision.
struct ReviewAnswer: Encodable {
    let id: Int64
    let revision: String
    let author: String
    let decision: String
    let reviewers: [String]
    let comment: String
    let time: String

}

/// `POST /api/presets/{name}/reviews`: the review's members and the preset's status after it.
struct ReviewedAnswer: Encodable {
    let review: ReviewAnswer
    let status: StatusAnswer

    private enum CodingKeys: String, CodingKey { case status }

    func encode(to encoder: any Encoder) throws {
        try review.encode(to: encoder)
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(status, forKey: .status)
    }
}

/// One entry of `GET /api/presets/{name}/revisions`.
struct RevisionSummaryAnswer: Encodable {
    let revision: String
    let author: String
    let savedAt: String
    let message: String
    let deleted: Bool
    let name: String

}

extension PresetListAnswer: DocumentedAnswer {
    static var example: PresetListAnswer {
        PresetListAnswer(presets: [.init(name: "Default", author: "Ada", updatedAt: "2026-01-01T00:00:00.000Z", revision: "1", warnings: ["…"])],
                         total: 1, next: nil, problems: [.init(file: "x.json", message: "…")])
    }
}

extension DeletedAnswer: DocumentedAnswer {
    static var example: DeletedAnswer { DeletedAnswer(deleted: "Default", revision: "2") }
}

extension ReviewAnswer: DocumentedAnswer {
    static var example: ReviewAnswer {
        ReviewAnswer(id: 1, revision: "1", author: "Ada", decision: "approve", reviewers: ["Ben"], comment: "", time: "t")
    }
}

extension RevisionSummaryAnswer: DocumentedAnswer {
    static var example: RevisionSummaryAnswer {
        RevisionSummaryAnswer(revision: "1", author: "Ada", savedAt: "t", message: "", deleted: false, name: "Default")
    }
}

extension ReviewAnswer {
    init(_ review: PresetReviews.Review) {
        id = review.id
        revision = String(review.revision)
        author = review.author
        decision = review.decision.rawValue
        reviewers = review.reviewers
        comment = review.comment
        time = review.time
    }
}

extension RevisionSummaryAnswer {
    init(_ revision: PresetHistory.Revision) {
        self.revision = String(revision.number)
        author = revision.author
        savedAt = revision.savedAt
        message = revision.message
        deleted = revision.deleted
        self.name = revision.name
    }
}
