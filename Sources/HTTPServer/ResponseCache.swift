import Foundation

/// Answers that many clients ask for alike (the data's points for a period), built once per key
/// and kept within a byte budget, the least recently used going first. The key must name
/// everything the answer depends on (the data's generation, the query), so an entry is never
/// stale: a new generation is a new key and the old ones age out. A request for a key that is
/// being built waits for that build instead of starting its own, so a crowd asking at once
/// costs one build.
package final class ResponseCache: @unchecked Sendable {
    package let budget: Int
    package let maxWait: TimeInterval

    private enum Entry {
        case building
        case ready(HTTPResponse, bytes: Int, used: UInt64)
    }

    private let condition = NSCondition()
    private var entries: [String: Entry] = [:]
    private var bytes = 0
    private var clock: UInt64 = 0

    package init(budget: Int = 16 << 20, maxWait: TimeInterval = 20) {
        self.budget = budget
        self.maxWait = maxWait
    }

    /// The kept answer for `key`, or the one `build` makes (kept when it is a 200 with bytes
    /// that fit the budget). Errors are not kept: the next request builds again.
    package func response<Failure: Error>(for key: String, build: () throws(Failure) -> HTTPResponse) throws(Failure) -> HTTPResponse {
        condition.lock()
        let deadline = Date().addingTimeInterval(maxWait)
        while true {
            switch entries[key] {
            case .ready(let response, let size, _):
                clock += 1
                entries[key] = .ready(response, bytes: size, used: clock)
                condition.unlock()
                return response
            case .building:
                // Someone builds it; past the deadline build it here too (their build may be stuck).
                if condition.wait(until: deadline) || entries[key] == nil { continue }
                condition.unlock()
                return try build()
            case nil:
                entries[key] = .building
                condition.unlock()
                let response: HTTPResponse
                do throws(Failure) {
                    response = try build()
                } catch {
                    finish(key, with: nil)
                    throw error
                }
                finish(key, with: response)
                return response
            }
        }
    }

    private func finish(_ key: String, with response: HTTPResponse?) {
        condition.lock()
        defer { condition.broadcast(); condition.unlock() }
        guard let response, response.status == 200, case .bytes(let body) = response.body, body.count <= budget else {
            entries[key] = nil
            return
        }
        evict(toFit: body.count)
        clock += 1
        entries[key] = .ready(response, bytes: body.count, used: clock)
        bytes += body.count
    }

    private func evict(toFit size: Int) {
        while bytes + size > budget {
            let oldest = entries.compactMap { key, entry -> (String, Int, UInt64)? in
                if case .ready(_, let size, let used) = entry { (key, size, used) } else { nil }
            }.min { $0.2 < $1.2 }
            guard let (key, size, _) = oldest else { return }
            entries[key] = nil
            bytes -= size
        }
    }

    package var keptBytes: Int { condition.lock(); defer { condition.unlock() }; return bytes }
}
