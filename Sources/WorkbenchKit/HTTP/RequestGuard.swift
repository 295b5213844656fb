/// The checks a local tool needs before anything else: the `Host` must name this server
/// (DNS rebinding), and a write must not come from a foreign page (cross-site requests).
struct RequestGuard: Sendable {
    /// Host names the server answers to (lower-case, without port).
    let hostNames: Set<String>
    let port: Int
    /// With a wildcard bind any IP literal is a valid host: rebinding needs a DNS name.
    let acceptsAnyIPLiteral: Bool

    /// `servedAddresses` (under `--share`): exactly the machine's addresses being served,
    /// instead of any IP literal on a wildcard bind.
    init(boundHost: String, port: Int, servedAddresses: [String]? = nil) {
        let host = boundHost.lowercased()
        var names: Set<String> = ["localhost", host, "127.0.0.1"]
        if host == "::1" || host == "localhost" { names.insert("[::1]") }
        if host.contains(":") { names.insert("[\(host)]") }
        names.formUnion(servedAddresses ?? [])
        hostNames = names
        self.port = port
        acceptsAnyIPLiteral = servedAddresses == nil && (host == "0.0.0.0" || host == "::")
    }

    func refusal(for head: RequestHead) -> HTTPResponse? {
        guard let host = head.header("host"), isAllowed(hostHeader: host) else {
            return .error(421, "misdirected_request", "this server answers only to localhost and the address it listens on", field: "Host")
        }
        if ["POST", "PUT", "DELETE", "PATCH"].contains(head.method) {
            if let origin = head.header("origin") {
                guard isAllowed(origin: origin) else {
                    return .error(403, "cross_site", "writes are accepted only from the workbench's own page", field: "Origin")
                }
            } else if let site = head.header("sec-fetch-site"), site != "same-origin" && site != "none" {
                return .error(403, "cross_site", "writes are accepted only from the workbench's own page", field: "Sec-Fetch-Site")
            }
        }
        return nil
    }

    func isAllowed(hostHeader: String) -> Bool {
        let value = hostHeader.lowercased()
        var name = value
        var portText: Substring?
        if value.hasPrefix("[") {
            guard let close = value.firstIndex(of: "]") else { return false }
            name = String(value[...close])
            let rest = value[value.index(after: close)...]
            if !rest.isEmpty { guard rest.hasPrefix(":") else { return false }; portText = rest.dropFirst() }
        } else if let colon = value.lastIndex(of: ":") {
            name = String(value[..<colon])
            portText = value[value.index(after: colon)...]
        }
        if let portText, Int(portText) != port { return false }
        return hostNames.contains(name) || (acceptsAnyIPLiteral && Self.isIPLiteral(name))
    }

    func isAllowed(origin: String) -> Bool {
        let lower = origin.lowercased()
        guard lower.hasPrefix("http://") else { return false }
        return isAllowed(hostHeader: String(lower.dropFirst(7)))
    }

    static func isIPLiteral(_ name: String) -> Bool {
        if name.hasPrefix("[") && name.hasSuffix("]") { return true }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { UInt8($0) != nil }
    }
}

/// Headers every response carries.
enum SecurityHeaders {
    static let all: [(String, String)] = [
        ("X-Content-Type-Options", "nosniff"),
        ("X-Frame-Options", "DENY"),
        ("Referrer-Policy", "no-referrer"),
        ("Content-Security-Policy", "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'"),
    ]
}
