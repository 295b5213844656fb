import WorkbenchSupport

/// What a handler gets: the request, the route it resolved to (once, when its head was read)
/// and what the middleware chain learned about it, so handlers never re-derive any of it.
package struct RequestContext: Sendable {
    package var request: HTTPRequest
    /// The parsed body of a JSON request (set by `JSONBody`); nil without a body.
    package var json: JSONValue?
    /// Path parameters the router matched (`{name}`), decoded.
    package var pathParameters: [String: String] = [:]
    /// What the application's middleware attached (who sent the request, what it may do).
    package var values = ContextValues()

    package init(request: HTTPRequest) { self.request = request }

    package var route: RouteMatch { request.route }
    package func header(_ name: String) -> String? { request.header(name) }
    package var query: [String: String] { request.query }

    /// The JSON body's members; a request without a body reads as an empty object.
    package func jsonObject() throws(HTTPError) -> [(String, JSONValue)] {
        guard let json else { return [] }
        guard let pairs = json.objectPairs else { throw .badRequest("the body must be a JSON object") }
        return pairs
    }
}

/// A value the application keeps in the context, under a key type of its own (the HTTP core
/// knows none of them): `extension RequestContext { var author: Author { values[AuthorKey.self] } }`.
package protocol ContextKey {
    associatedtype Value: Sendable
    static var defaultValue: Value { get }
}

package struct ContextValues: Sendable {
    private var storage: [ObjectIdentifier: any Sendable] = [:]

    package init() {}

    package subscript<Key: ContextKey>(_ key: Key.Type) -> Key.Value {
        get { storage[ObjectIdentifier(key)] as? Key.Value ?? Key.defaultValue }
        set { storage[ObjectIdentifier(key)] = newValue }
    }
}
