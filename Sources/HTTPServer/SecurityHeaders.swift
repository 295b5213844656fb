import WorkbenchSupport
/// Headers every response carries, refusals included.
package struct SecurityHeaders: Middleware {
    package init() {}

    package static let all: [(String, String)] = [
        ("X-Content-Type-Options", "nosniff"),
        ("X-Frame-Options", "DENY"),
        ("Referrer-Policy", "no-referrer"),
        // Cross-origin isolation: the page shares memory with its render socket's worker (the
        // page's socket-mailbox.js); everything it loads comes from here anyway.
        ("Cross-Origin-Opener-Policy", "same-origin"),
        ("Cross-Origin-Embedder-Policy", "require-corp"),
        ("Content-Security-Policy", "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'"),
    ]

    package func respond(to context: RequestContext, next: Responder) throws -> HTTPResponse {
        var response = try next(context)
        response.headers += Self.all
        return response
    }
}
