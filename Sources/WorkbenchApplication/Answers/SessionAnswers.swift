import WorkbenchSupport

/// A page that is here: who, in which role, on which preset, pressing where, showing what.
struct PersonAnswer: Encodable {
    let client: String
    let user: String
    let role: String
    let preset: String?
    let pressing: Bool
    let selection: Double?
    let view: JSONValue?
}

/// `GET /api/session`: your role, who is here, the preset an editor last opened, the join links.
struct SessionAnswer: Encodable {
    struct Current: Encodable {
        let preset: String?
    }

    let shared: Bool
    let role: String
    let people: [PersonAnswer]
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
    let people: [PersonAnswer]
}

extension PersonAnswer {
    static var example: PersonAnswer {
        PersonAnswer(client: "c", user: "Ada", role: "editor", preset: nil, pressing: false, selection: nil, view: nil)
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

extension PersonAnswer {
    init(_ person: Presence.Person) {
        client = Presence.alias(person.client)
        user = person.user
        role = person.role.rawValue
        preset = person.preset
        pressing = person.pressing
        selection = person.selection
        view = person.view
    }
}
