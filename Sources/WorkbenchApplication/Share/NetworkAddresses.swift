import WorkbenchSupport
import HTTPServer
import WorkbenchStores
import WorkbenchExports
import PriceData
import Glibc

/// The machine's own IPv4 addresses (interfaces that are up), loopback first: what
/// `--share` serves and the only addresses its `Host` check accepts.
package enum NetworkAddresses {
    package static func ipv4() -> [String] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0 else { return ["127.0.0.1"] }
        defer { freeifaddrs(list) }
        var found: [String] = []
        var entry = list
        while let current = entry {
            defer { entry = current.pointee.ifa_next }
            guard let address = current.pointee.ifa_addr, Int32(address.pointee.sa_family) == AF_INET,
                  current.pointee.ifa_flags & UInt32(IFF_UP) != 0 else { continue }
            var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
            address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { inet in
                var raw = inet.pointee.sin_addr
                _ = inet_ntop(AF_INET, &raw, &text, socklen_t(INET_ADDRSTRLEN))
            }
            let name = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if !found.contains(name) { found.append(name) }
        }
        if !found.contains("127.0.0.1") { found.append("127.0.0.1") }
        return found.sorted { ($0.hasPrefix("127.") ? 0 : 1, $0) < ($1.hasPrefix("127.") ? 0 : 1, $1) }
    }

    /// The address a phone on the same network would use: the first non-loopback one.
    package static func lanAddress(in addresses: [String]) -> String {
        addresses.first { !$0.hasPrefix("127.") } ?? "127.0.0.1"
    }
}
