import WorkbenchSupport
import HTTPServer
import WorkbenchStores
import WorkbenchExports
import PriceData
/// Who sent the request: the display name and page id the page sends with every call.
package struct Authorship: Middleware {
    package static let maxLength = 64

    package func respond(to context: RequestContext, next: Responder) throws -> HTTPResponse {
        var context = context
        context.author = Self.author(of: context.request)
        return try next(context)
    }

    /// The page percent-encodes the name: header values cannot carry every Unicode letter.
    package static func author(of request: HTTPRequest) -> Author {
        func clean(_ s: String?) -> String {
            let text = s.flatMap { PercentDecoding.decode(Substring($0)) } ?? ""
            return String(text.unicodeScalars.filter { !$0.properties.generalCategory.isControl }.map(Character.init).prefix(maxLength))
        }
        // X-Workbench-Author is the name scripts and other tools tend to send; the page sends X-Workbench-User.
        let user = clean(request.header("x-workbench-user"))
        return .init(user: user.isEmpty ? clean(request.header("x-workbench-author")) : user, client: clean(request.header("x-workbench-client")))
    }
}

private extension Unicode.GeneralCategory {
    var isControl: Bool { self == .control || self == .format || self == .lineSeparator || self == .paragraphSeparator }
}

/// Who sent a request, as the page names itself: a display name and a page id.
package struct Author: Sendable, Equatable {
    package var user = ""
    package var client = ""
}

private enum AuthorKey: ContextKey { static let defaultValue = Author() }
private enum RoleKey: ContextKey { static let defaultValue = ShareAccess.Role.editor }

extension RequestContext {
    /// The person's display name and page id (set by `Authorship`).
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
