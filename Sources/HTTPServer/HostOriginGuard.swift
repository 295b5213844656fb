import WorkbenchSupport
import Glibc

/// The checks a local tool needs before anything else: the `Host` must name this server
/// (DNS rebinding), and a write or a socket must come from an origin this server serves:
/// scheme, host and port all equal (`http://127.0.0.1` without the port is port 80, another
/// origin).
package struct HostOriginGuard: Middleware {
    /// Host names the server answers to: lower-case, IPv6 literals in brackets, no port.
    package let servedHosts: Set<String>
    package let port: Int
    /// With a wildcard bind any IP literal is a valid `Host` (rebinding needs a DNS name); an
    /// `Origin` must still be one of `servedHosts`.
    package let acceptsAnyIPLiteralHost: Bool

    /// `servedAddresses` (under `--share`): exactly the machine's addresses being served; then
    /// not even a `Host` may be another IP literal.
    package init(boundHost: String, port: Int, servedAddresses: [String]? = nil,
         interfaceAddresses: () -> [String] = HostOriginGuard.interfaceAddresses) {
        let host = boundHost.lowercased()
        let wildcard = host == "0.0.0.0" || host == "::"
        var names: Set<String> = [host.contains(":") ? "[\(host)]" : host]
        if wildcard || host == "localhost" || host.hasPrefix("127.") || host == "::1" {
            names.formUnion(["localhost", "127.0.0.1"])
            // Served on [::1] as well by default; a loopback literal is no rebinding risk.
            names.insert("[::1]")
        }
        if wildcard || servedAddresses != nil {
            for address in servedAddresses ?? interfaceAddresses() {
                let lower = address.lowercased()
                names.insert(lower.contains(":") && !lower.hasPrefix("[") ? "[\(lower)]" : lower)
            }
        }
        names.remove("[::]"); names.remove("0.0.0.0")
        servedHosts = names
        self.port = port
        acceptsAnyIPLiteralHost = wildcard && servedAddresses == nil
    }

    package static let writeMethods: Set<String> = ["POST", "PUT", "DELETE", "PATCH"]

    package func refusal(for head: RequestHead) -> HTTPResponse? {
        guard let host = head.header("host"), isAllowed(hostHeader: host) else {
            return .error(421, "misdirected_request", "this server answers only to localhost and the address it listens on", field: "Host")
        }
        guard Self.writeMethods.contains(head.method) else { return nil }
        if let origin = head.header("origin") {
            guard isAllowed(origin: origin) else {
                return .error(403, "cross_site", "writes are accepted only from the workbench's own page", field: "Origin")
            }
        } else if let site = head.header("sec-fetch-site"), site != "same-origin" && site != "none" {
            return .error(403, "cross_site", "writes are accepted only from the workbench's own page", field: "Sec-Fetch-Site")
        }
        return nil
    }

    /// A `Host` may leave out the port (rebinding is about the name); a port it names must be ours.
    package func isAllowed(hostHeader: String) -> Bool {
        guard let (name, port) = Self.split(authority: hostHeader.lowercased()), port == nil || port == self.port else { return false }
        return servedHosts.contains(name) || (acceptsAnyIPLiteralHost && Self.isIPLiteral(name))
    }

    /// `http://` + a served host + this port, exactly; nothing after the authority.
    package func isAllowed(origin: String) -> Bool {
        let lower = origin.lowercased()
        guard lower.hasPrefix("http://") else { return false }
        guard let (name, port) = Self.split(authority: String(lower.dropFirst(7))), (port ?? 80) == self.port else { return false }
        return servedHosts.contains(name)
    }

    /// Host and port of an authority (`name[:port]`, `[v6][:port]`); nil port when none is written.
    package static func split(authority: String) -> (String, Int?)? {
        var name = authority
        var portText: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            name = String(authority[...close])
            let rest = authority[authority.index(after: close)...]
            if !rest.isEmpty { guard rest.hasPrefix(":") else { return nil }; portText = rest.dropFirst() }
        } else if let colon = authority.lastIndex(of: ":") {
            name = String(authority[..<colon])
            portText = authority[authority.index(after: colon)...]
        }
        guard !name.isEmpty, !name.contains("/"), !name.contains("@") else { return nil }
        guard let portText else { return (name, nil) }
        // At most five digits: no overflow, no signs, no spaces.
        guard (1...5).contains(portText.count), portText.allSatisfy({ $0.isASCII && $0.isNumber }), let port = Int(portText) else { return nil }
        return (name, port)
    }

    package static func isIPLiteral(_ name: String) -> Bool {
        if name.hasPrefix("[") && name.hasSuffix("]") { return true }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { UInt8($0) != nil }
    }

    /// The machine's interface addresses (what a wildcard bind serves).
    package static func interfaceAddresses() -> [String] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0 else { return [] }
        defer { freeifaddrs(list) }
        var result: [String] = []
        var cursor = list
        while let entry = cursor {
            defer { cursor = entry.pointee.ifa_next }
            guard let address = entry.pointee.ifa_addr else { continue }
            let family = Int32(address.pointee.sa_family)
            guard family == AF_INET || family == AF_INET6 else { continue }
            var buffer = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            let length = socklen_t(family == AF_INET ? MemoryLayout<sockaddr_in>.size : MemoryLayout<sockaddr_in6>.size)
            guard getnameinfo(address, length, &buffer, socklen_t(buffer.count), nil, 0, NI_NUMERICHOST) == 0 else { continue }
            let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if !text.contains("%") { result.append(text) }  // link-local addresses with a zone are not usable in a URL
        }
        return result
    }
}
