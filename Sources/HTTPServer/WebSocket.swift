import WorkbenchSupport
import Foundation
import Glibc

/// A WebSocket (RFC 6455) over a socket that libmicrohttpd handed over after the upgrade:
/// blocking reads and writes on the connection's own thread. Text messages only, each at most
/// `maxMessage` bytes; pings are answered, a close is echoed.
package final class WebSocket: @unchecked Sendable {
    package let fd: Int32
    /// Bytes read but not yet taken: `pending[start...]`.
    private var pending: [UInt8]
    private var start = 0
    private var chunk = [UInt8](repeating: 0, count: 16384)
    private var reader = WebSocketFrameReader(maxMessage: WebSocket.maxMessage)
    private let writeLock = NSLock()
    /// A message is a render request (parameters only): 64 KB is far more than one needs, and
    /// parsing a message costs several times its size while it lasts.
    package static let maxMessage = 64 << 10
    /// Called with each message received (the socket's slot is then the last of its client's to give way).
    package var onReceive: (@Sendable () -> Void)?
    /// A quiet client is pinged after this long, and dropped when it stays quiet as long again.
    package static let idlePing: Int = 30

    package init(fd: Int32, alreadyRead: [UInt8]) {
        self.fd = fd
        pending = alreadyRead
        // libmicrohttpd hands the socket over non-blocking; this connection has a thread of its own.
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
        // Answers are single frames written at once: waiting for more data only adds latency.
        var yes: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
        var timeout = timeval(tv_sec: Self.idlePing, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    /// `Sec-WebSocket-Accept` for a client's `Sec-WebSocket-Key`.
    package static func acceptValue(for key: String) -> String {
        Data(SHA1.digest(Array((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8))).base64EncodedString()
    }

    /// The next text message, or nil when the peer closed, broke the protocol or went quiet.
    package func receive() -> String? {
        while true {
            switch reader.next(read: read) {
            case .text(let text): onReceive?(); return text
            case .ping(let payload): send(frame: 0xA, payload)
            case .pong: continue
            case .closed(let code): close(code: code); return nil
            case .failed(let code): close(code: code, lingering: true); return nil
            case .end: shutdown(fd, Int32(SHUT_RDWR)); return nil
            }
        }
    }

    package func send(_ text: String) { send(frame: 0x1, Array(text.utf8)) }

    /// Sends a close frame when that does not wait (another thread may be blocked writing to a
    /// peer that does not read: an eviction must not wait for it), then shuts the socket down.
    /// `lingering` (a refused message, on the reading thread): what the peer still sends of it is
    /// read and dropped for up to a second first, so that its close frame is not lost to a reset.
    package func close(code: UInt16, lingering: Bool = false) {
        endLock.lock()
        defer { endLock.unlock() }
        guard !ended else { return }
        if writeLock.try() {
            _ = writeAll(Self.frame(0x8, [UInt8(code >> 8), UInt8(code & 0xFF)]), flags: SocketFlag.dontWait)
            writeLock.unlock()
        }
        if lingering { LingeringClose.drain(fd, until: .now + .seconds(1)) }
        shutdown(fd, Int32(SHUT_RDWR))
    }

    /// The session is over and the descriptor is about to be closed (and maybe reused): a close
    /// from another thread (an eviction) must not touch it any more.
    private var ended = false
    private let endLock = NSLock()
    package func end() {
        endLock.lock()
        ended = true
        endLock.unlock()
    }

    private func send(frame opcode: UInt8, _ payload: [UInt8]) {
        writeLock.lock()
        defer { writeLock.unlock() }
        _ = writeAll(Self.frame(opcode, payload))
    }

    private static func frame(_ opcode: UInt8, _ payload: [UInt8]) -> [UInt8] {
        var header: [UInt8] = [0x80 | opcode]
        if payload.count < 126 {
            header.append(UInt8(payload.count))
        } else if payload.count <= 0xFFFF {
            header += [126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        } else {
            header.append(127)
            header += (0..<8).reversed().map { UInt8(truncatingIfNeeded: payload.count >> ($0 * 8)) }
        }
        return header + payload
    }

    private func writeAll(_ bytes: [UInt8], flags: Int32 = 0) -> Bool {
        var sent = 0
        return bytes.withUnsafeBytes { buffer in
            while sent < buffer.count {
                let n = Glibc.send(fd, buffer.baseAddress! + sent, buffer.count - sent, SocketFlag.noSignal | flags)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return false }
                sent += n
            }
            return true
        }
    }

    private func read(_ count: Int) -> [UInt8]? {
        var pinged = false
        while pending.count - start < count {
            // Taken bytes are dropped before more are read: the buffer stays about one frame long.
            if start > 0 { pending.removeFirst(start); start = 0 }
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress!, $0.count, 0) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                // Quiet for `idlePing` seconds: ask once, then give the slot to someone else.
                if pinged { return nil }
                pinged = true
                send(frame: 0x9, [])
                continue
            }
            if n <= 0 { return nil }
            pinged = false
            pending += chunk[..<n]
        }
        let result = Array(pending[start..<(start + count)])
        start += count
        return result
    }
}

/// SHA-1, only for the WebSocket handshake (RFC 3174).
package enum SHA1 {
    package static func digest(_ message: [UInt8]) -> [UInt8] {
        var h: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
        var data = message + [0x80]
        while data.count % 64 != 56 { data.append(0) }
        let bits = UInt64(message.count) * 8
        data += (0..<8).reversed().map { UInt8(truncatingIfNeeded: bits >> (UInt64($0) * 8)) }
        var w = [UInt32](repeating: 0, count: 80)
        for block in stride(from: 0, to: data.count, by: 64) {
            for i in 0..<16 {
                w[i] = (0..<4).reduce(UInt32(0)) { $0 << 8 | UInt32(data[block + i * 4 + $1]) }
            }
            for i in 16..<80 { w[i] = rotate(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1) }
            var (a, b, c, d, e) = (h[0], h[1], h[2], h[3], h[4])
            for i in 0..<80 {
                let (f, k): (UInt32, UInt32) = switch i {
                case 0..<20: ((b & c) | (~b & d), 0x5A82_7999)
                case 20..<40: (b ^ c ^ d, 0x6ED9_EBA1)
                case 40..<60: ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
                default: (b ^ c ^ d, 0xCA62_C1D6)
                }
                let t = rotate(a, 5) &+ f &+ e &+ k &+ w[i]
                (e, d, c, b, a) = (d, c, rotate(b, 30), a, t)
            }
            h[0] &+= a; h[1] &+= b; h[2] &+= c; h[3] &+= d; h[4] &+= e
        }
        return h.flatMap { v in (0..<4).reversed().map { UInt8(truncatingIfNeeded: v >> (UInt32($0) * 8)) } }
    }

    private static func rotate(_ v: UInt32, _ n: UInt32) -> UInt32 { v << n | v >> (32 - n) }
}
