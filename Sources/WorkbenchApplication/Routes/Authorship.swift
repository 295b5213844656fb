import WorkbenchSupport
import HTTPServer
import WorkbenchStores
import WorkbenchExports
import PriceData

/// Who sent the request: the person whose secret it carries (`X-Workbench-Secret`, or
/// `?secret=` on a GET: an event stream or a download cannot set headers). Every write needs
/// one; reads stay open. A secret the workbench does not know, or one that was revoked, answers
/// 401 whatever the request. Name headers (`X-Workbench-User`, `X-Workbench-Author`) decide
/// nothing: the name is the person's. `X-Workbench-Client` only tells one person's pages apart
/// (presence, undo), never who they are.
package struct Authorship: Middleware {
    package let people: PeopleStore
    /// The history people are read from: once it is found changed behind the server's back (a
    /// copy rolled back in place), who anyone is can no longer be trusted, so nobody changes
    /// anything (a revoked person rolled back in would otherwise act again); reads go on.
    package var historyChanged: @Sendable () -> String? = { nil }
    package static let maxLength = 64

    /// What needs no person: reading, rendering, and becoming a person.
    package static func isOpen(method: String, path: String) -> Bool {
        switch method {
        case "GET", "HEAD", "OPTIONS": true
        case "POST": ["/api/people", "/api/render", "/api/scene", "/api/frames"].contains(path)
        default: false
        }
    }

    package func respond(to context: RequestContext, next: Responder) throws -> HTTPResponse {
        // A method the path does not have reaches no handler: it is answered 405 with `Allow`
        // (or 404), the same for everyone, before anyone is asked who they are.
        guard context.route.route != nil || !context.request.rawPath.hasPrefix("/api/") else { return try next(context) }
        var context = context
        let request = context.request
        var secret = request.header("x-workbench-secret")
        if secret == nil, request.method == "GET" || request.method == "HEAD", let fromQuery = request.query["secret"] {
            secret = fromQuery
            context.request.query.removeValue(forKey: "secret")
        }
        var author = Author(client: Self.clean(request.header("x-workbench-client")))
        if let secret {
            let found: PeopleStore.Person?
            do { found = try people.person(secret: secret) } catch {
                return HTTPResponse.error(500, "people_unreadable", "who sent this could not be looked up: \(error)")
            }
            guard let person = found else { return Self.unknownSecret }
            guard !person.revoked else { return Self.revoked }
            if !Self.isOpen(method: request.method, path: request.rawPath), let changed = historyChanged() {
                return HTTPResponse.error(503, "history_unavailable",
                    "the presets' history was changed behind the workbench's back (\(changed)), so who sent this cannot be trusted: nothing can be changed until it is restored and the server started again")
            }
            author.user = person.name
            author.personID = person.id
            author.role = person.role
            // The person's role decides, whichever link the page came through: a viewer stays a
            // viewer, and a person the owner made an editor writes even through the viewer link.
            context.role = person.role == .viewer ? .viewer : .editor
            if person.role == .viewer && !ShareAccess.viewerMay(method: request.method, path: request.rawPath) { return ShareGuard.viewersCannotWrite }
        } else if !Self.isOpen(method: request.method, path: request.rawPath) {
            return Self.personRequired
        }
        context.author = author
        return try next(context)
    }

    private static func clean(_ s: String?) -> String {
        let text = s.flatMap { PercentDecoding.decode(Substring($0)) } ?? ""
        return String(text.unicodeScalars.filter { !$0.properties.generalCategory.isControl }.map(Character.init).prefix(maxLength))
    }

    package static let personRequired = HTTPResponse.error(401, "person_required",
        "changes are made by people: choose a name first (POST /api/people) and send the secret it gives as X-Workbench-Secret",
        field: "X-Workbench-Secret").adding("Cache-Control", "no-store")
    package static let unknownSecret = HTTPResponse.error(401, "unknown_person",
        "this page's secret is not known to this workbench: choose a name again", field: "X-Workbench-Secret").adding("Cache-Control", "no-store")
    package static let revoked = HTTPResponse.error(401, "revoked",
        "your access to this workbench was revoked; ask its owner", field: "X-Workbench-Secret").adding("Cache-Control", "no-store")
}

private extension Unicode.GeneralCategory {
    var isControl: Bool { self == .control || self == .format || self == .lineSeparator || self == .paragraphSeparator }
}

/// Who sent a request: the person (name and id, from their secret; empty when none) and the page's id.
package struct Author: Sendable, Equatable {
    /// The person's display name; "" for a request without a person (a read).
    package var user = ""
    /// The page's own id, to tell one person's pages apart; it names nobody.
    package var client = ""
    package var personID: Int64?
    package var role: PeopleStore.Role?

    package var isPerson: Bool { personID != nil }
}

private enum AuthorKey: ContextKey { static let defaultValue = Author() }
private enum RoleKey: ContextKey { static let defaultValue = ShareAccess.Role.editor }

extension RequestContext {
    /// The person and page id (set by `Authorship`).
    package var author: Author {
        get { values[AuthorKey.self] }
        set { values[AuthorKey.self] = newValue }
    }

    /// Under `serve --share`, what the request's token allows (set by `ShareGuard`); otherwise every page edits.
    package var role: ShareAccess.Role {
        get { values[RoleKey.self] }
        set { values[RoleKey.self] = newValue }
    }
}
