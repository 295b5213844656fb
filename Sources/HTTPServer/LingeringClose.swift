import Glibc

/// Closing a connection whose peer is still sending: our side is shut first, then what the peer
/// still sends is read and dropped for a while. Closed at once with unread bytes, the kernel
/// answers with a reset, and the peer loses what we sent last (a refusal, a close frame).
enum LingeringClose {
    /// Shuts our sending side of `fd` and drops what arrives until the peer closes, 4 MB have
    /// come, or `deadline` passes.
    static func drain(_ fd: Int32, until deadline: ContinuousClock.Instant) {
        shutdown(fd, Int32(SHUT_WR))
        var sink = [UInt8](repeating: 0, count: 16384)
        var drained = 0
        while drained < 4 << 20 && ContinuousClock.now < deadline {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0 else { continue }
            let n = sink.withUnsafeMutableBytes { recv(fd, $0.baseAddress!, $0.count, SocketFlag.dontWait) }
            if n <= 0 && !(n < 0 && (errno == EAGAIN || errno == EINTR)) { break }
            drained += max(n, 0)
        }
    }
}
