/// Who sent the request: the display name and page id the page sends with every call.
struct Authorship: Middleware {
    static let maxLength = 64

    func respond(to context: RequestContext, next: Responder) throws -> HTTPResponse {
        var context = context
        context.author = Self.author(of: context.request)
        return try next(context)
    }

    /// The page percent-encodes the name: header values cannot carry every Unicode letter.
    static func author(of request: HTTPRequest) -> RequestContext.Author {
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
