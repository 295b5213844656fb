import WorkbenchStores
import WorkbenchSupport

/// `GET /api/presets`: one page of the store's entries as summaries, the total and the next
/// page's offset, and the files that could not be read.
struct PresetListAnswer: Encodable {
    let presets: [PresetStore.Entry]
    let total: Int
    let next: Int?
    let problems: [PresetStore.Problem]
}

/// A preset in the list: its summary, without notes or parameters.
extension PresetStore.Entry: DocumentedAnswer {
    private enum SummaryKeys: String, CodingKey { case name, author, updatedAt, revision, warnings }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: SummaryKeys.self)
        try c.encode(preset.name, forKey: .name)
        try c.encode(preset.author, forKey: .author)
        try c.encode(preset.updatedAt, forKey: .updatedAt)
        try c.encode(String(revision), forKey: .revision)
        try c.encode(preset.warnings, forKey: .warnings)
    }

    /// With a parameter this version does not know, so that the document shows a warning's type.
    package static var example: PresetStore.Entry {
        var preset = Preset(name: "Default", author: "Ada", updatedAt: "2026-01-01T00:00:00.000Z")
        preset.unknownParameters = [("newerParameter", .null)]
        return PresetStore.Entry(preset: preset, revision: 1, fileName: "default.json", presetID: 1)
    }
}

/// A preset file that could not be read: the file and why.
extension PresetStore.Problem: DocumentedAnswer {
    private enum AnswerKeys: String, CodingKey { case file, message }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnswerKeys.self)
        try c.encode(fileName, forKey: .file)
        try c.encode(message, forKey: .message)
    }

    package static var example: PresetStore.Problem { PresetStore.Problem(fileName: "x.json", message: "…") }
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
        PresetListAnswer(presets: [.example], total: 1, next: nil, problems: [.example])
    }
}

extension DeletedAnswer: DocumentedAnswer {
    static var example: DeletedAnswer { DeletedAnswer(deleted: "Default", revision: "2") }
}

/// One review or review request of a revision.
extension PresetReviews.Review: DocumentedAnswer {}

/// One entry of `GET /api/presets/{name}/revisions`.
extension PresetHistory.Revision: DocumentedAnswer {}
