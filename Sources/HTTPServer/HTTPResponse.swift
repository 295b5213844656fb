import WorkbenchSupport


/// A response: status, headers, and either bytes or a stream (Server-Sent Events).
package struct HTTPResponse: Sendable {
    package enum Body: Sendable {
        case bytes([UInt8])
        case stream(EventStream)
        /// Switches protocols (status 101); the session runs on its own thread until it returns.
        case webSocket(@Sendable (WebSocket) -> Void)
    }

    package var status: Int
    package var headers: [(String, String)]
    package var body: Body
    /// An event for every open page, published (with who caused it) once the response is final.
    package var announcement: Announcement?

    package struct Announcement: Sendable {
        package let event: String
        package let fields: [(String, JSONValue)]
    }

    package init(status: Int, headers: [(String, String)] = [], body: Body) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    package init(status: Int = 200, contentType: String, text: String) {
        self.init(status: status, headers: [("Content-Type", contentType)], body: .bytes(Array(text.utf8)))
    }

    package static func json(_ value: JSONValue, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "application/json; charset=utf-8", text: value.serialized())
    }

    /// A typed answer, its members in declaration order (nil members as `null`).
    package static func answer(_ value: some Encodable, status: Int = 200) -> HTTPResponse {
        .json(JSONValueEncoder.encode(value), status: status)
    }

    package static func svg(_ text: String) -> HTTPResponse {
        HTTPResponse(contentType: "image/svg+xml; charset=utf-8", text: text)
    }

    /// `{"error": {"code", "message", "field"}}`.
    package static func error(_ status: Int, _ code: String, _ message: String, field: String? = nil) -> HTTPResponse {
        .json(JSONValueEncoder.encode(ErrorAnswer(error: HTTPError(status, code, message, field: field))), status: status)
    }

    private struct ErrorAnswer: Encodable {
        let error: HTTPError
    }

    package static func notFound(_ what: String = "no such resource") -> HTTPResponse { .error(404, "not_found", what) }

    /// This response, announcing `event` to every open page when it succeeds.
    package func announcing(_ event: String, _ fields: [(String, JSONValue)]) -> HTTPResponse {
        var copy = self
        copy.announcement = Announcement(event: event, fields: fields)
        return copy
    }

    package func adding(_ name: String, _ value: String) -> HTTPResponse {
        var copy = self
        copy.headers.append((name, value))
        return copy
    }
}

/// An error a handler throws to end the request with a JSON error response.
package struct HTTPError: Error {
    package let status: Int
    package let code: String
    package let message: String
    package let field: String?
    /// Headers the error answer carries (`Retry-After` on a 429 or 503).
    package var headers: [(String, String)] = []

    package init(_ status: Int, _ code: String, _ message: String, field: String? = nil) {
        self.status = status
        self.code = code
        self.message = message
        self.field = field
    }

    package func adding(_ name: String, _ value: String) -> HTTPError {
        var copy = self
        copy.headers.append((name, value))
        return copy
    }

    package static func badRequest(_ message: String, field: String? = nil) -> HTTPError { HTTPError(400, "bad_request", message, field: field) }


    package var response: HTTPResponse {
        var response = HTTPResponse.error(status, code, message, field: field)
        response.headers += headers
        return response
    }
}

/// The error object of every refusal, `{"code", "message", "field"}` (field null when no one
/// member is at fault): an error answer's body and a render socket's refusal carry it.
extension HTTPError: Encodable {
    private enum CodingKeys: String, CodingKey { case code, message, field }
}
