import WorkbenchSupport

/// `GET /api/session`: your role, who is here, the preset an editor last opened, the join links.
struct SessionAnswer: Encodable {
    struct Current: Encodable {
        let preset: String?
    }

    let shared: Bool
    let role: String
    let people: [Presence.Person]
    let current: Current
    /// Link kind → URL, the ones this role may hand on.
    let links: JSONValue
    /// This run of the server: another id after a restart.
    let serverStart: String
}

/// `POST /api/session/play` and the `play` event's motion.
struct PlayAnswer: Encodable {
    let motion: String
}

extension PlayAnswer: DocumentedAnswer {
    static var example: PlayAnswer { PlayAnswer(motion: "live") }
}

/// `POST /api/session/presence` and the `presence` event.
struct PeopleAnswer: Encodable {
    let people: [Presence.Person]
}

extension Presence.Person {
    static var example: Presence.Person {
        Presence.Person(client: "c", key: "k", user: "Ada", role: .editor, preset: nil, pressing: false, selection: nil, view: nil)
    }
}

extension SessionAnswer: DocumentedAnswer {
    static var example: SessionAnswer {
        SessionAnswer(shared: false, role: "editor", people: [.example], current: .init(preset: nil), links: .object([]), serverStart: "5f0c9a1e2b3d4c6a")
    }
}

extension PeopleAnswer: DocumentedAnswer {
    static var example: PeopleAnswer { PeopleAnswer(people: [.example]) }
}
