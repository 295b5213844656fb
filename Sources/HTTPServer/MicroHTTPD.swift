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
    private var daemon: OpaquePointer?
    private let sockets = Mutex<[Int32: WebSocket]>([:])
    package let watchdog = ConnectionWatchdog()
    /// Bodies held in memory while they arrive: 2,000 slow 1 MB bodies would otherwise hold 2 GB.
    package let memoryBudget = ByteBudget(limit: 96 << 20, perClient: 24 << 20)
    /// Uploads spooled to the temporary folder while they arrive.
    package let spoolBudget: ByteBudget

    package init(handler: any HTTPHandler) {
        self.handler = handler
        spoolBudget = ByteBudget(limit: handler.spoolLimit, perClient: max(handler.spoolLimit / 2, 1))
    }

    /// Serves on an already listening socket until `stop()`.
    /// The global connection limit is high (quiet connections cost a sleeping thread) and the
    /// watchdog bounds what each may hold, so slow or idle clients cannot lock others out.
    package func start(listeningSocket fd: Int32, connectionTimeout: UInt32 = 20, connectionLimit: UInt32 = 2048) throws {
        Self.raiseDescriptorLimit(to: rlim_t(connectionLimit) * 2 + 64)
        let flags = MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_THREAD_PER_CONNECTION.rawValue
            | MHD_USE_POLL.rawValue | MHD_USE_ERROR_LOG.rawValue | MHD_ALLOW_UPGRADE.rawValue
        let context = Unmanaged.passUnretained(self).toOpaque()
        daemon = cmhd_start(flags, fd, accessHandler, context, requestCompleted, connectionEvents, context, connectionTimeout, connectionLimit)
        guard daemon != nil else { throw ServerError.startFailed }
        watchdog.start()
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
        guard let daemon else { return }
        watchdog.stop()
        _ = MHD_quiesce_daemon(daemon)
        // Upgraded connections are ours to close, before the daemon goes.
        for socket in sockets.withLock({ Array($0.values) }) { socket.close(code: 1001) }
        let deadline = Date().addingTimeInterval(2)
        while sockets.withLock({ !$0.isEmpty }) && Date() < deadline { usleep(5_000) }
        MHD_stop_daemon(daemon)
        self.daemon = nil
    }

    package enum ServerError: Error { case startFailed }

    /// Requests that may send more than this are written to a file, not memory.
    package static let spoolThreshold = 1 << 20
    /// Bodies up to this size count against the total of bodies in memory only (not their client's share).
    package static let smallBody = 64 << 10

    /// State of one request while its body arrives. What it reserved of a budget is given back
    /// when it goes (answered or aborted), and its memory with it.
    package final class Pending {
        package let head: RequestHead
        package let query: [String: String]?
        package let limit: Int
        package let client: String
        package var body: [UInt8] = []
        package var spooled: SpooledBody?
        package var overflowed = false
        package var answered = false
        /// Why the body is refused while it arrives (a budget is spent), answered once it is in.
        package var refusal: HTTPResponse?
        private var reserved = 0
        private var budget: ByteBudget?

        package init(head: RequestHead, query: [String: String]?, limit: Int, client: String) {
            self.head = head
            self.query = query
            self.limit = limit
            self.client = client
        }

        /// Makes sure `total` bytes are reserved in `budget`; false when it is spent.
        package func reserve(_ total: Int, in budget: ByteBudget) -> Bool {
            self.budget = budget
            guard total > reserved else { return true }
            // A small body (a save, a render request) is not held to its client's share, only to
            // the total: a client's stalled big bodies cannot stop the same address's next save.
            guard budget.reserve(total - reserved, for: client, small: total <= MicroHTTPDServer.smallBody) else { return false }
            reserved = total
            return true
        }

        deinit {
            guard let budget, reserved > 0 else { return }
            body = []
            budget.give(back: reserved, for: client)
            // Each connection thread keeps freed memory in its own malloc arena otherwise.
            if reserved >= 256 << 10 { _ = releaseFreedMemory(0) }
        }
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
            // A declared length is reserved at once, so a body that cannot fit is refused before it is read.
            if let length = declared, !pending.reserve(length, in: pending.spooled == nil ? memoryBudget : spoolBudget) {
                pending.answered = true
                return queue(pending.spooled == nil ? Self.bodiesBusy : Self.spoolFull, on: connection)
            }
            return CMHD_YES
        }
        let pending = Unmanaged<Pending>.fromOpaque(existing).takeUnretainedValue()
        if uploadSize.pointee > 0 {
            // Body data: keep it while it fits, otherwise discard it as it arrives.
            let size = uploadSize.pointee
            watchdog.bodyProgress(UInt(bitPattern: connection), bytes: size)
            if !pending.answered && !pending.overflowed && pending.refusal == nil, let upload {
                let received = (pending.spooled?.count ?? pending.body.count)
                if size > pending.limit - received {
                    pending.overflowed = true
                    pending.body = []
                    pending.spooled = nil
                } else if !pending.reserve(received + size, in: pending.spooled == nil ? memoryBudget : spoolBudget) {
                    pending.refusal = pending.spooled == nil ? Self.bodiesBusy : Self.spoolFull
                    pending.body = []
                    pending.spooled = nil
                } else if let spooled = pending.spooled {
                    spooled.append(UnsafeRawBufferPointer(start: upload, count: size))
                } else {
                    upload.withMemoryRebound(to: UInt8.self, capacity: size) {
                        pending.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: size))
                    }
                }
            }
            uploadSize.pointee = 0
            return CMHD_YES
        }
        if pending.answered { return CMHD_YES }
        pending.answered = true
        watchdog.bodyReceived(UInt(bitPattern: connection))
        if pending.overflowed { return queue(tooLarge(pending.limit), on: connection) }
        if let refusal = pending.refusal { return queue(refusal, on: connection) }
        guard let query = pending.query else {
            return queue(.error(400, "bad_request", "the query string is not valid percent-encoded UTF-8"), on: connection)
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

    package static func clientAddress(_ connection: OpaquePointer) -> String {
        var address = [CChar](repeating: 0, count: 64)
        cmhd_client_address(connection, &address, address.count)
        return String(decoding: address.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private func tooLarge(_ limit: Int) -> HTTPResponse {
        .error(413, "payload_too_large", "the request body is larger than \(limit >> 20) MB")
    }

    private func queryArguments(_ connection: OpaquePointer) -> [String: String]? {
        guard let raw = values(connection, CMHD_GET_ARGUMENT_KIND, lowercaseKeys: false) else { return nil }
        var decoded: [String: String] = [:]
        for (key, value) in raw {
            guard let k = PercentDecoding.decode(Substring(key), plusIsSpace: true),
                  let v = PercentDecoding.decode(Substring(value), plusIsSpace: true) else { return nil }
            decoded[k] = v
        }
        return decoded
    }

    /// Header values (names lower-cased; a value that is not UTF-8 reads as empty) and every
    /// value of each header sent more than once.
    private func headerValues(_ connection: OpaquePointer) -> ([String: String], [String: [String]]) {
        final class Collected { var values: [String: String] = [:]; var repeated: [String: [String]] = [:] }
        let collected = Collected()
        _ = MHD_get_connection_values(connection, CMHD_HEADER_KIND, { cls, _, key, value in
            let collected = Unmanaged<Collected>.fromOpaque(cls!).takeUnretainedValue()
            guard let key else { return CMHD_YES }
            let name = String(decoding: UnsafeRawBufferPointer(start: key, count: strlen(key)), as: UTF8.self).lowercased()
            let v = value.flatMap { String(validatingCString: $0) } ?? ""
            if let earlier = collected.values[name] { collected.repeated[name, default: [earlier]].append(v) }
            collected.values[name] = v
            return CMHD_YES
        }, Unmanaged.passUnretained(collected).toOpaque())
        return (collected.values, collected.repeated)
    }

    /// Query values; nil when one of them is not UTF-8.
    private func values(_ connection: OpaquePointer, _ kind: MHD_ValueKind, lowercaseKeys: Bool) -> [String: String]? {
        final class Collected { var values: [String: String] = [:]; var valid = true; var lowercase = false }
        let collected = Collected()
        collected.lowercase = lowercaseKeys
        let context = Unmanaged.passUnretained(collected).toOpaque()
        _ = MHD_get_connection_values(connection, kind, { cls, _, key, value in
            let collected = Unmanaged<Collected>.fromOpaque(cls!).takeUnretainedValue()
            guard let key, let k = String(validatingCString: key) else { collected.valid = false; return CMHD_YES }
            let v = value.flatMap { String(validatingCString: $0) } ?? ""
            collected.values[collected.lowercase ? k.lowercased() : k] = v
            return CMHD_YES
        }, context)
        return collected.valid ? collected.values : nil
    }

    private func queue(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
        let mhdResponse: OpaquePointer?
        switch response.body {
        case .bytes(let bytes):
            mhdResponse = bytes.withUnsafeBytes { buffer in
                MHD_create_response_from_buffer(buffer.count, UnsafeMutableRawPointer(mutating: buffer.baseAddress), CMHD_RESPMEM_MUST_COPY)
            }
        case .stream(let stream):
            let box = Unmanaged.passRetained(stream).toOpaque()
            mhdResponse = MHD_create_response_from_callback(CMHD_SIZE_UNKNOWN, 4096, { cls, _, buffer, max in
                let stream = Unmanaged<EventStream>.fromOpaque(cls!).takeUnretainedValue()
                guard let buffer, let chunk = stream.nextChunk(maxBytes: max) else { return -1 }  // end of stream
                chunk.withUnsafeBytes { UnsafeMutableRawPointer(buffer).copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
                return chunk.count
            }, box, { cls in
                let stream = Unmanaged<EventStream>.fromOpaque(cls!).takeRetainedValue()
                stream.close()
            })
            if mhdResponse == nil { Unmanaged<EventStream>.fromOpaque(box).release() }
        case .webSocket(let session):
            let box = Unmanaged.passRetained(Upgrade(server: self, session: session)).toOpaque()
            mhdResponse = MHD_create_response_for_upgrade(upgradeHandler, box)
            if mhdResponse == nil { Unmanaged<Upgrade>.fromOpaque(box).release() }
        }
        guard let mhdResponse else { return CMHD_NO }
        for (name, value) in response.headers {
            _ = MHD_add_response_header(mhdResponse, name, value)
        }
        let result = MHD_queue_response(connection, UInt32(response.status), mhdResponse)
        MHD_destroy_response(mhdResponse)
        return result
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
    /// Runs a WebSocket session on a thread of its own, then gives the socket back to be closed.
    fileprivate func run(_ upgrade: Upgrade, fd: Int32, alreadyRead: [UInt8], handle: OpaquePointer) {
        let socket = WebSocket(fd: fd, alreadyRead: alreadyRead)
        sockets.withLock { $0[fd] = socket }
        let urh = UncheckedHandle(pointer: handle)
        Thread.detachNewThread { [self] in
            upgrade.session(socket)
            sockets.withLock { _ = $0.removeValue(forKey: fd) }
            _ = cmhd_upgrade_close(urh.pointer)
        }
    }
}

/// A C handle moved to another thread; libmicrohttpd allows it to be used from any thread.
package struct UncheckedHandle: @unchecked Sendable { let pointer: OpaquePointer }

private let upgradeHandler: MHD_UpgradeHandler = { cls, connection, _, extraIn, extraSize, socket, urh in
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
