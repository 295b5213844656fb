import WorkbenchSupport
/// Headers every response carries, refusals included.
package struct SecurityHeaders: Middleware {
    package init() {}

    package static let all: [(String, String)] = [
        ("X-Content-Type-Options", "nosniff"),
        ("X-Frame-Options", "DENY"),
        ("Referrer-Policy", "no-referrer"),
        ("Content-Security-Policy", "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'"),
    ]

    package func respond(to context: RequestContext, next: Responder) throws -> HTTPResponse {
        var response = try next(context)
        response.headers += Self.all
        return response
    }
}
