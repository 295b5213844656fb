import WorkbenchSupport
/// Reads RFC 6455 frames from a client into messages, checking everything a peer controls:
/// masking, RSV bits, opcodes, control frames (final, at most 125 bytes), continuation order,
/// close codes, and lengths (64-bit, compared against what is left of the message budget
/// before any arithmetic). Pure: bytes come from a `read` closure, so it is fuzzed alone.
package struct WebSocketFrameReader {
    package enum Event: Equatable {
        case text(String)
        case ping([UInt8])
        case pong
        /// The peer closed with this code (answer with the same, or 1000 when it sent none).
        case closed(UInt16)
        /// The peer broke the protocol: close with this code (1002, 1003, 1007, 1009).
        case failed(UInt16)
        /// The connection ended.
        case end
    }

    package let maxMessage: Int
    /// Frames one message may arrive in: a peer sending a megabyte a byte at a time would
    /// otherwise cost a frame's work per byte.
    package let maxFragments: Int
    private var message: [UInt8] = []
    private var inMessage = false
    private var fragments = 0

    package init(maxMessage: Int, maxFragments: Int = 64) {
        self.maxMessage = maxMessage
        self.maxFragments = maxFragments
    }

    /// The next event; `read(n)` returns exactly n bytes, or nil when the connection ends.
    package mutating func next(read: (Int) -> [UInt8]?) -> Event {
        while true {
            guard let header = read(2) else { return .end }
            let final = header[0] & 0x80 != 0, opcode = header[0] & 0x0F
            guard header[0] & 0x70 == 0 else { return .failed(1002) }   // no extension was negotiated
            guard header[1] & 0x80 != 0 else { return .failed(1002) }   // clients must mask
            let isControl = opcode & 0x08 != 0
            var length = UInt64(header[1] & 0x7F)
            if length == 126 {
                guard let b = read(2) else { return .end }
                length = UInt64(b[0]) << 8 | UInt64(b[1])
            } else if length == 127 {
                guard let b = read(8) else { return .end }
                guard b[0] & 0x80 == 0 else { return .failed(1002) }      // the most significant bit must be 0
                length = b.reduce(0) { $0 << 8 | UInt64($1) }
            }
            if isControl {
                guard final, length <= 125 else { return .failed(1002) }
            } else {
                switch opcode {
                case 0x0:
                    guard inMessage else { return .failed(1002) }   // a continuation of nothing
                    fragments += 1
                    guard fragments < maxFragments else { return .failed(1009) }
                case 0x1:
                    guard !inMessage else { return .failed(1002) }  // a new message inside a fragmented one
                    fragments = 0
                case 0x2: return .failed(1003)                           // binary is not part of this protocol
                default: return .failed(1002)
                }
                // Compared before any addition: `length` may be near 2^64.
                guard length <= UInt64(maxMessage - message.count) else { return .failed(1009) }
            }
            guard let mask = read(4), var payload = read(Int(length)) else { return .end }
            for i in payload.indices { payload[i] ^= mask[i & 3] }
            switch opcode {
            case 0x8: return Self.closeEvent(payload)
            case 0x9: return .ping(payload)
            case 0xA: return .pong
            case 0x0, 0x1:
                guard !isControl else { return .failed(1002) }
                message += payload
                inMessage = !final
                if final {
                    defer { message = []; fragments = 0 }
                    guard let text = String(validating: message, as: UTF8.self) else { return .failed(1007) }
                    return .text(text)
                }
            default:
                return .failed(1002)  // reserved control opcodes
            }
        }
    }

    /// A close frame: empty, or a valid code and a UTF-8 reason.
    package static func closeEvent(_ payload: [UInt8]) -> Event {
        if payload.isEmpty { return .closed(1000) }
        guard payload.count >= 2 else { return .failed(1002) }
        let code = UInt16(payload[0]) << 8 | UInt16(payload[1])
        guard isValidCloseCode(code) else { return .failed(1002) }
        guard String(validating: payload[2...], as: UTF8.self) != nil else { return .failed(1007) }
        return .closed(code)
    }

    /// Codes a peer may send (RFC 6455 7.4): the defined ones that are not reserved for
    /// local use, and the registered and private ranges.
    package static func isValidCloseCode(_ code: UInt16) -> Bool {
        switch code {
        case 1000...1003, 1007...1011, 3000...4999: true
        default: false
        }
    }
}
