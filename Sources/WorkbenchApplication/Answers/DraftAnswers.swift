import WorkbenchStores
import WorkbenchSupport

/// One attributed change of a draft; `step` and `undoOf` only when the page sent them.
struct ChangeAnswer: Encodable {
    let id: Int
    let author: String
    let client: String
    let keys: [String]
    let time: String
    let step: String?
    let undoOf: String?

    init(_ change: DraftStore.Change) {
        id = change.id
        author = change.author
        client = Presence.alias(change.client)
        keys = change.keys
        time = change.time
        step = change.step
        undoOf = change.undoOf
    }

    private enum CodingKeys: String, CodingKey { case id, author, client, keys, time, step, undoOf }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(author, forKey: .author)
        try c.encode(client, forKey: .client)
        try c.encode(keys, forKey: .keys)
        try c.encode(time, forKey: .time)
        if let step { try c.encode(step, forKey: .step) }
        if let undoOf { try c.encode(undoOf, forKey: .undoOf) }
    }
}

/// `GET /api/drafts/{name}`: the live document, its saved revision and every change.
struct DraftAnswer: Encodable {
    let preset: String
    let draft: Int
    let baseRevision: String
    let version: Int
    let parameters: JSONValue
    let saved: JSONValue
    let changes: [ChangeAnswer]

    init(_ snapshot: DraftStore.Snapshot) {
        preset = snapshot.preset
        draft = snapshot.id
        baseRevision = String(snapshot.baseRevision)
        version = snapshot.version
        parameters = JSONValueEncoder.encode(OrderedMembers(snapshot.values))
        saved = JSONValueEncoder.encode(OrderedMembers(snapshot.saved))
        changes = snapshot.changes.map(ChangeAnswer.init)
    }
}

/// `POST /api/drafts/{name}/changes`: the draft after the change, what was left alone and why.
struct DraftChangedAnswer: Encodable {
    let preset: String
    let draft: Int
    let baseRevision: String
    let version: Int
    let parameters: JSONValue
    let change: ChangeAnswer
    let skipped: [String]
    /// Only when something was skipped.
    let message: String?

    private enum CodingKeys: String, CodingKey { case preset, draft, baseRevision, version, parameters, change, skipped, message }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(preset, forKey: .preset)
        try c.encode(draft, forKey: .draft)
        try c.encode(baseRevision, forKey: .baseRevision)
        try c.encode(version, forKey: .version)
        try c.encode(parameters, forKey: .parameters)
        try c.encode(change, forKey: .change)
        try c.encode(skipped, forKey: .skipped)
        if let message { try c.encode(message, forKey: .message) }
    }
}

/// The `draft` event: the draft's state and either the change (with who made it) or, after a
/// save folded into the draft, the saved values.
struct DraftEvent: Encodable {
    let snapshot: DraftStore.Snapshot
    let change: DraftStore.Change?

    private enum CodingKeys: String, CodingKey { case preset, draft, baseRevision, version, parameters, change, user, client, saved }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(snapshot.preset, forKey: .preset)
        try c.encode(snapshot.id, forKey: .draft)
        try c.encode(String(snapshot.baseRevision), forKey: .baseRevision)
        try c.encode(snapshot.version, forKey: .version)
        try c.encode(OrderedMembers(snapshot.values), forKey: .parameters)
        if let change {
            try c.encode(ChangeAnswer(change), forKey: .change)
            try c.encode(change.author, forKey: .user)
            try c.encode(Presence.alias(change.client), forKey: .client)
        } else {
            try c.encode(OrderedMembers(snapshot.saved), forKey: .saved)
        }
    }
}
