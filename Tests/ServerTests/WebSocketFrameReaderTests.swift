import Testing
@testable import HTTPServer

/// Frames as a client sends them: masked (with a zero mask, so payloads read as written).
private func frame(_ opcode: UInt8, _ payload: [UInt8], final: Bool = true, rsv: UInt8 = 0, declaredLength: UInt64? = nil) -> [UInt8] {
    var bytes: [UInt8] = [(final ? 0x80 : 0) | rsv | opcode]
    let length = declaredLength ?? UInt64(payload.count)
    if length < 126 {
        bytes.append(0x80 | UInt8(length))
    } else if length <= 0xFFFF {
        bytes += [0x80 | 126, UInt8(length >> 8), UInt8(length & 0xFF)]
    } else {
        bytes.append(0x80 | 127)
        bytes += (0..<8).reversed().map { UInt8(truncatingIfNeeded: length >> (UInt64($0) * 8)) }
    }
    return bytes + [0, 0, 0, 0] + payload
}

private func events(_ bytes: [UInt8], maxMessage: Int = 1 << 20) -> [WebSocketFrameReader.Event] {
    var reader = WebSocketFrameReader(maxMessage: maxMessage)
    var offset = 0
    var result: [WebSocketFrameReader.Event] = []
    while true {
        let event = reader.next { count in
            guard count <= bytes.count - offset else { return nil }
            defer { offset += count }
            return Array(bytes[offset..<offset + count])
        }
        result.append(event)
        switch event {
        case .text, .ping, .pong: continue
        default: return result
        }
    }
}

@Suite struct WebSocketFrameReaderTests {
    @Test func readsFragmentedTextWithPingsBetween() {
        let bytes = frame(0x1, Array("hel".utf8), final: false) + frame(0x9, [1, 2]) + frame(0x0, Array("lo".utf8))
        #expect(events(bytes) == [.ping([1, 2]), .text("hello"), .end])
    }

    @Test func continuationDeclaringHugeLengthClosesWith1009() {
        // The reported crash: a non-final fragment, then a continuation of length 2^63 - 1.
        let bytes = frame(0x1, Array("a".utf8), final: false) + frame(0x0, [], declaredLength: UInt64(Int64.max))
        #expect(events(bytes) == [.failed(1009)])
        #expect(events(frame(0x1, [], declaredLength: 1 << 63)) == [.failed(1002)])
        #expect(events(frame(0x1, [], declaredLength: 2_000_000)) == [.failed(1009)])
    }

    @Test func controlFramesMustBeShortAndWhole() {
        #expect(events(frame(0x9, [UInt8](repeating: 0, count: 126))) == [.failed(1002)])
        #expect(events(frame(0x9, [1], final: false)) == [.failed(1002)])
        #expect(events(frame(0x8, [UInt8](repeating: 0x30, count: 130))) == [.failed(1002)])
    }

    @Test func rsvBitsAndReservedOpcodesAreProtocolErrors() {
        for rsv: UInt8 in [0x40, 0x20, 0x10] { #expect(events(frame(0x1, Array("x".utf8), rsv: rsv)) == [.failed(1002)]) }
        #expect(events(frame(0x3, [])) == [.failed(1002)])
        #expect(events(frame(0xB, [])) == [.failed(1002)])
        #expect(events(frame(0x2, [1])) == [.failed(1003)])
    }

    @Test func continuationOrderIsChecked() {
        #expect(events(frame(0x0, Array("x".utf8))) == [.failed(1002)])
        #expect(events(frame(0x1, Array("x".utf8), final: false) + frame(0x1, Array("y".utf8))) == [.failed(1002)])
    }

    @Test func closeCodesAreChecked() {
        #expect(events(frame(0x8, [])) == [.closed(1000)])
        #expect(events(frame(0x8, [0x03, 0xE8] + Array("bye".utf8))) == [.closed(1000)])
        #expect(events(frame(0x8, [0x0F, 0xA0])) == [.closed(4000)])
        for code: UInt16 in [0, 999, 1004, 1005, 1006, 1015, 2999, 5000] {
            #expect(events(frame(0x8, [UInt8(code >> 8), UInt8(code & 0xFF)])) == [.failed(1002)], "\(code)")
        }
        #expect(events(frame(0x8, [0x03])) == [.failed(1002)])
        #expect(events(frame(0x8, [0x03, 0xE8, 0xFF])) == [.failed(1007)])
    }

    @Test func unmaskedFramesAndInvalidUTF8AreRefused() {
        #expect(events([0x81, 0x01, 0x41]) == [.failed(1002)])
        #expect(events(frame(0x1, [0xC3])) == [.failed(1007)])
    }
}
