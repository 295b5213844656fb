import WorkbenchStores

/// A person as others see them: name, role, since when, whether their access was revoked.
struct PersonSummaryAnswer: DocumentedAnswer {
    let id: Int
    let name: String
    let role: String
    let createdAt: String
    let revoked: Bool

    init(_ person: PeopleStore.Person) {
        id = Int(person.id); name = person.name; role = person.role.rawValue; createdAt = person.createdAt; revoked = person.revoked
    }

    static var example: PersonSummaryAnswer {
        PersonSummaryAnswer(.init(id: 2, name: "Ada", role: .editor, createdAt: "2026-01-01T00:00:00.000Z", revokedAt: nil))
    }
}

/// `POST /api/people`: the new person and their secret, shown this once.
struct NewPersonAnswer: DocumentedAnswer {
    let person: PersonSummaryAnswer
    /// Send it as `X-Workbench-Secret` with every call (`?secret=` on an event stream or a download).
    let secret: String

    static var example: NewPersonAnswer { NewPersonAnswer(person: .example, secret: String(repeating: "0f", count: 32)) }
}

/// `GET /api/people`.
struct PeopleListAnswer: DocumentedAnswer {
    let people: [PersonSummaryAnswer]

    static var example: PeopleListAnswer { PeopleListAnswer(people: [.example]) }
}
