import ChartEngine

/// A response: status, headers, and either bytes or a stream (Server-Sent Events).
struct HTTPResponse: Sendable {
    enum Body: Sendable {
        case bytes([UInt8])
        case stream(EventStream)
        /// Switches protocols (status 101); the session runs on its own thread until it returns.
        case webSocket(@Sendable (WebSocket) -> Void)
    }

    var status: Int
    var headers: [(String, String)]
    var body: Body
    /// An event for every open page, published (with who caused it) once the response is final.
    var announcement: Announcement?

    struct Announcement: Sendable {
        let event: String
        let fields: [(String, JSONValue)]
    }

    init(status: Int, headers: [(String, String)] = [], body: Body) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    init(status: Int = 200, contentType: String, text: String) {
        self.init(status: status, headers: [("Content-Type", contentType)], body: .bytes(Array(text.utf8)))
    }

    static func json(_ value: JSONValue, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "application/json; charset=utf-8", text: value.serialized())
    }

    static func svg(_ text: String) -> HTTPResponse {
        HTTPResponse(contentType: "image/svg+xml; charset=utf-8", text: text)
    }

    /// `{"error": {"code", "message", "field"}}`.
    static func error(_ status: Int, _ code: String, _ message: String, field: String? = nil) -> HTTPResponse {
        .json(.object([("error", .object([("code", .string(code)), ("message", .string(message)),
                                          ("field", field.map(JSONValue.string) ?? .null)]))]), status: status)
    }

    static func notFound(_ what: String = "no such resource") -> HTTPResponse { .error(404, "not_found", what) }

    /// This response, announcing `event` to every open page when it succeeds.
    func announcing(_ event: String, _ fields: [(String, JSONValue)]) -> HTTPResponse {
        var copy = self
        copy.announcement = Announcement(event: event, fields: fields)
        return copy
    }

    func adding(_ name: String, _ value: String) -> HTTPResponse {
        var copy = self
        copy.headers.append((name, value))
        return copy
    }
}

/// An error a handler throws to end the request with a JSON error response.
struct HTTPError: Error {
    let status: Int
    let code: String
    let message: String
    let field: String?

    init(_ status: Int, _ code: String, _ message: String, field: String? = nil) {
        self.status = status
        self.code = code
        self.message = message
        self.field = field
    }

    static func badRequest(_ message: String, field: String? = nil) -> HTTPError { HTTPError(400, "bad_request", message, field: field) }

    init(_ error: ParameterError) { self.init(400, "invalid_parameter", error.message, field: error.field) }

    var response: HTTPResponse { .error(status, code, message, field: field) }
}
