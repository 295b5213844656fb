import WorkbenchSupport
import Foundation
import Glibc
import Synchronization

/// Bounds what one connection may hold, beyond libmicrohttpd's idle timeout (which a client
/// resets with every byte): a request's head must arrive within `headDeadline` of the
/// connection opening (or of its previous answer); a body must keep arriving at
/// `minimumBodyRate` bytes a second on average once `bodyGrace` has passed, and be in within
/// `bodyDeadline`; and connections are shared out fairly between clients (an address: 127.0.0.2
/// is another client than 127.0.0.1), loopback included: once `connectionLimit` are open, a new
/// connection of a client below its fair share (the limit ÷ active clients) takes the place of
/// the client holding the most (its connection that has waited longest for a head or a body is
/// shut down), one of a client at or above it the place of its own longest-waiting one, so no
/// number of addresses can lock anyone out. The count goes up before it is checked, under one
/// lock: simultaneous connections cannot pass the cap together. A connection past a limit is
/// shut down, which libmicrohttpd then closes.
package final class ConnectionWatchdog: Sendable {
    package let headDeadline: Duration
    package let bodyDeadline: Duration
    package let connectionLimit: Int
    package let bodyGrace: Duration
    package let minimumBodyRate: Int

    private enum Phase { case head, body, answering, upgraded }

    private struct Connection {
        package let fd: Int32
        package let client: String
        package var phase: Phase
        package var since: ContinuousClock.Instant
        /// Body bytes received since the head.
        package var bodyBytes = 0
        /// Shut down to make room; it counts until libmicrohttpd closes it.
        package var evicted = false
    }

    private struct State {
        package var connections: [UInt: Connection] = [:]
        /// Connections of each client that are not being shut down.
        package var perClient: [String: Int] = [:]
        package var live = 0
        package var running = true
    }

    private let state = Mutex(State())

    package init(headDeadline: Duration = .seconds(10), bodyDeadline: Duration = .seconds(300), connectionLimit: Int = 1024,
         bodyGrace: Duration = .seconds(5), minimumBodyRate: Int = 4096) {
        self.headDeadline = headDeadline
        self.bodyDeadline = bodyDeadline
        self.connectionLimit = connectionLimit
        self.bodyGrace = bodyGrace
        self.minimumBodyRate = minimumBodyRate
    }

    /// Starts the sweep on a thread of its own; it ends with `stop()`.
    package func start() {
        let thread = Thread { [self] in
            while state.withLock({ $0.running }) {
                usleep(250_000)
                sweep(now: .now)
            }
        }
        thread.start()
    }

    package func stop() { state.withLock { $0.running = false } }

    /// A new connection. Past `connectionLimit`, a connection waiting for a head or a body goes
    /// instead: of the client holding the most when this client is below its fair share, else
    /// of this client itself (a person's new request beats their stalled ones; the same address
    /// may be an attacker and a colleague's page); when none is waiting (all are being answered
    /// or are sockets), the new one goes: false.
    @discardableResult
    package func opened(_ key: UInt, fd: Int32, client: String) -> Bool {
        let allowed = state.withLock { state in
            if state.live >= connectionLimit {
                var victim: UInt?
                for donor in FairShare.donors(for: client, holdings: state.perClient, total: connectionLimit) + [client] {
                    victim = state.connections.filter { $0.value.client == donor && !$0.value.evicted
                        && ($0.value.phase == .head || $0.value.phase == .body) }
                        .min { $0.value.since < $1.value.since }?.key
                    if victim != nil { break }
                }
                guard let victim, let connection = state.connections[victim] else { return false }
                state.connections[victim]?.evicted = true
                Self.forget(connection.client, in: &state)
                shutdown(connection.fd, Int32(SHUT_RDWR))
            }
            state.connections[key] = Connection(fd: fd, client: client, phase: .head, since: .now)
            state.perClient[client, default: 0] += 1
            state.live += 1
            return true
        }
        if !allowed { shutdown(fd, Int32(SHUT_RDWR)) }
        return allowed
    }

    private static func forget(_ client: String, in state: inout State) {
        let count = state.perClient[client, default: 1] - 1
        state.perClient[client] = count > 0 ? count : nil
        state.live -= 1
    }

    package func closed(_ key: UInt) {
        state.withLock { state in
            guard let connection = state.connections.removeValue(forKey: key), !connection.evicted else { return }
            Self.forget(connection.client, in: &state)
        }
    }

    /// The head is in; the body (if any) must follow within `bodyDeadline`.
    package func headReceived(_ key: UInt, expectsBody: Bool) { set(key, expectsBody ? .body : .answering) }
    package func bodyReceived(_ key: UInt) { set(key, .answering) }
    /// More of the body arrived.
    package func bodyProgress(_ key: UInt, bytes: Int) {
        state.withLock { state in
            guard state.connections[key]?.phase == .body else { return }
            state.connections[key]?.bodyBytes += bytes
        }
    }
    /// Answered: a kept-alive connection's next head has `headDeadline` again.
    package func answered(_ key: UInt) { set(key, .head) }
    /// Handed over as a WebSocket: the socket's own ping keeps it honest from now on.
    package func upgraded(_ key: UInt) { set(key, .upgraded) }

    private func set(_ key: UInt, _ phase: Phase) {
        state.withLock { state in
            guard state.connections[key]?.phase != .upgraded else { return }
            state.connections[key]?.phase = phase
            state.connections[key]?.since = .now
            state.connections[key]?.bodyBytes = 0
        }
    }

    /// Shuts down every connection past its deadline; the shutdown happens under the lock, so
    /// a descriptor is never one that closed (and was reused) in between.
    package func sweep(now: ContinuousClock.Instant) {
        state.withLock { state in
            for (_, connection) in state.connections {
                let elapsed = now - connection.since
                let tooSlow: Bool
                switch connection.phase {
                case .head: tooSlow = elapsed > headDeadline
                case .body:
                    // A byte every few seconds would hold the connection for the whole deadline.
                    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
                    tooSlow = elapsed > bodyDeadline || (elapsed > bodyGrace && Double(connection.bodyBytes) < seconds * Double(minimumBodyRate))
                case .answering, .upgraded: continue
                }
                if tooSlow { shutdown(connection.fd, Int32(SHUT_RDWR)) }
            }
        }
    }

    package var connectionCount: Int { state.withLock { $0.connections.count } }

    package static func isLoopback(_ address: String) -> Bool {
        address.hasPrefix("127.") || address == "::1" || address.hasPrefix("::ffff:127.")
    }
}
