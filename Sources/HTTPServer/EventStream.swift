import WorkbenchSupport
import Foundation

/// One Server-Sent Events connection: the hub pushes events in, the connection's own thread
/// pulls chunks out, waiting quietly in between and sending a comment now and then so the
/// connection stays alive.
package final class EventStream: @unchecked Sendable {
    private let condition = NSCondition()
    private var pending: [UInt8] = []
    private var closed = false
    private let heartbeat: TimeInterval
    package var onClose: (@Sendable () -> Void)?
    /// Bytes queued for a slow reader at most.
    package static let maxPending = 256 << 10

    package init(heartbeat: TimeInterval = 5, initial: String = "") {
        self.heartbeat = heartbeat
        pending = Array(("retry: 1000\n\n" + initial).utf8)
    }

    package func send(event: String, data: String, id: String? = nil) {
        var text = ""
        if let id { text += "id: \(id)\n" }
        text += "event: \(event)\n"
        for line in data.split(separator: "\n", omittingEmptySubsequences: false) { text += "data: \(line)\n" }
        text += "\n"
        condition.lock()
        if !closed {
            if pending.count + text.utf8.count <= Self.maxPending {
                pending.append(contentsOf: text.utf8)
            } else {
                // A reader this far behind is dropped; the page reconnects (`retry`) and reloads its state.
                pending = []
                closed = true
            }
        }
        condition.signal()
        condition.unlock()
    }

    /// Another client took this stream's place: the connection is closed, not kept alive.
    package private(set) var evicted = false

    package func evict() {
        condition.lock()
        evicted = true
        closed = true
        pending = []
        condition.broadcast()
        condition.unlock()
    }

    /// Ends the stream after what is already queued.
    package func finish() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    /// Called by the connection's thread: the next bytes, a keep-alive comment after a quiet
    /// spell, or nil when the stream has ended.
    package func nextChunk(maxBytes: Int) -> [UInt8]? {
        condition.lock()
        defer { condition.unlock() }
        if pending.isEmpty && !closed {
            _ = condition.wait(until: Date().addingTimeInterval(heartbeat))
        }
        if pending.isEmpty {
            if closed { return nil }
            // Queued like any other text: libmicrohttpd may offer less room than the comment takes.
            pending = Array(": keep-alive\n\n".utf8)
        }
        let count = Swift.min(Swift.max(maxBytes, 0), pending.count)
        let chunk = Array(pending[..<count])
        pending.removeFirst(count)
        return chunk
    }

    /// Called once the connection is gone.
    package func close() {
        finish()
        onClose?()
    }
}
