import HTTPServer
import WorkbenchStores
import WorkbenchSupport
import Synchronization

/// The people of the workbench: joining (by a personal invitation; on loopback the first page is
/// the owner's), who you are, who is here, and the owner's work on people and invitations.
struct PeopleRoutes: AppRouteGroup {
    let app: AppServices

    func addRoutes(to r: inout Router) {
        r.post("/api/people", "Join: {\"name\", \"invitation\"} → the person and their secret (shown once; send it as X-Workbench-Secret). The invitation gives the role; without one only the first page on loopback joins, as the owner",
               schema: OpenAPIDocument.newPerson, answers: [.json("the person and secret", NewPersonAnswer.self, status: 201)], errors: [400, 403, 409, 507]) { try create($0) }
        r.get("/api/people/me", "Who this page's secret makes you (401 without one)", answers: [.json("you", PersonSummaryAnswer.self)], errors: [401]) { try me($0) }
        r.get("/api/people", "Everyone who has a name here, oldest first", answers: [.json("people", PeopleListAnswer.self)]) { try list($0) }
        r.put("/api/people/{name}/role", "The owner makes a person an editor or a viewer: {\"role\"}", schema: OpenAPIDocument.newRole,
              answers: [.json("the person", PersonSummaryAnswer.self)], errors: [400, 403, 404]) { try setRole($0) }
        r.post("/api/people/{name}/revoke", "The owner revokes a person: their secret stops working, their pages are closed and their approvals stop counting",
               schema: OpenAPIDocument.emptyObject, answers: [.json("the person", PersonSummaryAnswer.self)], errors: [403, 404]) { try revoke($0) }
        r.post("/api/people/{name}/restore", "The owner gives a revoked person back: a restoring invitation (single use) → its code",
               schema: OpenAPIDocument.emptyObject, answers: [.json("the invitation and its code", NewInvitationAnswer.self, status: 201)], errors: [403, 404, 409]) { try restore($0) }
        r.put("/api/people/{name}/may-invite", "The owner allows a person to invite people, or stops allowing it: {\"allowed\"}", schema: OpenAPIDocument.inviteRight,
              answers: [.json("the person", PersonSummaryAnswer.self)], errors: [400, 403, 404]) { try allowInvite($0) }
        r.post("/api/invitations", "The owner, or a person the owner allows, invites one person: {\"role\", \"hours\"?} → the invitation and its code (shown once)", schema: OpenAPIDocument.newInvitation,
               answers: [.json("the invitation and its code", NewInvitationAnswer.self, status: 201)], errors: [400, 403, 507]) { try invite($0) }
        r.get("/api/invitations", "The owner's invitations, newest first", answers: [.json("invitations", InvitationListAnswer.self)], errors: [403]) { try invitations($0) }
        r.post("/api/invitations/{id}/withdraw", "The owner withdraws an invitation no one has used (its id as GET /api/invitations lists it): its code stops working → the invitations now",
               schema: OpenAPIDocument.emptyObject, answers: [.json("invitations", InvitationListAnswer.self)], errors: [400, 403, 404, 409]) { try withdraw($0) }
    }

    /// `{"name", "invitation"?}` → 201 `{"person", "secret"}`.
    func create(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        let asked = try request.decodeBody(NewPersonRequest.self)
        let name = asked.name
        do throws(PeopleStore.Failure) {
            let (person, secret): (PeopleStore.Person, String)
            if let code = asked.invitation {
                (person, secret) = try app.people.join(invitation: code, name: name)
                // In the log, and so on the owner's open People… list at once.
                app.decisions.record("people", preset: nil, by: person.name, summary: "joined as \(person.role.withArticle)",
                                     details: PersonDetails(person: person.name, role: person.role.rawValue))
            } else if Self.isLoopback(request.request.client) {
                (person, secret) = try app.people.claimOwnerPage(name: name)
                // The log tells who holds the workbench, as it tells who joined by invitation.
                app.decisions.record("people", preset: nil, by: person.name, summary: "joined as the owner (the first page on this machine)",
                                     details: PersonDetails(person: person.name, role: person.role.rawValue))
            } else {
                throw PeopleStore.Failure.invitation("joining needs a personal invitation: ask the workbench's owner for one")
            }
            let owner = try app.people.isOwner(person)
            return HTTPResponse.answer(NewPersonAnswer(person: PersonSummaryAnswer(person, owner: owner), secret: secret), status: 201).adding("Cache-Control", "no-store")
        } catch {
            throw Self.failure(error)
        }
    }

