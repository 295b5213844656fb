import WorkbenchSupport
import CMicroHTTPD
import Foundation
import Glibc
import Synchronization

/// What the server asks of the application; the only thing that crosses into the C layer.
package protocol HTTPHandler: Sendable {
    /// Largest body accepted for this request, in bytes.
    func bodyLimit(for head: RequestHead) -> Int
    /// The route of this method and path: resolved once, when the head is read.
    func route(_ head: RequestHead) -> RouteMatch
    /// Where bodies larger than `spoolThreshold` are written while they arrive.
    var spoolFolder: String { get }
    /// Bytes all spooled bodies may hold at once; one more is refused with 507.
    var spoolLimit: Int { get }
    /// A response that refuses the request before its body is read, or nil to go on.
    func preflight(_ head: RequestHead) -> HTTPResponse?
    func respond(to request: HTTPRequest) -> HTTPResponse
}

/// The whole boundary with libmicrohttpd: a daemon in thread-per-connection mode (so a quiet
/// event stream simply waits on its own thread), per-connection state through `con_cls`,
/// bodies bounded while they arrive, responses copied into libmicrohttpd, WebSocket upgrades
/// handed to a thread of their own.
package final class MicroHTTPDServer: @unchecked Sendable {
    private let handler: any HTTPHandler
    private var daemons: [OpaquePointer] = []
    private let sockets = Mutex<[Int32: WebSocket]>([:])
    package let watchdog = ConnectionWatchdog()
    /// Bytes of bodies held in memory while they arrive (counted as they are received, not as
    /// declared): 2,000 slow 1 MB bodies would otherwise hold 2 GB. Shared out fairly: past the
    /// total, a client below its share answers the slowest body of the client holding the most 503.
    package let memoryBudget = FairPool(total: 96 << 20, ownGivesWay: false)
    /// Bytes of uploads spooled to the temporary folder while they arrive, shared out the same way.
    package let spoolBudget: FairPool

    package init(handler: any HTTPHandler) {
        self.handler = handler
        spoolBudget = FairPool(total: handler.spoolLimit, ownGivesWay: false)
    }

    /// Serves on already listening sockets (127.0.0.1 and [::1], say) until `stop()`: a daemon
    /// each, sharing the handler, the watchdog and every budget.
    /// libmicrohttpd's connection limit is above the watchdog's (connections it shuts down to
    /// make room count until they close), and the watchdog shares connections out fairly.
    package func start(listeningSockets fds: [Int32], connectionTimeout: UInt32 = 20, connectionLimit: UInt32 = 2048) throws {
        Self.raiseDescriptorLimit(to: rlim_t(connectionLimit) * 2 * rlim_t(max(fds.count, 1)) + 64)
        let flags = MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_THREAD_PER_CONNECTION.rawValue
            | MHD_USE_POLL.rawValue | MHD_USE_ERROR_LOG.rawValue | MHD_ALLOW_UPGRADE.rawValue
        let context = Unmanaged.passUnretained(self).toOpaque()
        for fd in fds {
            guard let daemon = cmhd_start(flags, fd, accessHandler, context, requestCompleted, connectionEvents, context, connectionTimeout, connectionLimit) else {
                stop()
                throw ServerError.startFailed
            }
            daemons.append(daemon)
        }
        watchdog.start()
    }

    package func start(listeningSocket fd: Int32, connectionTimeout: UInt32 = 20, connectionLimit: UInt32 = 2048) throws {
        try start(listeningSockets: [fd], connectionTimeout: connectionTimeout, connectionLimit: connectionLimit)
    }

    /// Each connection needs a descriptor (two while a WebSocket is handed over).
    private static func raiseDescriptorLimit(to wanted: rlim_t) {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < wanted else { return }
        limit.rlim_cur = min(wanted, limit.rlim_max)
        _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }

    /// Stops accepting, lets in-flight requests finish, then closes every connection.
    package func stop() {
        guard !daemons.isEmpty else { return }
        watchdog.stop()
        for daemon in daemons { _ = MHD_quiesce_daemon(daemon) }
        // Upgraded connections are ours to close, before the daemon goes.
        for socket in sockets.withLock({ Array($0.values) }) { socket.close(code: 1001) }
        let deadline = Date().addingTimeInterval(2)
        while sockets.withLock({ !$0.isEmpty }) && Date() < deadline { usleep(5_000) }
        for daemon in daemons { MHD_stop_daemon(daemon) }
        daemons = []
    }

    package enum ServerError: Error { case startFailed }

    /// Requests that may send more than this are written to a file, not memory.
    package static let spoolThreshold = 1 << 20
    /// Bodies up to this size count against the total of bodies in memory only (not their client's share).
    package static let smallBody = 64 << 10

    /// State of one request while its body arrives. What it holds of a budget (the bytes
    /// received so far) is given back when it goes (answered or aborted), or at once when
    /// another client takes it (`evicted`), and its memory with it.
    package final class Pending {
        package let head: RequestHead
        /// The query's values, or why it is refused.
        package let query: QueryArguments
        package let limit: Int
        package let client: String
        package var body: [UInt8] = []
        package var spooled: SpooledBody?
        package var overflowed = false
        package var answered = false
        /// Why the body is refused while it arrives, answered at once.
        package var refusal: HTTPResponse?
        /// Set from another thread when a client below its fair share took this body's bytes.
        package let evicted = Flag()
        private var item: Int?
        private var pool: FairPool?
        private var held = 0

        package init(head: RequestHead, query: QueryArguments, limit: Int, client: String) {
            self.head = head
            self.query = query
            self.limit = limit
            self.client = client
        }

        /// Holds `more` bytes received in `pool`; false when the pool cannot make room.
        package func hold(_ more: Int, in pool: FairPool) -> Bool {
            if let item {
                guard pool.grow(item, by: more) else { return false }
            } else {
                let flag = evicted
                guard let id = pool.take(client, amount: more, evict: { flag.set() }) else { return false }
                item = id
                self.pool = pool
            }
            held += more
            return true
        }

        /// Drops what the body holds (it is refused).
        package func drop() {
            body = []
            spooled = nil
            if let item { pool?.release(item) }
            item = nil
        }

        deinit {
            if let item { pool?.release(item) }
            body = []
            // Each connection thread keeps freed memory in its own malloc arena otherwise.
            if held >= 256 << 10 { _ = releaseFreedMemory(0) }
        }
    }

    package final class Flag: Sendable {
        private let value = Atomic<Bool>(false)
        package init() {}
        package func set() { value.store(true, ordering: .relaxed) }
        package var isSet: Bool { value.load(ordering: .relaxed) }
    }

    fileprivate func handle(connection: OpaquePointer, url: String, method: String,
                            upload: UnsafePointer<CChar>?, uploadSize: UnsafeMutablePointer<Int>,
                            state: UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> MHD_Result {
        guard let existing = state.pointee else {
            // First call: only the head is known. Refuse early what must be refused.
            let (headers, repeated) = headerValues(connection)
            var head = RequestHead(method: method, rawPath: url, headers: headers, repeatedHeaders: repeated)
            head.route = handler.route(head)
            let pending = Pending(head: head, query: queryArguments(connection), limit: handler.bodyLimit(for: head),
                                  client: Self.clientAddress(connection))
            state.pointee = Unmanaged.passRetained(pending).toOpaque()
            let declared = head.header("content-length").flatMap { Int($0) }
            let expectsBody = head.header("transfer-encoding") != nil || (declared.map { $0 != 0 } ?? false)
            watchdog.headReceived(UInt(bitPattern: connection), expectsBody: expectsBody)
            if let refusal = handler.preflight(head) {
                pending.answered = true
                return queue(refusal, on: connection)
            }
            if let length = declared, length > pending.limit {
                pending.answered = true
                return queue(tooLarge(pending.limit), on: connection)
            }
            guard expectsBody else { return CMHD_YES }
            if pending.limit > Self.spoolThreshold {
                // Never held in memory instead: a folder that cannot be written refuses the upload.
                guard let spooled = SpooledBody(folder: handler.spoolFolder) else {
                    pending.answered = true
                    return queue(Self.spoolUnavailable, on: connection)
                }
                pending.spooled = spooled
            }
            // A declared length larger than the spool's whole space, or than the disk has free, is
            // refused before it is read; otherwise bodies hold what they have received.
            if let length = declared, pending.spooled != nil {
                if length > spoolBudget.total {
                    pending.answered = true
                    return queue(Self.spoolFull, on: connection)
                }
                if let free = SpooledBody.freeBytes(folder: handler.spoolFolder), free < Int64(length) + SpooledBody.diskMargin {
                    pending.answered = true
                    return queue(Self.spoolDiskFull, on: connection)
                }
            }
            return CMHD_YES
        }
        let pending = Unmanaged<Pending>.fromOpaque(existing).takeUnretainedValue()
        if uploadSize.pointee > 0 {
            // Body data: keep it while it fits, otherwise discard it as it arrives.
            let size = uploadSize.pointee
            watchdog.bodyProgress(UInt(bitPattern: connection), bytes: size)
            uploadSize.pointee = 0
            if pending.answered { return CMHD_YES }
            if !pending.overflowed && pending.refusal == nil, let upload {
                let received = (pending.spooled?.count ?? pending.body.count)
                let pool = pending.spooled == nil ? memoryBudget : spoolBudget
                if pending.evicted.isSet {
                    pending.refusal = Self.bodiesBusy
                } else if size > pending.limit - received {
                    pending.overflowed = true
                } else if !pending.hold(size, in: pool) {
                    pending.refusal = pending.spooled == nil ? Self.bodiesBusy : Self.spoolFull
                } else if let spooled = pending.spooled {
                    if !spooled.append(UnsafeRawBufferPointer(start: upload, count: size)) {
                        pending.refusal = spooled.diskFull ? Self.spoolDiskFull : Self.spoolUnavailable
                    }
                } else {
                    upload.withMemoryRebound(to: UInt8.self, capacity: size) {
                        pending.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: size))
                    }
                }
            }
            // Refused while it arrives: answered now, not once the (maybe stalled) rest is in.
            if pending.overflowed || pending.refusal != nil {
                pending.drop()
                pending.answered = true
                return refuseNow(pending.refusal ?? tooLarge(pending.limit), on: connection)
            }
            return CMHD_YES
        }
        if pending.answered { return CMHD_YES }
        pending.answered = true
        watchdog.bodyReceived(UInt(bitPattern: connection))
        if pending.overflowed { return queue(tooLarge(pending.limit), on: connection) }
        if let refusal = pending.refusal { return queue(refusal, on: connection) }
        let query: [String: String]
        switch pending.query {
        case .values(let values): query = values
        case .refused(let refusal): return queue(refusal, on: connection)
        }
        var request = HTTPRequest(method: pending.head.method, rawPath: pending.head.rawPath, query: query,
                                  headers: pending.head.headers, body: pending.body)
        request.spooled = pending.spooled
        request.client = pending.client
        request.route = pending.head.route
        pending.spooled = nil
        return queue(handler.respond(to: request), on: connection)
    }

    package static let bodiesBusy = HTTPResponse.error(503, "busy", "too many request bodies are arriving at once; try again in a moment")
        .adding("Retry-After", "1")
    package static let spoolFull = HTTPResponse.error(507, "upload_space_full", "the server's space for uploads in progress is in use; try again when other uploads finish")
    package static let spoolUnavailable = HTTPResponse.error(507, "upload_failed", "the upload cannot be stored: the server's temporary folder is not writable")
    package static let spoolDiskFull = HTTPResponse.error(507, "upload_disk_full", "the upload cannot be stored: the disk of the server's temporary folder is full; free some space or upload a smaller file")

    /// Answers a request whose body is still arriving. libmicrohttpd takes a response only once
    /// the body is in; until then the answer is written on the socket directly (this is the
    /// connection's own thread, and nothing else writes to it), the rest of the body read and
    /// dropped for a moment so that closing does not reset the answer away, and the connection closed.
    private func refuseNow(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
        if queue(response, on: connection) == CMHD_YES { return CMHD_YES }
        let fd = cmhd_connection_fd(connection)
        guard fd >= 0, case .bytes(let body) = response.body else { return CMHD_NO }
        var text = "HTTP/1.1 \(response.status) \(response.status == 413 ? "Payload Too Large" : response.status == 507 ? "Insufficient Storage" : "Service Unavailable")\r\n"
        for (name, value) in response.headers where name.lowercased() != "content-length" && name.lowercased() != "connection" {
            text += "\(name): \(value)\r\n"
        }
        text += "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        let bytes = Array(text.utf8) + body
        var sent = 0
        let deadline = ContinuousClock.now + .seconds(1)
        while sent < bytes.count && ContinuousClock.now < deadline {
            let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + sent, $0.count - sent, SocketFlag.noSignal | SocketFlag.dontWait) }
            if n > 0 { sent += n } else if n < 0 && (errno == EAGAIN || errno == EINTR) { usleep(1000) } else { break }
        }
        LingeringClose.drain(fd, until: deadline)
        return CMHD_NO
    }

}

