import HTTPServer
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

/// `people`: someone's access revoked.
struct PersonRevokedEvent: Encodable {
    var action = "revoked"
    let name: String
}

/// `people`: someone's role changed.
struct PersonRoleEvent: Encodable {
    var action = "role"
    let name: String
    let role: String
}

/// A `notice` to one person: their access revoked.
struct RevokedNotice: Encodable {
    var kind = "revoked"
    let name: String
    var message = "your access to this workbench was revoked"
}

/// A `notice` to one person: the owner changed their role.
struct RoleNotice: Encodable {
    var kind = "role"
    let role: String
    let message: String
}

/// A `notice` to a revision's author: approved, or changes requested.
struct ReviewNotice: Encodable {
    /// approved or changes-requested.
    let kind: String
    let name: String
    let revision: String
    let by: String
    let comment: String
    let message: String
}

/// A render socket's refusal of one message, beside the message's own `requestId`.
struct SocketRefusal: Encodable {
    let requestId: JSONValue
    let error: Failure

    struct Failure: Encodable {
        let code: String
        let message: String
        let field: String?
    }

    init(requestId: JSONValue, _ error: HTTPError) {
        self.requestId = requestId
        self.error = Failure(code: error.code, message: error.message, field: error.field)
    }
}

/// Decision log details: who a people change was about, and what changed.
struct PersonDetails: Encodable {
    let person: String
}

struct PersonRoleDetails: Encodable {
    let person: String
    let role: String
}

struct PersonMayInviteDetails: Encodable {
    let person: String
    let mayInvite: Bool
}

/// Decision log details of an Explore round's start: the parameters that may move.
struct ExploreStartedDetails: Encodable {
    let round: String
    let parameters: [String]
}

struct ExploreAnsweredDetails: Encodable {
    let round: String
    let choice: String
    /// "pair", "line", "gallery" or "edit".
    let kind: String
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
