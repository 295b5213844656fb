/// Routes requests by method and path pattern (`/api/presets/:name`), read top to bottom
/// like a table of the API. A path that matches with another method gets 405 with `Allow`.
struct Router: Sendable {
    typealias Handler = @Sendable (HTTPRequest) throws -> HTTPResponse

    struct Route: Sendable {
        let method: String
        let pattern: [Substring]
        let handler: Handler
    }

    private(set) var routes: [Route] = []

    mutating func get(_ path: String, _ handler: @escaping Handler) { add("GET", path, handler) }
    mutating func post(_ path: String, _ handler: @escaping Handler) { add("POST", path, handler) }
    mutating func put(_ path: String, _ handler: @escaping Handler) { add("PUT", path, handler) }
    mutating func delete(_ path: String, _ handler: @escaping Handler) { add("DELETE", path, handler) }

    private mutating func add(_ method: String, _ path: String, _ handler: @escaping Handler) {
        routes.append(Route(method: method, pattern: path.split(separator: "/"), handler: handler))
    }

    /// The response of the matching route, or nil when no route has this path.
    func response(to request: HTTPRequest) -> HTTPResponse? {
        let segments = request.rawPath.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        var allowed: [String] = []
        for route in routes {
            guard let parameters = match(route.pattern, Array(segments)) else { continue }
            let method = request.method == "HEAD" ? "GET" : request.method
            guard route.method == method else { allowed.append(route.method); continue }
            guard let decoded = parameters else {
                return .error(400, "bad_request", "the path is not valid percent-encoded UTF-8")
            }
            var routed = request
            routed.pathParameters = decoded
            do {
                return try route.handler(routed)
            } catch let error as HTTPError {
                return error.response
            } catch {
                return .error(500, "internal", "unexpected error: \(error)")
            }
        }
        guard !allowed.isEmpty else { return nil }
        return HTTPError(405, "method_not_allowed", "\(request.method) is not allowed here; use \(allowed.joined(separator: ", "))")
            .response.adding("Allow", allowed.joined(separator: ", "))
    }

    /// nil: no match; .some(nil): matched but a parameter does not decode.
    private func match(_ pattern: [Substring], _ segments: [Substring]) -> [String: String]?? {
        guard pattern.count == segments.count else { return nil }
        var parameters: [String: String] = [:]
        var valid = true
        for (p, s) in zip(pattern, segments) {
            if p.hasPrefix(":") {
                guard !s.isEmpty else { return nil }
                if let value = PercentDecoding.decode(s) { parameters[String(p.dropFirst())] = value } else { valid = false }
            } else if p != s {
                return nil
            }
        }
        return valid ? .some(parameters) : .some(nil)
    }
}
