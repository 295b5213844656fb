import ChartEngine
import PreferenceLearning
import HTTPServer
import WorkbenchStores
import WorkbenchSupport

// The API's small request bodies, each a type read by `RequestContext.decodeBody`: its
// refusals are 400s naming the member, and its schema in the API document is read from this
// decoding (`RequestSchema`).

/// `POST /api/rounds/{id}/votes`: `{"pair", "choice": "left"|"right"|"none"}`.
struct VoteRequest: Decodable {
    let pair: String
    let choice: PairwiseRound.Choice

    init(from decoder: any Decoder) throws {
        let members = try decoder.container(keyedBy: AnyCodingKey.self)
        let pair = try members.text("pair", schema: JSONSchema.text(1...64), required: true)
        let expected = "must be left, right or none"
        let choice = try members.choice("choice", PairwiseRound.Choice.allCases.map(\.rawValue), expected: expected, required: true)
        guard let pair else { throw KeyedDecodingContainer.refusal("pair", "is required: the pair's token from /next") }
        guard let choice = choice.flatMap(PairwiseRound.Choice.init(rawValue:)) else { throw KeyedDecodingContainer.refusal("choice", expected) }
        self.pair = pair
        self.choice = choice
    }
}

/// `{"name"}`: the name of a preset to be made (a round's candidate, Explore's best).
struct NewPresetNameRequest: Decodable {
    let name: String

    init(from decoder: any Decoder) throws {
        name = try decoder.container(keyedBy: AnyCodingKey.self).required("name", "is required: the new preset's name") {
            try $0.text($1, schema: OpenAPIDocument.presetName, required: true)
        }
    }
}

/// `POST /api/presets/{name}/rename`: `{"newName"}`.
struct RenameRequest: Decodable {
    let newName: String

    init(from decoder: any Decoder) throws {
        newName = try decoder.container(keyedBy: AnyCodingKey.self).required("newName", "is required") {
            try $0.text($1, schema: OpenAPIDocument.presetName, required: true)
        }
    }
}

/// `{"enabled": true|false}` (live prices); other members are let be.
struct SwitchRequest: Decodable {
    let enabled: Bool

    init(from decoder: any Decoder) throws {
        enabled = try decoder.container(keyedBy: AnyCodingKey.self).required("enabled", "must be true or false") { try $0.flag($1, required: true) }
    }
}

/// `PUT /api/people/{name}/may-invite`: `{"allowed": true|false}`.
struct AllowedRequest: Decodable {
    let allowed: Bool

    init(from decoder: any Decoder) throws {
        allowed = try decoder.container(keyedBy: AnyCodingKey.self).required("allowed", "must be true or false") { try $0.flag($1, required: true) }
    }
}

/// `PUT /api/people/{name}/role`: `{"role": "editor"|"viewer"}`.
struct RoleRequest: Decodable {
    let role: PeopleStore.Role

    init(from decoder: any Decoder) throws {
        let expected = "must be editor or viewer"
        role = try decoder.container(keyedBy: AnyCodingKey.self).required("role", expected) {
            try $0.choice($1, PeopleStore.Role.allCases.map(\.rawValue), expected: expected, required: true).flatMap(PeopleStore.Role.init(rawValue:))
        }
    }
}

/// `POST /api/session/play`: `{"motion"}`, one of the motions the inspector plays.
struct PlayRequest: Decodable {
    let motion: String

    init(from decoder: any Decoder) throws {
        let expected = "must be one of \(SessionRoutes.motions.joined(separator: ", "))"
        motion = try decoder.container(keyedBy: AnyCodingKey.self).required("motion", expected) {
            try $0.choice($1, SessionRoutes.motions, expected: expected, required: true)
        }
    }
}

/// `POST /api/me/reviews/read`: `{"upTo"}`, the newest review id seen.
struct MarkReadRequest: Decodable {
    let upTo: Int64

    init(from decoder: any Decoder) throws {
        let expected = "must be a review id (a positive integer)"
        upTo = Int64(try decoder.container(keyedBy: AnyCodingKey.self).required("upTo", expected) {
            try $0.number($1, in: 1...Double(Int32.max), integer: true, expected: expected, required: true)
        })
    }
}

/// `POST /api/people`: `{"name", "invitation"?}`.
struct NewPersonRequest: Decodable {
    let name: String
    let invitation: String?