/// What an accepted upgrade needs once libmicrohttpd hands over the socket.
package final class Upgrade: @unchecked Sendable {
    package let server: MicroHTTPDServer
    package let session: @Sendable (WebSocket) -> Void

    package init(server: MicroHTTPDServer, session: @escaping @Sendable (WebSocket) -> Void) {
        self.server = server
        self.session = session
    }
}

package extension MicroHTTPDServer {
    /// Runs a WebSocket session to its end, then gives the socket back to be closed. It runs on
    /// the connection's own thread, inside libmicrohttpd's upgrade callback: libmicrohttpd 0.9.75
    /// corrupts its heap when the socket is given back from another thread while many sockets
    /// come and go (a C program with the same flags crashes the same way within seconds), and
    /// a thread per connection is there for the session to use anyway.
    ///
    /// A WebSocket answers a person as they act (a slider step, a press), so its thread asks for
    /// short scheduler slices: on a busy machine it then answers as soon as a message wakes it,
    /// not after other threads' slices (20 editors' renders put the render socket's round trip
    /// p95 from 0.7 to 1.4–2.0 ms; with 0.3 ms slices it stays at 0.7–0.8).
    fileprivate func run(_ upgrade: Upgrade, fd: Int32, alreadyRead: [UInt8], handle: OpaquePointer) {
        _ = cmhd_prefer_short_slices(300_000)
        let socket = WebSocket(fd: fd, alreadyRead: alreadyRead)
        sockets.withLock { $0[fd] = socket }
        upgrade.session(socket)
        socket.end()
        sockets.withLock { _ = $0.removeValue(forKey: fd) }
        _ = cmhd_upgrade_close(handle)
    }
}

