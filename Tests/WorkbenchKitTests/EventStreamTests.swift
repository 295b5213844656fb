import Testing
@testable import WorkbenchKit

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
    @Test func streamsBeyondTheCapAreRefused() {
        let hub = EventHub(maxStreams: 2)
        #expect(hub.subscribe() != nil)
        #expect(hub.subscribe() != nil)
        #expect(hub.subscribe() == nil)
    }
}
