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

/// `POST /api/presets/{name}/reviews` answers the review's members, then the preset's status after
/// it: `Joined(review, ReviewedStatus(...))`.
struct ReviewedStatus: Encodable {
    let status: PresetReviews.Status
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

/// One review or review request of a revision.
extension PresetReviews.Review: DocumentedAnswer {}

/// One entry of `GET /api/presets/{name}/revisions`.
extension PresetHistory.Revision: DocumentedAnswer {}
