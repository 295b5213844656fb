import Glibc
import Foundation
import Synchronization
import Testing
@testable import HTTPServer

@Suite struct ConnectionWatchdogTests {
    /// A connected pair: the watchdog holds one end, the test reads the other.
    func pair() -> (Int32, Int32) {
        var fds: [Int32] = [0, 0]
        _ = socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds)
        return (fds[0], fds[1])
    }

    func isShutDown(_ peer: Int32) -> Bool {
        var byte: UInt8 = 0
        return recv(peer, &byte, 1, Int32(MSG_DONTWAIT)) == 0
    }

    @Test func aHeadThatNeverEndsIsCutAtItsDeadline() {
        let watchdog = ConnectionWatchdog(headDeadline: .seconds(10))
        let (ours, peer) = pair()
        defer { close(ours); close(peer) }
        watchdog.opened(1, fd: ours, client: "127.0.0.1")
        watchdog.sweep(now: .now + .seconds(5))
        #expect(!isShutDown(peer))
        watchdog.sweep(now: .now + .seconds(11))
        #expect(isShutDown(peer))
    }

    @Test func answeringAndUpgradedConnectionsHaveNoDeadline() {
        let watchdog = ConnectionWatchdog(headDeadline: .seconds(1), bodyDeadline: .seconds(1))
        let (ours, peer) = pair()
        defer { close(ours); close(peer) }
        watchdog.opened(1, fd: ours, client: "127.0.0.1")
        watchdog.headReceived(1, expectsBody: false)
        watchdog.sweep(now: .now + .seconds(3600))
        #expect(!isShutDown(peer))
        watchdog.upgraded(1)
        watchdog.answered(1)   // a completion after the upgrade changes nothing
        watchdog.sweep(now: .now + .seconds(3600))
        #expect(!isShutDown(peer))
    }

    @Test func aBodyHasItsOwnDeadline() {
        let watchdog = ConnectionWatchdog(headDeadline: .seconds(1), bodyDeadline: .seconds(60), minimumBodyRate: 0)
        let (ours, peer) = pair()
        defer { close(ours); close(peer) }
        watchdog.opened(1, fd: ours, client: "10.0.0.1")
        watchdog.headReceived(1, expectsBody: true)
        watchdog.sweep(now: .now + .seconds(30))
        #expect(!isShutDown(peer))
        watchdog.sweep(now: .now + .seconds(61))
        #expect(isShutDown(peer))
    }

    @Test func aSlowBodyIsCutOnceTheGraceHasPassed() {
        let watchdog = ConnectionWatchdog(bodyDeadline: .seconds(300), bodyGrace: .seconds(5), minimumBodyRate: 1000)
        let (slow, slowPeer) = pair(), (fast, fastPeer) = pair()
        defer { close(slow); close(slowPeer); close(fast); close(fastPeer) }
        watchdog.opened(1, fd: slow, client: "127.0.0.2")
        watchdog.opened(2, fd: fast, client: "127.0.0.1")
        watchdog.headReceived(1, expectsBody: true)
        watchdog.headReceived(2, expectsBody: true)
        watchdog.bodyProgress(1, bytes: 3)         // a byte every few seconds
        watchdog.bodyProgress(2, bytes: 50_000)    // a real upload
        watchdog.sweep(now: .now + .seconds(4))
        #expect(!isShutDown(slowPeer))             // within the grace
        watchdog.sweep(now: .now + .seconds(8))
        #expect(isShutDown(slowPeer) && !isShutDown(fastPeer))
    }

    @Test func connectionsAreSharedOutFairlyLoopbackTooAndStalledOnesGoFirst() {
        let watchdog = ConnectionWatchdog(connectionLimit: 3)
        var fds: [(Int32, Int32)] = []
        defer { for (a, b) in fds { close(a); close(b) } }
        func open(_ key: UInt, _ client: String) -> Bool {
            fds.append(pair())
            return watchdog.opened(key, fd: fds.last!.0, client: client)
        }
        // Alone, 127.0.0.2 may take the whole limit; a fourth of its own replaces its oldest stalled one.
        #expect(open(1, "127.0.0.2") && open(2, "127.0.0.2") && open(3, "127.0.0.2"))
        #expect(open(4, "127.0.0.2"))
        #expect(isShutDown(fds[0].1) && !isShutDown(fds[1].1))
        watchdog.closed(1)
        // Another address is another client below its fair share: it takes 127.0.0.2's longest-waiting one.
        #expect(open(5, "127.0.0.1"))
        #expect(isShutDown(fds[1].1) && !isShutDown(fds[2].1) && !isShutDown(fds[4].1))
        watchdog.closed(2)
        // Connections being answered are not taken: with none waiting, the new one is refused.
        watchdog.headReceived(3, expectsBody: false)
        watchdog.headReceived(4, expectsBody: false)
        watchdog.headReceived(5, expectsBody: false)
        #expect(!open(6, "127.0.0.3"))
        #expect(isShutDown(fds[5].1))
    }
}

@Suite struct FairShareTests {
    @Test func theShareIsTheTotalOverActiveClients() {
        #expect(FairShare.share(total: 128, active: 61) == 2)
        #expect(FairShare.share(total: 3, active: 10) == 1)
        #expect(FairShare.share(total: 96, active: 0) == 96)
    }

