import Testing
@testable import HTTPServer

@Suite struct EventStreamTests {
    @Test func aReaderFarBehindIsDroppedNotBuffered() {
        let stream = EventStream(heartbeat: 0.01)
        let data = String(repeating: "x", count: 10_000)
        for _ in 0..<(EventStream.maxPending / 10_000 + 5) { stream.send(event: "data", data: data) }
        // Dropped: nothing more is queued, and the stream ends instead of waiting.
        var total = 0
        while let chunk = stream.nextChunk(maxBytes: 1 << 20) { total += chunk.count }
        #expect(total < EventStream.maxPending)
    }

    @Test func theKeepAliveNeverTakesMoreRoomThanOffered() {
        let stream = EventStream(heartbeat: 0.01)
        _ = stream.nextChunk(maxBytes: 1 << 20)   // "retry"
        var text: [UInt8] = []
        while text.count < 14, let chunk = stream.nextChunk(maxBytes: 5) {
            #expect(chunk.count <= 5)
            text += chunk
        }
        #expect(String(decoding: text, as: UTF8.self) == ": keep-alive\n\n")
    }

    @Test func aReaderKeepingUpGetsEveryEvent() {
        let stream = EventStream(heartbeat: 0.01)
        var text = ""
        for i in 0..<100 {
            stream.send(event: "data", data: String(repeating: "y", count: 10_000) + "\(i)")
            text += String(decoding: stream.nextChunk(maxBytes: 1 << 20) ?? [], as: UTF8.self)
        }
        #expect(text.contains("y99\n"))
    }
}

@Suite struct EventHubTests {
    @Test func streamsAreSharedOutFairlyAndAPageAlwaysGetsOne() {
        let hub = EventHub(maxStreams: 4)
        let viewer = (0..<4).compactMap { _ in hub.subscribe(client: "127.0.0.2")?.stream }
        #expect(viewer.count == 4)                                  // alone, it may hold all
        // A fifth of its own: its oldest gives way (ended: it answers no more chunks once drained).
        #expect(hub.subscribe(client: "127.0.0.2") != nil)
        #expect(drained(viewer[0]) && hub.budget.holding("127.0.0.2") == 4)
        // Another client below its fair share takes one of the client holding the most.
        #expect(hub.subscribe(client: "127.0.0.1") != nil)
        #expect(hub.budget.holding("127.0.0.2") == 3 && hub.budget.holding("127.0.0.1") == 1)
        #expect(hub.subscribe(client: "127.0.0.3") != nil)
        #expect(hub.budget.holding("127.0.0.2") == 2 && hub.budget.inUse == 4)
    }

    private func drained(_ stream: EventStream) -> Bool {
        for _ in 0..<10 { if stream.nextChunk(maxBytes: 1 << 16) == nil { return true } }
        return false
    }
}