    static func isLoopback(_ address: String) -> Bool {
        address.hasPrefix("127.") || address == "::1" || address.hasPrefix("::ffff:127.")
    }

    func me(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        let person = try requester(request)
        do { return .answer(PersonSummaryAnswer(person, owner: try app.people.isOwner(person), mayInvite: try app.people.inviters().contains(person.id))) }
        catch { throw Self.failure(error) }
    }

    func list(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        do {
            let owner = try app.people.person(named: PeopleStore.ownerName)?.id
            let inviters = try app.people.inviters()
            return .answer(PeopleListAnswer(people: try app.people.list().map { PersonSummaryAnswer($0, owner: $0.id == owner, mayInvite: inviters.contains($0.id)) }))
        } catch {
            throw Self.failure(error)
        }
    }

    func setRole(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        try ownerOnly(request)
        let role = try request.decodeBody(RoleRequest.self).role
        let name = try name(request)
        return try ownersChange(request, summary: { "made \($0.name) \(role.withArticle)" }, details: { PersonDetails(person: $0.name, role: role.rawValue) }) { () throws(PeopleStore.Failure) in
            let person = try app.people.setRole(name, role)
            app.access.changed(person)
            return person
        } answer: { person throws(PeopleStore.Failure) in
            PersonSummaryAnswer(person, owner: try app.people.isOwner(person))
        }
    }

    /// `PUT /api/people/{name}/may-invite {"allowed": true|false}`.
    func allowInvite(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        try ownerOnly(request)
        let allowed = try request.decodeBody(AllowedRequest.self).allowed
        let name = try name(request)
        return try ownersChange(request, summary: { allowed ? "allowed \($0.name) to invite people" : "stopped allowing \($0.name) to invite people" },
                                details: { PersonDetails(person: $0.name, mayInvite: allowed) }) { () throws(PeopleStore.Failure) in
            try app.people.allowInvite(name, allowed)
        } answer: { person in
            PersonSummaryAnswer(person, owner: false, mayInvite: allowed)
        }
    }

    func revoke(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        try ownerOnly(request)
        let name = try name(request)
        return try ownersChange(request, summary: { "revoked \($0.name)'s access" }, details: { PersonDetails(person: $0.name) }) { () throws(PeopleStore.Failure) in
            let person = try app.people.revoke(name)
            app.access.revoked(person)
            return person
        } answer: { person in
            PersonSummaryAnswer(person, owner: false)
        }
    }

    /// The owner's change to one person: `change` makes it (and tells what the person has open)
    /// and gives the person as they are now; the decision log says `summary` of them, with
    /// `details` (their name among them); the answer is what `answer` makes of them.
    private func ownersChange<Details: Encodable>(_ request: RequestContext, summary: (PeopleStore.Person) -> String, details: (PeopleStore.Person) -> Details,
                              change: () throws(PeopleStore.Failure) -> PeopleStore.Person,
                              answer: (PeopleStore.Person) throws(PeopleStore.Failure) -> PersonSummaryAnswer) throws(HTTPError) -> HTTPResponse {
        do throws(PeopleStore.Failure) {
            let person = try change()
            app.decisions.record("people", preset: nil, by: request.author.user, summary: summary(person),
                             details: details(person))
            return .answer(try answer(person))
        } catch {
            throw Self.failure(error)
        }
    }

    func restore(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        let owner = try ownerOnly(request)
        let name = try name(request)
        do throws(PeopleStore.Failure) {
            let (invitation, code) = try app.people.restore(name, by: owner)
            app.decisions.record("people", preset: nil, by: owner.name, summary: "gave \(invitation.restores ?? name) back their name",
                             details: PersonDetails(person: invitation.restores ?? name))
            return HTTPResponse.answer(NewInvitationAnswer(invitation: invitation, code: code), status: 201).adding("Cache-Control", "no-store")
        } catch {
            throw Self.failure(error)
        }
    }

