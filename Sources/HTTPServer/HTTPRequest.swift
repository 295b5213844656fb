import WorkbenchSupport
/// A request as the handlers see it: already percent-decoded query, lower-cased header names,
/// the whole (bounded) body.
package struct HTTPRequest: Sendable {
    package let method: String
    /// The path exactly as sent, still percent-encoded.
    package var rawPath: String
    package var query: [String: String]
    package let headers: [String: String]
    package let body: [UInt8]
    /// A large body (a CSV upload) spooled to a file instead of `body`.
    package var spooled: SpooledBody? = nil
    /// The client's network address (per-client budgets).
    package var client = ""
    /// The route the head resolved to (resolved once, by the handler, when the head was read).
    package var route: RouteMatch = .none

    package init(method: String, rawPath: String, query: [String: String], headers: [String: String], body: [UInt8]) {
        self.method = method
        self.rawPath = rawPath
        self.query = query
        self.headers = headers
        self.body = body
    }

    package func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// The head of a request, available before its body is read: enough to refuse it early.
package struct RequestHead: Sendable {
    package let method: String
    package let rawPath: String
    package let headers: [String: String]
    /// Every value of a header sent more than once (lower-cased names).
    package var repeatedHeaders: [String: [String]] = [:]
    /// The route this method and path resolve to (set once the head is read).
    package var route: RouteMatch = .none

    package func header(_ name: String) -> String? { headers[name.lowercased()] }
}
