import WorkbenchSupport
import HTTPServer
import WorkbenchStores
import WorkbenchExports
import PriceData
/// `serve --share`: join tokens, one for editors and one for viewers each run, kept hashed in the
/// history with earlier runs' (`kept(port:people:)`) so links handed on survive a restart. A join link
/// carries its token in `?token=`; opening it redirects to the plain URL with the token in the
/// fragment (`#token=`, which no server receives), where the page keeps it in its origin's
/// storage and sends it as `X-Workbench-Token` with every API call (the event stream and the
/// render socket, which cannot set headers, carry it as `?token=`). The cookie the link also
/// sets only lets the browser load the page's own files: browsers send cookies to every port
/// of a host, so a cookie must be worth nothing to another service there. It is a random page
/// key per role, never the token. An API request without the token answers 401, with no data;
/// a viewer's writes answer 403.
package struct ShareAccess: Sendable {
    package enum Role: String, Sendable, Encodable { case editor, viewer }

    package let editorToken: String
    package let viewerToken: String
    /// What the cookie holds per role: opens the page's files, nothing else.
    package let editorPageKey: String
    package let viewerPageKey: String
    /// Per port, so two workbenches on one machine keep their own cookies.
    package let cookieName: String

    /// Where the join links are kept (hashed) so they outlive a restart; nil keeps this run's two only.
    let people: PeopleStore?

    package init(port: Int, editorToken: String = ShareAccess.randomToken(), viewerToken: String = ShareAccess.randomToken(),
                 editorPageKey: String = ShareAccess.randomToken(), viewerPageKey: String = ShareAccess.randomToken(), people: PeopleStore? = nil) {
        self.editorToken = editorToken
        self.viewerToken = viewerToken
        self.editorPageKey = editorPageKey
        self.viewerPageKey = viewerPageKey
        self.people = people
        cookieName = "workbench_page_\(port)"
    }

    /// This run's editor and viewer links, kept in the history with every earlier run's: a link
    /// handed on before a restart still works until the owner revokes it (`workbench links`).
    /// When the kept links are at their limit, the oldest live one is retired to make room.
    package static func kept(port: Int, people: PeopleStore) throws -> ShareAccess {
        if (try people.joinLinks().filter { $0.revokedAt == nil }.count) + 2 > PeopleStore.InvitationLimits.links {
            for oldest in try people.joinLinks().filter({ $0.revokedAt == nil }).prefix(2) { try people.revokeJoinLink(oldest.id) }
        }
        let editor = try people.addJoinLink(role: .editor), viewer = try people.addJoinLink(role: .viewer)
        return ShareAccess(port: port, editorToken: editor.token, viewerToken: viewer.token, editorPageKey: editor.pageKey, viewerPageKey: viewer.pageKey,
                           people: people)
    }

    /// 192 bits from the system's cryptographic generator (getrandom on Linux), as hex.
    package static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<3).map { _ -> String in
            let text = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - text.count) + text
        }.joined()
    }

    /// The role a token grants. Both tokens are always compared in full, in constant time,
    /// so the answer's timing tells nothing about how much of a guess was right.
    package func role(forToken token: String) -> Role? {
        // Kept links (this run's among them) answer from the history, so a revoked one stops at once.
        if let people { return people.joinLinkRole(token: token).flatMap { Role(rawValue: $0.rawValue) } }
        let editor = Self.constantTimeEqual(token, editorToken)
        let viewer = Self.constantTimeEqual(token, viewerToken)
        return editor ? .editor : viewer ? .viewer : nil
    }

    /// The role whose page key the request's cookie carries (it opens the page's files only).
    package func pageRole(cookieHeader: String?) -> Role? {
        guard let cookieHeader, cookieHeader.utf8.count <= 8192 else { return nil }
        for pair in cookieHeader.split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingSpaces == cookieName else { continue }
            let key = String(parts[1].trimmingSpaces)
            if let people {
                if let role = people.joinLinkRole(token: key, pageKey: true) { return Role(rawValue: role.rawValue) }
                continue
            }
            let editor = Self.constantTimeEqual(key, editorPageKey), viewer = Self.constantTimeEqual(key, viewerPageKey)
            if editor { return .editor }
            if viewer { return .viewer }
        }
        return nil
    }

    package func setCookie(for role: Role) -> String {
        "\(cookieName)=\(role == .editor ? editorPageKey : viewerPageKey); Path=/; HttpOnly; SameSite=Strict"
    }

    /// Whether a viewer may send this request: watching, pressing and rendering are not writes.
    package static func viewerMay(method: String, path: String) -> Bool {
        switch method {
        case "GET", "HEAD": true
        case "POST": ["/api/render", "/api/frames", "/api/session/presence", "/api/people"].contains(path)
        default: false
        }
    }

    package static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        var difference: UInt8 = x.count == y.count ? 0 : 1
        for i in 0..<y.count { difference |= (i < x.count ? x[i] : 0) ^ y[i] }
        return difference == 0
    }
}

private extension Substring {
    var trimmingSpaces: Substring {
        var s = self
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return s
    }
}