    init(from decoder: any Decoder) throws {
        let members = try decoder.container(keyedBy: AnyCodingKey.self)
        try members.refuseOthers(than: ["name", "invitation"], "is not a field of a person (name, invitation)")
        let name = try members.text("name", schema: OpenAPIDocument.presetName, required: true)
        invitation = try members.member("invitation", String.self, "must be the invitation's code", schema: JSONSchema.text(16...256))
        guard let name else { throw KeyedDecodingContainer.refusal("name", "is required: the name others will know you by") }
        self.name = name
    }
}

/// `POST /api/people/invitations`: `{"role", "hours"?}`.
struct InvitationRequest: Decodable {
    let role: PeopleStore.Role
    let hours: Double?

    init(from decoder: any Decoder) throws {
        let members = try decoder.container(keyedBy: AnyCodingKey.self)
        try members.refuseOthers(than: ["role", "hours"], "is not a field of an invitation (role, hours)")
        let expected = "must be editor or viewer"
        let text = try members.choice("role", PeopleStore.Role.allCases.map(\.rawValue), expected: expected, required: true)
        hours = try members.number("hours", in: PeopleStore.InvitationLimits.lifetime.lowerBound / 3600...PeopleStore.InvitationLimits.lifetime.upperBound / 3600,
                                   expected: "must be a number of hours from 1/60 to 720")
        guard let role = text.flatMap(PeopleStore.Role.init(rawValue:)) else { throw KeyedDecodingContainer.refusal("role", expected) }
        self.role = role
    }
}

/// `POST /api/explore/{id}/answers`: `{"ticket", "choice"}`, a candidate's id or none, or a
/// line's stop.
struct ExploreAnswerRequest: Decodable {
    let ticket: String
    let choice: String

    /// What `choice` may be: a candidate's letter, "none", or a line's stop.
    static let choices = Exploration.candidateIDs + ["none"] + (0..<ExploreRound.lineStops).map(String.init)

    init(from decoder: any Decoder) throws {
        let members = try decoder.container(keyedBy: AnyCodingKey.self)
        let ticket = try members.text("ticket", schema: JSONSchema.text(1...64), required: true)
        let expected = "must be a candidate's id (a–d for a pair or four, a–i for a gallery), none (a pair or four), or a line's stop (0–\(ExploreRound.lineStops - 1))"
        let choice = try members.choice("choice", Self.choices, expected: expected, required: true)
        guard let ticket else { throw KeyedDecodingContainer.refusal("ticket", "is required: the ticket from /next") }
        guard (1...64).contains(ticket.count) else { throw KeyedDecodingContainer.refusal("ticket", "must be the ticket from /next (1 to 64 characters)") }
        guard let choice else { throw KeyedDecodingContainer.refusal("choice", expected) }
        if members.requestSchema == nil { try members.refuseOthers(than: ["ticket", "choice"], "is not a member of an answer (ticket, choice)") }
        self.ticket = ticket
        self.choice = choice
    }
}

/// `POST /api/presets/{name}/comments`: `{"parameter", "text", "progress"?}`.
struct CommentRequest: Decodable {
    let parameter: String
    let text: String
    /// The transition's progress the comment is about; null or absent: the chart at rest.
    let progress: Double?

    init(from decoder: any Decoder) throws {
        let members = try decoder.container(keyedBy: AnyCodingKey.self)
        let parameter = try members.text("parameter", schema: JSONSchema.enumeration(ChartStyle.definitions.map(\.key)), required: true)
        let text = try members.text("text", schema: JSONSchema.text(1...CommentStore.maxTextCharacters, pattern: "\\S"), required: true)
        progress = try members.number("progress", in: CommentStore.progressRange, nullable: true)
        guard let parameter else { throw KeyedDecodingContainer.refusal("parameter", "is required: the key of the parameter commented on") }
        guard ParameterDefinition.named(parameter) != nil else {
            throw KeyedDecodingContainer.refusal("parameter", "no parameter is called \"\(String(parameter.prefix(64)))\"")
        }
        guard let text else { throw KeyedDecodingContainer.refusal("text", "is required") }
        self.parameter = parameter
        self.text = text
    }
}

/// `POST /api/presets/{name}/restore`: `{"revision"}`, as the API writes it ("3") or a number.
struct RestoreRequest: Decodable {
    let revision: Int

    init(from decoder: any Decoder) throws {
        let members = try decoder.container(keyedBy: AnyCodingKey.self)
        let value = try members.member("revision", JSONValue.self, "must be a revision", schema: OpenAPIDocument.revision, required: true)
        revision = try HistoryRoutes.revisionNumber(value, field: "revision")
    }
}
