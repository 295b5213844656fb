import WorkbenchSupport
/// The rest of the chain as one middleware sees it.
package typealias Responder = @Sendable (RequestContext) throws -> HTTPResponse

/// One stage around the routes, in the style of Hummingbird's middleware: it may refuse a
/// request from its head alone (before the body is read), and it wraps the rest of the chain.
package protocol Middleware: Sendable {
    /// A response that ends the request before its body is read, or nil to go on.
    func refusal(for head: RequestHead) -> HTTPResponse?
    func respond(to context: RequestContext, next: Responder) throws -> HTTPResponse
}

extension Middleware {
    package func refusal(for head: RequestHead) -> HTTPResponse? { nil }
    package func respond(to context: RequestContext, next: Responder) throws -> HTTPResponse { try next(context) }
}

/// Middlewares in order, outermost first, around an endpoint (the router). A thrown error
/// becomes its response where it is thrown (`HTTPError`, else a plain 500), so outer stages (security headers) still see it.
package struct MiddlewareChain: Sendable {
    package init(middlewares: [any Middleware], endpoint: @escaping Responder) {
        self.middlewares = middlewares
        self.endpoint = endpoint
    }

    package let middlewares: [any Middleware]
    package let endpoint: Responder

    /// The first refusal, passed back out through the stages before the one that refused.
    package func refusal(for head: RequestHead) -> HTTPResponse? {
        for (index, middleware) in middlewares.enumerated() {
            guard let refusal = middleware.refusal(for: head) else { continue }
            var request = HTTPRequest(method: head.method, rawPath: head.rawPath, query: [:], headers: head.headers, body: [])
            request.route = head.route
            let context = RequestContext(request: request)
            return Self.run(middlewares[..<index], context) { _ in refusal }
        }
        return nil
    }

    package func respond(to context: RequestContext) -> HTTPResponse {
        Self.run(middlewares[...], context, endpoint)
    }

    private static func run(_ stages: ArraySlice<any Middleware>, _ context: RequestContext, _ endpoint: @escaping Responder) -> HTTPResponse {
        var next = endpoint
        for middleware in stages.reversed() {
            let inner = next
            next = { context in
                do { return try middleware.respond(to: context, next: inner) } catch { return response(for: error) }
            }
        }
        do { return try next(context) } catch { return response(for: error) }
    }

    package static func response(for error: any Error) -> HTTPResponse {
        (error as? HTTPError)?.response ?? .error(500, "internal", "unexpected error")
    }
}
