/// A request as the handlers see it: already percent-decoded query, lower-cased header names,
/// the whole (bounded) body.
struct HTTPRequest: Sendable {
    let method: String
    /// The path exactly as sent, still percent-encoded.
    let rawPath: String
    let query: [String: String]
    let headers: [String: String]
    let body: [UInt8]
    /// A large body (a CSV upload) spooled to a file instead of `body`.
    var spooled: SpooledBody? = nil
    /// The client's network address (per-client budgets).
    var client = ""

    func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// The head of a request, available before its body is read: enough to refuse it early.
struct RequestHead: Sendable {
    let method: String
    let rawPath: String
    let headers: [String: String]
    /// Every value of a header sent more than once (lower-cased names).
    var repeatedHeaders: [String: [String]] = [:]

    func header(_ name: String) -> String? { headers[name.lowercased()] }
}
