import HTTPServer
import WorkbenchStores
import WorkbenchSupport
import Synchronization

/// The people of the workbench: becoming one (a name for a secret), who you are, who is here.
struct PeopleRoutes: RouteGroup {
    let people: PeopleStore

    func addRoutes(to r: inout Router) {
        r.post("/api/people", "Become a person: {\"name\"} → the person and their secret (shown once; send it as X-Workbench-Secret). Under --share the role is the join link's",
               schema: OpenAPIDocument.newPerson, answers: [.json("the person and secret", NewPersonAnswer.self, status: 201)], errors: [400, 409, 507]) { try create($0) }
        r.get("/api/people/me", "Who this page's secret makes you (401 without one)", answers: [.json("you", PersonSummaryAnswer.self)], errors: [401]) { try me($0) }
        r.get("/api/people", "Everyone who has a name here, oldest first", answers: [.json("people", PeopleListAnswer.self)]) { try list($0) }
    }

    /// `{"name"}` → 201 `{"person", "secret"}`; 409 when the name (compared without case) is taken.
    func create(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        let body = JSONValue.object(try request.jsonObject())
        if let unknown = body.objectPairs?.first(where: { $0.0 != "name" }) { throw .badRequest("is not a field of a person (name)", field: unknown.0) }
        guard let name = body["name"]?.stringValue else { throw .badRequest("is required: the name others will know you by", field: "name") }
        let role: PeopleStore.Role = request.role == .viewer ? .viewer : .editor
        do {
            let (person, secret) = try people.create(name: name, role: role)
            return HTTPResponse.answer(NewPersonAnswer(person: PersonSummaryAnswer(person), secret: secret), status: 201).adding("Cache-Control", "no-store")
        } catch {
            throw Self.failure(error)
        }
    }

    func me(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        guard let id = request.author.personID else {
            throw HTTPError(401, "person_required", "this page has no name yet: choose one (POST /api/people)", field: "X-Workbench-Secret")
        }
        let person: PeopleStore.Person?
        do { person = try people.person(named: request.author.user) } catch { throw Self.failure(error) }
        guard let person, person.id == id else { throw HTTPError(401, "unknown_person", "this page's secret is not known here", field: "X-Workbench-Secret") }
        return .answer(PersonSummaryAnswer(person))
    }

    func list(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        do { return .answer(PeopleListAnswer(people: try people.list().map(PersonSummaryAnswer.init))) } catch { throw Self.failure(error) }
    }

    static func failure(_ error: PeopleStore.Failure) -> HTTPError {
        switch error {
        case .invalidName(let why): .badRequest(why, field: "name")
        case .nameTaken: HTTPError(409, "name_taken", error.description, field: "name")
        case .notFound: HTTPError(404, "not_found", error.description, field: "name")
        case .full: HTTPError(507, "too_many_people", error.description)
        case .storage: HTTPError(500, "people_unwritable", error.description)
        case .history(let refusal): PresetRoutes.storeError(refusal, name: "")
        }
    }
}

/// Which open event streams are whose, so a notice reaches one person's pages only.
package final class Notices: Sendable {
    private let streams = Mutex<[Int: Int64]>([:])
    let events: EventHub

    init(events: EventHub) { self.events = events }

    func opened(stream: Int, by person: Int64) { streams.withLock { $0[stream] = person } }
    func closed(stream: Int) { _ = streams.withLock { $0.removeValue(forKey: stream) } }

    /// Sends `event` to every page of `person`.
    func notify(_ person: Int64, _ event: String, _ payload: JSONValue) {
        let ids = streams.withLock { Set($0.filter { $0.value == person }.keys) }
        events.publish(event, payload, to: ids)
    }
}

extension OpenAPIDocument {
    static let newPerson = object([("name", text(1...PeopleStore.Limits.nameCharacters, pattern: "\\S"))], required: ["name"])
}
