import Glibc
import Testing
@testable import WorkbenchKit

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

    @Test func everyClientIsLimitedLoopbackToo() {
        let watchdog = ConnectionWatchdog(perClientLimit: 2)
        var fds: [(Int32, Int32)] = []
        defer { for (a, b) in fds { close(a); close(b) } }
        for i in 0..<3 { fds.append(pair()); #expect(watchdog.opened(UInt(i), fd: fds[i].0, client: "192.168.1.9") == (i < 2)) }
        #expect(isShutDown(fds[2].1))
        watchdog.closed(0)
        fds.append(pair())
        #expect(watchdog.opened(10, fd: fds[3].0, client: "192.168.1.9") == false)   // still 2 open (1 and the refused 2)
        watchdog.closed(2)
        fds.append(pair())
        #expect(watchdog.opened(11, fd: fds[4].0, client: "192.168.1.10"))
        // Loopback addresses are clients like any other: 127.0.0.2 cannot take 127.0.0.1's share.
        for i in 0..<3 { fds.append(pair()); #expect(watchdog.opened(UInt(20 + i), fd: fds.last!.0, client: "127.0.0.2") == (i < 2)) }
        fds.append(pair())
        #expect(watchdog.opened(30, fd: fds.last!.0, client: "127.0.0.1"))
    }
}
