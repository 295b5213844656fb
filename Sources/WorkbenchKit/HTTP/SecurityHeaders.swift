/// Headers every response carries, refusals included.
struct SecurityHeaders: Middleware {
    static let all: [(String, String)] = [
        ("X-Content-Type-Options", "nosniff"),
        ("X-Frame-Options", "DENY"),
        ("Referrer-Policy", "no-referrer"),
        ("Content-Security-Policy", "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'"),
    ]

    func respond(to context: RequestContext, next: Responder) throws -> HTTPResponse {
        var response = try next(context)
        response.headers += Self.all
        return response
    }
}
