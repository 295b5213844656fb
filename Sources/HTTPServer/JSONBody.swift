import WorkbenchSupport
/// Parses a JSON body once, for every handler: a malformed one is a 400 naming the position.
package struct JSONBody: Middleware {
    package init() {}

    package func respond(to context: RequestContext, next: Responder) throws -> HTTPResponse {
        guard !context.request.body.isEmpty, MediaType(contentType: context.header("content-type")) == .json else { return try next(context) }
        var context = context
        do { context.json = try JSONValue.parse(context.request.body) } catch { throw HTTPError.badRequest(error.description) }
        return try next(context)
    }
}
