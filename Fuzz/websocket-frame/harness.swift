/// libFuzzer entry for `WebSocketFrameReader`: any bytes from a client give messages, pings and
/// a close or failure code, never a trap; a message never exceeds the budget.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var reader = WebSocketFrameReader(maxMessage: 4096)
    var offset = 0
    while true {
        let event = reader.next { count in
            guard count <= bytes.count - offset else { return nil }
            defer { offset += count }
            return Array(bytes[offset..<offset + count])
        }
        switch event {
        case .text(let text): precondition(text.utf8.count <= 4096, "message over budget")
        case .ping(let payload): precondition(payload.count <= 125, "control frame over 125 bytes")
        case .pong: continue
        case .closed(let code): precondition(WebSocketFrameReader.isValidCloseCode(code)); return 0
        case .failed, .end: return 0
        }
    }
}