    func invite(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        let issuer = try requester(request)
        let asked = try request.decodeBody(InvitationRequest.self)
        let role = asked.role
        let hours = asked.hours ?? PeopleStore.InvitationLimits.defaultLifetime / 3600
        do throws(PeopleStore.Failure) {
            let (invitation, code) = try app.people.invite(role: role, by: issuer, lifetime: hours * 3600)
            return HTTPResponse.answer(NewInvitationAnswer(invitation: invitation, code: code), status: 201).adding("Cache-Control", "no-store")
        } catch .ownerOnly(let why) {
            throw HTTPError(403, "not_allowed_to_invite", why)
        } catch {
            throw Self.failure(error)
        }
    }

    func invitations(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        try ownerOnly(request)
        do { return .answer(InvitationListAnswer(invitations: try app.people.invitations())) } catch { throw Self.failure(error) }
    }

    /// An invitation made by mistake, or handed to the wrong person, is withdrawn before anyone
    /// joins with it; a used one stays (revoke the person instead), and withdrawing twice is no change.
    func withdraw(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        try ownerOnly(request)
        guard let raw = request.pathParameters["id"], let id = Int64(raw), id > 0 else {
            throw .badRequest("must be an invitation's id, a whole number as GET /api/invitations lists it", field: "id")
        }
        do throws(PeopleStore.Failure) {
            try app.people.revokeInvitation(id)
            return .answer(InvitationListAnswer(invitations: try app.people.invitations()))
        } catch .notFound(let what) {
            throw HTTPError(404, "not_found", "no \(what)", field: "id")
        } catch .invitation(let why) {
            throw HTTPError(409, "invitation_used", why, field: "id")
        } catch {
            throw Self.failure(error)
        }
    }

    private func name(_ request: RequestContext) throws(HTTPError) -> String {
        guard let name = request.pathParameters["name"], !name.isEmpty else { throw .badRequest("is required", field: "name") }
        return name
    }

    private func requester(_ request: RequestContext) throws(HTTPError) -> PeopleStore.Person {
        guard let id = request.author.personID else {
            throw HTTPError(401, "person_required", "this page has no name yet: choose one (POST /api/people)", field: "X-Workbench-Secret")
        }
        let person: PeopleStore.Person?
        do { person = try app.people.person(named: request.author.user) } catch { throw Self.failure(error) }
        guard let person, person.id == id else { throw HTTPError(401, "unknown_person", "this page's secret is not known here", field: "X-Workbench-Secret") }
        return person
    }

    @discardableResult
    private func ownerOnly(_ request: RequestContext) throws(HTTPError) -> PeopleStore.Person {
        let person = try requester(request)
        let owner: Bool
        do { owner = try app.people.isOwner(person) } catch { throw Self.failure(error) }
        guard owner else { throw HTTPError(403, "owner_only", "only the workbench's owner manages people and invitations") }
        return person
    }

    static func failure(_ error: PeopleStore.Failure) -> HTTPError {
        switch error {
        case .invalidName(let why): .badRequest(why, field: "name")
        case .nameTaken: HTTPError(409, "name_taken", error.description, field: "name")
        case .lookAlike: HTTPError(409, "name_look_alike", error.description, field: "name")
        case .invitation: HTTPError(403, "invitation_required", error.description, field: "invitation")
        case .ownerOnly: HTTPError(403, "owner_only", error.description)
        case .notFound: HTTPError(404, "not_found", error.description, field: "name")
        case .full: HTTPError(507, "too_many_people", error.description)
        case .storage: HTTPError(500, "people_unwritable", error.description)
        case .history(let refusal): PresetRoutes.storeError(refusal, name: "")
        }
    }
}

extension OpenAPIDocument {
    /// A name follows the same rules as a preset's (`NameRules`): the same pattern says so.
    static let newPerson = RequestSchema.of(NewPersonRequest.self).body()
    static let newRole = RequestSchema.of(RoleRequest.self).body()
    static let newInvitation = RequestSchema.of(InvitationRequest.self).body()
    static let emptyObject = object([], required: [])
    static let inviteRight = RequestSchema.of(AllowedRequest.self).body()
}