    @Test func aClientBelowItsShareTakesFromTheOneHoldingTheMost() {
        let holdings = ["a": 40, "b": 60, "c": 28]
        // Only from those above their share (128 / 4 = 32): c holds 28, within it, and keeps them.
        #expect(FairShare.donors(for: "me", holdings: holdings, total: 128) == ["b", "a"])
        // Past its share (128 / 3 = 42) it takes nothing from anyone else; a's 40 are within theirs.
        #expect(FairShare.donors(for: "c", amount: 14, holdings: holdings, total: 128) == ["b"])
        #expect(FairShare.donors(for: "c", amount: 15, holdings: holdings, total: 128) == [])
        // Bytes: a 1 MB body within a share of 24 MB takes from the biggest holder.
        #expect(FairShare.donors(for: "me", amount: 1 << 20, holdings: ["x": 50 << 20, "y": 46 << 20], total: 96 << 20) == ["x", "y"])
    }

    @Test func noNumberOfAddressesHoldsAClientBelowItsShare() {
        let pool = FairPool(total: 64, ownGivesWay: true)
        let evicted = Mutex(0)
        // 60 addresses take everything, a few each.
        for i in 0..<64 { #expect(pool.take("10.0.0.\(i % 60)", evict: { evicted.withLock { $0 += 1 } }) != nil) }
        // The normal client still gets one, two: it is below its share (64 / 61 = 1 only for the first).
        #expect(pool.take("127.0.0.1") != nil)
        #expect(evicted.withLock { $0 } == 1)
        #expect(pool.inUse == 64 && pool.holding("127.0.0.1") == 1)
        // One address holding many gives way to a newcomer; its own next one replaces its own oldest.
        let lone = FairPool(total: 4, ownGivesWay: true)
        for _ in 0..<4 { _ = lone.take("viewer") }
        #expect(lone.take("editor") != nil && lone.holding("viewer") == 3)
        #expect(lone.take("viewer") != nil && lone.holding("viewer") == 3 && lone.holding("editor") == 1)
    }

    @Test func anEstablishedStreamIsNeverTakenForAnAttackersFromManyAddresses() {
        for addresses in [5, 20, 60, 200] {
            for total in [64, 128] {
                let pool = FairPool(total: total, ownGivesWay: true)
                let mine = Mutex(false)
                #expect(pool.take("127.0.0.1", evict: { mine.withLock { $0 = true } }) != nil)
                // Each address opens streams again and again, in turns and in bursts.
                // Each address (127.0.0.2 …, which sort after 127.0.0.1 and 127.0.0.10 before 127.0.0.2)
                // opens streams again and again, in turns and in bursts, and closes some.
                var held: [Int] = []
                for i in 0..<(total * 6) {
                    if let id = pool.take("127.0.\(i % 3).\(2 + i % addresses)") { held.append(id) }
                    if i % 5 == 0, !held.isEmpty { pool.release(held.removeFirst()) }
                }
                for i in 0..<(total * 3) { _ = pool.take("127.0.0.\(2 + (i / 9) % addresses)") }
                #expect(!mine.withLock { $0 }, "the page's stream was dropped (\(addresses) addresses, \(total))")
                #expect(pool.holding("127.0.0.1") == 1 && pool.inUse <= total)
            }
        }
    }

    @Test func bytesGrowAndAreTakenFromTheSlowestBodyOfTheBiggestHolder() {
        let pool = FairPool(total: 100, ownGivesWay: false)
        let firstGone = Mutex(false)
        let slow = pool.take("attacker", amount: 40, evict: { firstGone.withLock { $0 = true } })!
        let fast = pool.take("attacker", amount: 40)!
        pool.touch(fast)
        #expect(pool.grow(fast, by: 10))
        // The attacker alone may not pass the total.
        #expect(!pool.grow(fast, by: 20))
        // A save of 15 bytes: below its share of 50, it takes the attacker's slowest body.
        let save = pool.take("editor", amount: 15)
        #expect(save != nil && firstGone.withLock { $0 })
        #expect(pool.inUse == 65)
        pool.release(slow)   // already evicted: a no-op
        #expect(pool.inUse == 65)
    }

    @Test func aNewcomerGoesAheadOfAClientThatKeepsTheSlotsBusy() async throws {
        let queue = FairQueue(limit: 1, maxWait: .seconds(5))
        let first = try #require(queue.acquire("hog"))
        let order = Mutex<[String]>([])
        let threads = (0..<5).map { i -> Thread in
            let client = i < 3 ? "hog" : i == 3 ? "me" : "other"
            return Thread {
                if let slot = queue.acquire(client) {
                    order.withLock { $0.append(client) }
                    usleep(20_000)
                    queue.release(slot)
                }
            }
        }
        for (i, t) in threads.enumerated() {
            t.start()
            while queue.waitingCount < i + 1 { usleep(1000) }
        }
        usleep(10_000)
        queue.release(first)
        while order.withLock({ $0.count }) < 5 { try await Task.sleep(for: .milliseconds(10)) }
        // The hog queued three before "me" and "other" came; they have had no service, so they go
        // first, in the order they came; then the hog's.
        #expect(order.withLock { $0 } == ["me", "other", "hog", "hog", "hog"])
        // A wait is bounded.
        let short = FairQueue(limit: 1, maxWait: .milliseconds(100))
        #expect(short.acquire("a") != nil)
        #expect(short.acquire("b") == nil)
    }
}
