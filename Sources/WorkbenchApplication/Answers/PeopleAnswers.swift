import Foundation
import WorkbenchStores

/// A person as others see them: name, role, since when, whether their access was revoked.
struct PersonSummaryAnswer: DocumentedAnswer {
    let id: Int
    let name: String
    let role: String
    let createdAt: String
    let revoked: Bool
    /// The workbench's owner: invites people, changes roles, revokes and restores.
    let owner: Bool
    /// Whether the person joined by an invitation (or is the owner): only their approvals count.
    let invited: Bool
    /// Whether the person may issue invitations: the owner, or someone the owner allows (not revoked).
    let mayInvite: Bool

    init(_ person: PeopleStore.Person, owner: Bool, mayInvite: Bool = false) {
        id = Int(person.id); name = person.name; role = person.role.rawValue; createdAt = person.createdAt; revoked = person.revoked
        self.owner = owner; invited = owner || person.invitation != nil
        self.mayInvite = owner || (mayInvite && !person.revoked)
    }

    static var example: PersonSummaryAnswer {
        PersonSummaryAnswer(.init(id: 2, name: "Ada", role: .editor, createdAt: "2026-01-01T00:00:00.000Z", revokedAt: nil, invitation: 1), owner: false)
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

/// An invitation as the owner sees it (never its code, which is shown once): the store's record,
/// with its state now (open, used by NAME, revoked or expired) where the record keeps who used
/// it and when it was revoked.
extension PeopleStore.Invitation: DocumentedAnswer {
    private enum AnswerKeys: String, CodingKey { case id, role, issuedBy, createdAt, expiresAt, state, restores }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnswerKeys.self)
        try c.encode(Int(id), forKey: .id)
        try c.encode(role.rawValue, forKey: .role)
        try c.encode(issuedBy, forKey: .issuedBy)
        try c.encode(createdAt, forKey: .createdAt)
        try c.encode(expiresAt, forKey: .expiresAt)
        try c.encode(state(now: Date().timeIntervalSince1970), forKey: .state)
        try c.encode(restores, forKey: .restores)
    }

    package static var example: PeopleStore.Invitation {
        PeopleStore.Invitation(id: 3, role: .editor, issuedBy: "owner", createdAt: "2026-01-01T00:00:00.000Z", expiresAt: 1_767_830_400,
                               usedBy: nil, revokedAt: nil, restores: nil)
    }
}

/// `POST /api/invitations`: the invitation and its code, shown this once (hand it on as `/?invite=CODE`).
struct NewInvitationAnswer: DocumentedAnswer {
    let invitation: PeopleStore.Invitation
    let code: String

    static var example: NewInvitationAnswer { NewInvitationAnswer(invitation: .example, code: String(repeating: "0f", count: 32)) }
}

struct InvitationListAnswer: DocumentedAnswer {
    let invitations: [PeopleStore.Invitation]

    static var example: InvitationListAnswer { InvitationListAnswer(invitations: [.example]) }
}
