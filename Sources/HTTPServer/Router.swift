import WorkbenchSupport
/// Routes requests by method and path pattern (`/api/presets/{name}`), read top to bottom
/// like a table of the API. Each route also says what it reads and answers, which is all the
/// OpenAPI document needs. A path that matches with another method gets 405 with `Allow`.
package struct Router: Sendable {
    package init() {}

    package struct Route: Sendable {
        package let method: String
        /// OpenAPI style: `{name}` marks a path parameter.
        package let path: String
        package let summary: String
        package let query: [QueryParameter]
        /// What a write reads; nil: no body.
        package let body: MediaType?
        /// The JSON schema of that body, exactly what the handler accepts (an object of any
        /// members when nil).
        package var bodySchema: JSONValue?
        /// Schemas of path parameters narrower than a non-empty string (`{revision}`: digits).
        package var pathSchemas: [String: JSONValue] = [:]
        /// Headers the route requires.
        package var requiredHeaders: [QueryParameter] = []
        package let answers: [Answer]
        /// Error statuses this route can answer besides the ones every route can.
        package let errors: [Int]
        /// A read that only the workbench's own pages may make (costly answers a foreign page
        /// could otherwise request through an `<img>`).
        package var sameOriginOnly = false
        /// An answer that may take many megabytes to build (every frame, an export): only a few
        /// are built at once, so concurrent requests cannot add up to gigabytes.
        package var heavy = false
        package let handler: Responder
        /// The middleware of the route's group, run around its handler only.
        package var middlewares: [any Middleware] = []
        fileprivate let pattern: [Substring]
    }

    package struct QueryParameter: Sendable {
        package let name: String
        package let schema: JSONValue
        package let description: String

        package init(_ name: String, _ schema: JSONValue, _ description: String = "") {
            self.name = name
            self.schema = schema
            self.description = description
        }
    }

    /// A successful answer: status, media types and (for JSON) the schema of the body.
    package struct Answer: Sendable {
        package init(status: Int, types: [MediaType], schema: JSONValue?, description: String) {
            self.status = status
            self.types = types
            self.schema = schema
            self.description = description
        }

        package let status: Int
        package let types: [MediaType]
        package let schema: JSONValue?
        package let description: String

        package static func json(_ description: String, _ schema: JSONValue = SchemaObject(type: "object").json, status: Int = 200) -> Answer {
            Answer(status: status, types: [.json], schema: schema, description: description)
        }
        package static func svg(_ description: String) -> Answer { Answer(status: 200, types: [.svg], schema: nil, description: description) }
        /// Each event as a reader sees it: its name, its data (JSON text) and its id.
        package static func eventStream(_ names: [String]) -> Answer {
            let event = JSONValueEncoder.encode(EventSchema(properties: .init(event: SchemaObject(type: "string", choices: names.map(JSONValue.string)))))
            return Answer(status: 200, types: [.eventStream], schema: event, description: "Server-Sent Events")
        }
        package static let switchingProtocols = Answer(status: 101, types: [], schema: nil, description: "switching to WebSocket")

        /// An event's schema: its data always there, its name one of the stream's.
        private struct EventSchema: Encodable {
            let type = "object"
            let required = ["data"]
            let properties: Members

            struct Members: Encodable {
                let event: SchemaObject
                var data = SchemaObject(type: "string")
                var id = SchemaObject(type: "string")
            }
        }
    }

    package private(set) var routes: [Route] = []

    package mutating func get(_ path: String, _ summary: String, query: [QueryParameter] = [], answers: [Answer], errors: [Int] = [],
                      sameOriginOnly: Bool = false, heavy: Bool = false, _ handler: @escaping Responder) {
        add("GET", path, summary, query, nil, answers, errors + (heavy ? [503] : []), handler)
        routes[routes.count - 1].sameOriginOnly = sameOriginOnly
        routes[routes.count - 1].heavy = heavy
    }

    package mutating func post(_ path: String, _ summary: String, query: [QueryParameter] = [], body: MediaType? = .json, schema: JSONValue? = nil,
                       answers: [Answer], errors: [Int] = [], heavy: Bool = false, _ handler: @escaping Responder) {
        add("POST", path, summary, query, body, answers, errors + (heavy ? [503] : []), handler)
        routes[routes.count - 1].heavy = heavy
        routes[routes.count - 1].bodySchema = schema
    }

    package mutating func put(_ path: String, _ summary: String, body: MediaType = .json, schema: JSONValue? = nil, answers: [Answer], errors: [Int] = [],
                      _ handler: @escaping Responder) {
        add("PUT", path, summary, [], body, answers, errors, handler)
        routes[routes.count - 1].bodySchema = schema
    }

    /// The route added last requires these headers.
    package mutating func requireHeaders(_ headers: [QueryParameter]) { routes[routes.count - 1].requiredHeaders = headers }

    /// Narrows the path parameters of these names in every route.
    package mutating func narrowPathParameters(_ schemas: [String: JSONValue]) {
        for index in routes.indices {
            for (name, schema) in schemas where routes[index].path.contains("{\(name)}") { routes[index].pathSchemas[name] = schema }
        }
    }

    package mutating func delete(_ path: String, _ summary: String, answers: [Answer], errors: [Int] = [], _ handler: @escaping Responder) {
        add("DELETE", path, summary, [], nil, answers, errors, handler)
    }

    private mutating func add(_ method: String, _ path: String, _ summary: String, _ query: [QueryParameter], _ body: MediaType?,
                              _ answers: [Answer], _ errors: [Int], _ handler: @escaping Responder) {
        routes.append(Route(method: method, path: path, summary: summary, query: query, body: body, answers: answers,
                            errors: errors, handler: handler, pattern: path.split(separator: "/")))
    }

    /// Adds a group's routes, each carrying the group's middleware.
    package mutating func add(_ group: some RouteGroup) {
        let first = routes.count
        group.addRoutes(to: &self)
        for index in first..<routes.count { routes[index].middlewares = group.middlewares }
    }

    /// What this method and path are: a route with its path parameters, a path that other
    /// methods serve, or nothing. Resolved once per request, when its head is read; the
    /// context carries the answer to every middleware and to the handler.
    package func route(method: String, rawPath: String) -> RouteMatch {
        let segments = Array(Self.segments(rawPath))
        let method = method == "HEAD" ? "GET" : method
        var allowed: [String] = []
        for route in routes {
            guard let parameters = Self.match(route.pattern, segments) else { continue }
            guard route.method == method else { allowed.append(route.method); continue }
            return .found(route, parameters: parameters)
        }
        return allowed.isEmpty ? .none : .wrongMethod(allowed: allowed)
    }

    /// The response of the request's route, or nil when no route has its path.
    package func response(to context: RequestContext) -> HTTPResponse? {
        let request = context.request
        switch context.route {
        case .none: return nil
        case .wrongMethod(var allowed):
            if allowed.contains("GET") { allowed.append("HEAD") }
            return HTTPError(405, "method_not_allowed", "\(request.method) is not allowed here; use \(allowed.joined(separator: ", "))")
                .response.adding("Allow", allowed.joined(separator: ", "))
        case .found(let route, let parameters):
            guard let decoded = parameters else {
                return .error(400, "bad_request", "the path is not valid percent-encoded UTF-8")
            }
            // The query is the route's documented parameters and nothing else: a misspelt
            // parameter is an error, not silently a default.
            if let unknown = request.query.keys.sorted().first(where: { key in !route.query.contains { $0.name == key } }) {
                return .error(400, "bad_request", "unknown query parameter \"\(unknown.prefix(64))\"", field: String(unknown.prefix(64)))
            }
            var routed = context
            routed.pathParameters = decoded
            var response = MiddlewareChain(middlewares: route.middlewares, endpoint: route.handler).respond(to: routed)
            if request.method == "HEAD", case .stream(let stream) = response.body {
                // A HEAD gets the stream's headers only: never a body that does not end.
                stream.close()
                response.body = .bytes([])
            }
            return response.adding("Cache-Control", "no-store")
        }
    }

    private static func segments(_ rawPath: String) -> ArraySlice<Substring> {
        rawPath.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
    }

    /// nil: no match; .some(nil): matched but a parameter does not decode.
    private static func match(_ pattern: [Substring], _ segments: [Substring]) -> [String: String]?? {
        guard pattern.count == segments.count else { return nil }
        var parameters: [String: String] = [:]
        var valid = true
        for (p, s) in zip(pattern, segments) {
            if p.hasPrefix("{") && p.hasSuffix("}") {
                guard !s.isEmpty else { return nil }
                if let value = PercentDecoding.decode(s) { parameters[String(p.dropFirst().dropLast())] = value } else { valid = false }
            } else if p != s {
                return nil
            }
        }
        return valid ? .some(parameters) : .some(nil)
    }
}

/// What the router made of a request's method and path.
package enum RouteMatch: Sendable {
    /// A route, with its decoded path parameters (nil when one is not valid percent-encoded UTF-8).
    case found(Router.Route, parameters: [String: String]?)
    /// The path exists for these other methods (405 with `Allow`).
    case wrongMethod(allowed: [String])
    case none

    /// The matched route, if any: its flags (body type, heavy, same-origin only) for middleware.
    package var route: Router.Route? { if case .found(let route, _) = self { route } else { nil } }
}

/// A group of routes (presets, history, drafts, …): a small type holding only the stores its
/// handlers need, with middleware that runs around its routes alone.
package protocol RouteGroup: Sendable {
    var middlewares: [any Middleware] { get }
    func addRoutes(to router: inout Router)
}

extension RouteGroup {
    package var middlewares: [any Middleware] { [] }
}
