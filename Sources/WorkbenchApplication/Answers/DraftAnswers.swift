import WorkbenchStores
import WorkbenchSupport

/// One attributed change of a draft; `step` and `undoOf` only when the page sent them.
struct ChangeAnswer: Encodable {
    let id: Int
    let author: String
    let client: String
    let keys: [String]
    let time: String
    @OmittedWhenNil var step: String?
    @OmittedWhenNil var undoOf: String?

    init(_ change: DraftStore.Change) {
        id = change.id
        author = change.author
        client = Presence.alias(change.client)
        keys = change.keys
        time = change.time
        step = change.step
        undoOf = change.undoOf
    }
}

/// What every draft answer and event starts with: whose draft, its saved revision, its version
/// and its values now. The answers that hold it write its members first, then their own.
struct DraftStateAnswer: Encodable {
    let preset: String
    let draft: Int
    let baseRevision: String
    let version: Int
    let parameters: JSONValue

    init(_ snapshot: DraftStore.Snapshot) {
        preset = snapshot.preset
        draft = snapshot.id
        baseRevision = String(snapshot.baseRevision)
        version = snapshot.version
        parameters = JSONValueEncoder.encode(OrderedMembers(snapshot.values))
    }
}

/// `GET /api/drafts/{name}` answers the draft's state, then its saved revision and every change:
/// `Joined(DraftStateAnswer(snapshot), DraftContents(snapshot))`.
struct DraftContents: Encodable {
    let saved: JSONValue
    let changes: [ChangeAnswer]

    init(_ snapshot: DraftStore.Snapshot) {
        saved = JSONValueEncoder.encode(OrderedMembers(snapshot.saved))
        changes = snapshot.changes.map(ChangeAnswer.init)
    }
}

/// `POST /api/drafts/{name}/changes` answers the draft's state after the change, then the change,
/// what was left alone and why: `Joined(DraftStateAnswer(snapshot), DraftChanged(...))`.
struct DraftChanged: Encodable {
    let change: ChangeAnswer
    let skipped: [String]
    /// Only when something was skipped.
    @OmittedWhenNil var message: String?
}

/// The `draft` event: the draft's state and either the change (with who made it) or, after a
/// save folded into the draft, the saved values.
struct DraftEvent: Encodable {
    let snapshot: DraftStore.Snapshot
    let change: DraftStore.Change?

    private enum CodingKeys: String, CodingKey { case change, user, client, saved }

    func encode(to encoder: any Encoder) throws {
        try DraftStateAnswer(snapshot).encode(to: encoder)
        var c = encoder.container(keyedBy: CodingKeys.self)
        if let change {
            try c.encode(ChangeAnswer(change), forKey: .change)
            try c.encode(change.author, forKey: .user)
            try c.encode(Presence.alias(change.client), forKey: .client)
        } else {
            try c.encode(OrderedMembers(snapshot.saved), forKey: .saved)
        }
    }
}
