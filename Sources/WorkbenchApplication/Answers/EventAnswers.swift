import HTTPServer
import WorkbenchStores
import WorkbenchSupport

// What pages hear on the event stream besides the answers they asked for, and the details the
// decision log keeps of what the API did: typed, encoded by `JSONValueEncoder` in member order.

/// Who caused an event, after what happened (`Joined(what, CausedBy(...))`): the person
/// (`user`) and their page (`client`, as the caller gives it). So are signed `live` (live prices
/// switched on or off), `play` (a motion played on every page), `session` (an editor opened
/// another preset, null: none, and the phone follows) and a `preset` saved outside a preset
/// route (Explore's best).
struct CausedBy: Encodable {
    let user: String
    let client: String
}

/// `data`: a live price appended to the series.
struct DataAppendedEvent: Encodable {
    var action = "appended"
    /// `[[time, price]]`: the points appended, as the series' own points are written.
    let points: [[Double]]
    let summary: JSONValue
}

/// What a `preset` event of a save says before who saved it.
struct PresetSaved: Encodable {
    var action = "saved"
    let name: String
    let revision: String
}

/// `people`: someone's access revoked (`revoked`), or their role changed (`role`, with the new role).
struct PersonChangedEvent: Encodable {
    let action: String
    let name: String
    @OmittedWhenNil var role: String? = nil

    static func revoked(_ person: PeopleStore.Person) -> PersonChangedEvent { PersonChangedEvent(action: "revoked", name: person.name) }
    static func roleChanged(_ person: PeopleStore.Person) -> PersonChangedEvent { PersonChangedEvent(action: "role", name: person.name, role: person.role.rawValue) }
}

/// A `notice` to one person about their access: revoked (with their name), or the owner changed
/// their role (with the new role).
struct AccessNotice: Encodable {
    let kind: String
    @OmittedWhenNil var name: String? = nil
    @OmittedWhenNil var role: String? = nil
    let message: String

    static func revoked(_ person: PeopleStore.Person) -> AccessNotice {
        AccessNotice(kind: "revoked", name: person.name, message: "your access to this workbench was revoked")
    }

    static func roleChanged(_ person: PeopleStore.Person) -> AccessNotice {
        AccessNotice(kind: "role", role: person.role.rawValue, message: "the owner made you \(person.role.withArticle)")
    }
}

/// A `notice` to a revision's author: the review just recorded of preset `name` (approved, or
/// changes requested), who made it, its comment, and all of it in words.
struct ReviewNotice: Encodable {
    let name: String
    let review: PresetReviews.Review

    private enum CodingKeys: String, CodingKey { case kind, name, revision, by, comment, message }

    func encode(to encoder: any Encoder) throws {
        let approved = review.decision == .approve
        let what = approved ? "approved revision \(review.revision) of “\(name)”" : "requested changes to revision \(review.revision) of “\(name)”"
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(approved ? "approved" : "changes-requested", forKey: .kind)
        try c.encode(name, forKey: .name)
        try c.encode(String(review.revision), forKey: .revision)
        try c.encode(review.author, forKey: .by)
        try c.encode(review.comment, forKey: .comment)
        try c.encode("\(review.author) \(what)" + (review.comment.isEmpty ? "" : ": \(review.comment)"), forKey: .message)
    }
}

/// A render socket's refusal of one message, beside the message's own `requestId`.
struct SocketRefusal: Encodable {
    let requestId: JSONValue
    let error: HTTPError
}

/// Decision log details: who a people change was about, and what changed (a role, the right to
/// invite; neither for a revoke or a restore).
struct PersonDetails: Encodable {
    let person: String
    @OmittedWhenNil var role: String? = nil
    @OmittedWhenNil var mayInvite: Bool? = nil
}

/// Decision log details of an Explore round's start: the parameters that may move.
struct ExploreStartedDetails: Encodable {
    let round: String
    let parameters: [String]
}

/// An answer recorded: the round, then the answer's choice and kind ("pair", "line", "gallery"
/// or "edit") from the round's record of it.
struct ExploreAnsweredDetails: Encodable {
    let round: String
    /// The round's newest answer (there is one once an answer is recorded).
    let answer: Exploration.AnswerEntry?

    private enum CodingKeys: String, CodingKey { case round, choice, kind }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(round, forKey: .round)
        try c.encode(answer?.choice ?? "", forKey: .choice)
        try c.encode((answer?.answerKind ?? .pair).rawValue, forKey: .kind)
    }
}

/// A best saved: the round, the model's answers, people's answers by kind, and who agreed.
struct ExploreSavedDetails: Encodable {
    let round: String
    let answers: Int
    let answersByKind: ExploreAnswersByKind
    let agreed: [String]
    let disagreed: [String]
}

/// Why a round ended (stable, or ended), and its best's moving values (null: no answers).
struct ExploreEndedDetails: Encodable {
    let round: String
    let reason: String
    let best: JSONValue?
}