let upgradeHandler: MHD_UpgradeHandler = { cls, connection, _, extraIn, extraSize, socket, urh in
    guard let cls, let urh else { return }
    let upgrade = Unmanaged<Upgrade>.fromOpaque(cls).takeRetainedValue()
    if let connection { upgrade.server.watchdog.upgraded(UInt(bitPattern: connection)) }
    let extra = extraIn.map { pointer in
        pointer.withMemoryRebound(to: UInt8.self, capacity: extraSize) { Array(UnsafeBufferPointer(start: $0, count: extraSize)) }
    } ?? []
    upgrade.server.run(upgrade, fd: socket, alreadyRead: extra, handle: urh)
}

private let accessHandler: MHD_AccessHandlerCallback = { cls, connection, url, method, _, upload, uploadSize, state in
    guard let cls, let connection, let uploadSize, let state else { return CMHD_NO }
    let server = Unmanaged<MicroHTTPDServer>.fromOpaque(cls).takeUnretainedValue()
    let path = url.flatMap { String(validatingCString: $0) } ?? ""
    let verb = method.flatMap { String(validatingCString: $0) } ?? ""
    return server.handle(connection: connection, url: path, method: verb, upload: upload, uploadSize: uploadSize, state: state)
}

private let requestCompleted: MHD_RequestCompletedCallback = { cls, connection, state, _ in
    if let cls, let connection {
        Unmanaged<MicroHTTPDServer>.fromOpaque(cls).takeUnretainedValue().watchdog.answered(UInt(bitPattern: connection))
    }
    guard let state, let pending = state.pointee else { return }
    Unmanaged<MicroHTTPDServer.Pending>.fromOpaque(pending).release()
    state.pointee = nil
}

/// Connections opening and closing, for the watchdog's deadlines and per-client counts.
private let connectionEvents: MHD_NotifyConnectionCallback = { cls, connection, _, event in
    guard let cls, let connection else { return }
    let watchdog = Unmanaged<MicroHTTPDServer>.fromOpaque(cls).takeUnretainedValue().watchdog
    let key = UInt(bitPattern: connection)
    if event == CMHD_CONNECTION_STARTED {
        watchdog.opened(key, fd: cmhd_connection_fd(connection), client: MicroHTTPDServer.clientAddress(connection))
    } else {
        watchdog.closed(key)
    }
}

/// glibc's `malloc_trim`, which the Glibc module does not import: hands freed heap pages back.
@_silgen_name("malloc_trim")
package func releaseFreedMemory(_ pad: Int) -> Int32
