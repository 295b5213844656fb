import WorkbenchSupport
import Synchronization

/// Fans events out to every open `/api/events` stream: parameter changes, preset saves and
/// new data, each with who caused it, so pages stay in sync without polling.
package final class EventHub: Sendable {
    private let streams = Mutex<[Int: EventStream]>([:])
    private let counter = Atomic<Int>(0)

    /// Open streams at most: each holds a connection and its thread. Shared out fairly between
    /// clients (addresses): past the total, a client below its share ends the stream of the
    /// client holding the most that has been quiet longest, one at or above it its own oldest.
    package let budget: ClientBudget
    package var maxStreams: Int { budget.total }

    package init(maxStreams: Int = 128) { budget = ClientBudget(total: maxStreams) }

    /// A new stream and its id (nil only when no stream can give way); `onClose`
    /// runs once the page has gone. The stream opens with a `hello` event: `{"stream": id}` plus
    /// `hello`'s members (for this reader only).
    package func subscribe(client: String = "", hello: [(String, JSONValue)] = [], onClose: (@Sendable (Int) -> Void)? = nil) -> (id: Int, stream: EventStream)? {
        let slot = Evictable<EventStream> { $0.evict() }
        guard let ticket = budget.ticket(client, evict: { slot.evict() }) else { return nil }
        let id = counter.add(1, ordering: .relaxed).newValue
        let greeting = JSONValue.object([("stream", .number(Double(id)))] + hello).serialized()
        let stream = EventStream(initial: "event: hello\ndata: \(greeting)\n\n")
        stream.onClose = { [weak self] in
            _ = self?.streams.withLock({ $0.removeValue(forKey: id) })
            ticket.release()
            onClose?(id)
        }
        slot.attach(stream)
        streams.withLock { $0[id] = stream }
        return (id, stream)
    }

    package func publish(_ event: String, _ payload: JSONValue) {
        let id = counter.add(1, ordering: .relaxed).newValue
        let data = payload.serialized()
        for stream in streams.withLock({ Array($0.values) }) { stream.send(event: event, data: data, id: String(id)) }
    }

    /// Sends an event to the streams `ids` only (a notice for one person's pages).
    package func publish(_ event: String, _ payload: JSONValue, to ids: Set<Int>) {
        guard !ids.isEmpty else { return }
        let id = counter.add(1, ordering: .relaxed).newValue
        let data = payload.serialized()
        for stream in streams.withLock({ store in ids.compactMap { store[$0] } }) { stream.send(event: event, data: data, id: String(id)) }
    }

    package var subscriberCount: Int { streams.withLock { $0.count } }

    /// Ends the streams `ids` now (a revoked person's pages).
    package func finish(_ ids: Set<Int>) {
        for stream in streams.withLock({ store in ids.compactMap { store[$0] } }) { stream.finish() }
    }

    /// Ends every stream (server shutdown).
    package func finishAll() {
        for stream in streams.withLock({ Array($0.values) }) { stream.finish() }
    }
}
