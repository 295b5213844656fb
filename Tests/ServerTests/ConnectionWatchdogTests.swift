import Glibc
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

    @Test func everyClientIsLimitedLoopbackTooAndItsStalledConnectionsGoFirst() {
        let watchdog = ConnectionWatchdog(perClientLimit: 2)
        var fds: [(Int32, Int32)] = []
        defer { for (a, b) in fds { close(a); close(b) } }
        func open(_ key: UInt, _ client: String) -> Bool {
            fds.append(pair())
            return watchdog.opened(key, fd: fds.last!.0, client: client)
        }
        // Two stalled connections of 127.0.0.2; a third comes: the oldest stalled one goes.
        #expect(open(1, "127.0.0.2") && open(2, "127.0.0.2"))
        #expect(open(3, "127.0.0.2"))
        #expect(isShutDown(fds[0].1) && !isShutDown(fds[1].1) && !isShutDown(fds[2].1))
        // Connections being answered are not taken: with none waiting, the new one is refused.
        watchdog.closed(1)
        watchdog.headReceived(2, expectsBody: false)
        watchdog.headReceived(3, expectsBody: false)
        #expect(!open(4, "127.0.0.2"))
        #expect(isShutDown(fds[3].1))
        // Another address is another client: 127.0.0.1 keeps its own share.
        #expect(open(5, "127.0.0.1") && open(6, "127.0.0.1"))
        #expect(!isShutDown(fds[4].1) && !isShutDown(fds[5].1))
    }
}
