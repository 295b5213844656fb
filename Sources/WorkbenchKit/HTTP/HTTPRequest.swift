/// A request as the handlers see it: already percent-decoded query, lower-cased header names,
/// the whole (bounded) body, and the parameters the router matched in the path.
struct HTTPRequest: Sendable {
    let method: String
    /// The path exactly as sent, still percent-encoded.
    let rawPath: String
    let query: [String: String]
    let headers: [String: String]
    let body: [UInt8]
    var pathParameters: [String: String] = [:]
    /// Under `serve --share`, what the request's token allows; otherwise every page edits.
    var role: ShareAccess.Role = .editor

    func header(_ name: String) -> String? { headers[name.lowercased()] }

    var bodyText: String { String(decoding: body, as: UTF8.self) }
}

/// The head of a request, available before its body is read: enough to refuse it early.
struct RequestHead: Sendable {
    let method: String
    let rawPath: String
    let headers: [String: String]

    func header(_ name: String) -> String? { headers[name.lowercased()] }
}
