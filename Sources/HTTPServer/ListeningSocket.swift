import WorkbenchSupport
import Glibc

/// Opens the listening socket ourselves so that a taken port or a bad address gives one clear
/// message instead of a silent failure inside libmicrohttpd.
package enum ListeningSocket {
    package struct OpenError: Error, CustomStringConvertible {
        package let description: String
        /// The port is taken (not: this address does not exist here).
        package var inUse = false
    }

    /// Returns the descriptor and the port actually bound (useful with port 0).
    package static func open(host: String, port: Int) throws -> (fd: Int32, port: Int) {
        guard (0...65535).contains(port) else { throw OpenError(description: "--port must be between 0 and 65535, got \(port)") }
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_PASSIVE
        var result: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &result)
        guard status == 0, let info = result else {
            throw OpenError(description: "cannot listen on \(host): \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(result) }
        let fd = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
        guard fd >= 0 else { throw OpenError(description: "cannot create a socket: \(String(cString: strerror(errno)))") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        if bind(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) != 0 {
            let code = errno
            close(fd)
            let shown = host.contains(":") ? "[\(host)]" : host
            if code == EADDRINUSE {
                throw OpenError(description: "port \(port) is already in use on \(shown) (another program, or another workbench, listens there); stop it or pass another --port (0 picks a free one)", inUse: true)
            }
            throw OpenError(description: "cannot listen on \(shown):\(port): \(String(cString: strerror(code)))")
        }
        guard listen(fd, 128) == 0 else {
            let code = errno
            close(fd)
            throw OpenError(description: "cannot listen on \(host):\(port): \(String(cString: strerror(code)))")
        }
        var address = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let boundPort = withUnsafeMutablePointer(to: &address) { pointer -> Int in
            _ = pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
            if Int32(pointer.pointee.ss_family) == AF_INET6 {
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin6_port)) }
            }
            return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) }
        }
        return (fd, boundPort)
    }
}

/// Linux's `send`/`recv` flags as plain numbers: Glibc's `MSG_*` are an enum plus same-named
/// macros, which a clean build sometimes cannot find in a file of a module that also imports a
/// C header including <sys/socket.h>.
package enum SocketFlag {
    package static let dontWait: Int32 = 0x40      // MSG_DONTWAIT
    package static let noSignal: Int32 = 0x4000    // MSG_NOSIGNAL
}
