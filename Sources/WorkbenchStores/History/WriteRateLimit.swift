import Foundation
import Synchronization

/// A write-rate limit per author (a person's name, or whatever string the caller keys writes
/// by): a token bucket of `burst` writes refilled at `perSecond`. Bounded: at most `maxKeys`
/// authors are remembered (full buckets are forgotten first, then the longest idle).
package final class WriteRateLimit: Sendable {
    package let perSecond: Double
    package let burst: Double
    package let maxKeys: Int
    private let buckets = Mutex<[String: (tokens: Double, at: Double)]>([:])
    private let clock: @Sendable () -> Double

    package init(perSecond: Double = 10, burst: Int = 30, maxKeys: Int = 10_000,
                 clock: @escaping @Sendable () -> Double = { ProcessInfo.processInfo.systemUptime }) {
        self.perSecond = max(perSecond, 0.001); self.burst = Double(max(burst, 1)); self.maxKeys = max(maxKeys, 1)
        self.clock = clock
    }

    /// Takes one write for `key`: nil when allowed, else the whole seconds to wait (≥ 1).
    package func take(_ key: String) -> Int? {
        let now = clock()
        return buckets.withLock { buckets in
            var bucket = buckets[key] ?? (burst, now)
            bucket.tokens = min(burst, bucket.tokens + (now - bucket.at) * perSecond)
            bucket.at = now
            guard bucket.tokens >= 1 else {
                buckets[key] = bucket
                return max(1, Int(((1 - bucket.tokens) / perSecond).rounded(.up)))
            }
            bucket.tokens -= 1
            if buckets[key] == nil, buckets.count >= maxKeys { evict(&buckets, now: now) }
            buckets[key] = bucket
            return nil
        }
    }

    private func evict(_ buckets: inout [String: (tokens: Double, at: Double)], now: Double) {
        let full = buckets.filter { min(burst, $0.value.tokens + (now - $0.value.at) * perSecond) >= burst }.map(\.key)
        for key in full { buckets[key] = nil }
        if buckets.count >= maxKeys, let idle = buckets.min(by: { $0.value.at < $1.value.at })?.key { buckets[idle] = nil }
    }

    /// Throws `HistoryError.tooFast` when `author` may not write now.
    package func check(_ author: String) throws {
        if let wait = take(author) {
            throw HistoryError(.tooFast, "too many writes by \(author.isEmpty ? "this client" : "“\(author)”") in a short time; try again in \(wait) s",
                               retryAfter: wait)
        }
    }
}
