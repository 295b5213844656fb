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
    @Test func streamsBeyondTheCapAreRefusedAndOneClientGetsHalf() {
        let hub = EventHub(maxStreams: 4)
        #expect(hub.subscribe(client: "127.0.0.2") != nil)
        #expect(hub.subscribe(client: "127.0.0.2") != nil)
        #expect(hub.subscribe(client: "127.0.0.2") == nil)   // its half is taken
        #expect(hub.subscribe(client: "127.0.0.1") != nil)
        #expect(hub.subscribe(client: "127.0.0.3") != nil)
        #expect(hub.subscribe(client: "127.0.0.4") == nil)   // all are taken
    }
}
