import WorkbenchSupport
import HTTPServer
import WorkbenchStores
import WorkbenchExports
import PriceData
import WorkbenchApplication
import EmbeddedPage
import ArgumentParser
import Dispatch
import Foundation
import Glibc

struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Serve the workbench page and API (the default command).")

    @Option(help: "Address to listen on (default 127.0.0.1 and [::1]; 0.0.0.0 with --share). Anything but loopback exposes the workbench to the network.")
    var host: String?

    @Flag(help: "Share with the team: serve this machine's network addresses and loopback, behind editor and viewer join links.")
    var share = false

    @Option(parsing: .unconditional, help: "Port to listen on (0 picks a free one).")
    var port = 8080

    @OptionGroup var locations: Locations

    @Option(help: "The workbench's own state folder for these presets (its signing key, its history's signed head); default $XDG_STATE_HOME/chart-workbench/<the presets folder's id>.")
    var state: String?

    @Option(help: "Folder of the page's files, for working on the page (default: the page built into this binary).")
    var publicFolder: String?

    @Option(parsing: .unconditional, help: "Largest CSV upload in MB (uploads are written to a file as they arrive; larger files load with --data).")
    var uploadLimit = 512

    @Option(parsing: .unconditional, help: "Most presets the folder may hold (a save of a new one beyond it answers 507).")
    var maxPresets = PresetStore.Limits.presets

    @Option(parsing: .unconditional, help: "MB the presets' history database may hold; a write beyond it answers 507.")
    var historyLimit = Int(HistoryFile.Limits.historyBytes >> 20)

    @Option(parsing: .unconditional, help: "Saves (and renames, deletes, restores, reviews) one author may make per second, after a burst of 10 times as many; beyond it 429. 0: no limit.")
    var writeRate = 10

    @Option(parsing: .unconditional, help: "MB all CSV uploads in progress may hold at once in the system's temporary folder (one more is refused with 507).")
    var uploadSpace = 1024

    @Option(help: "How many people other than a revision's author must approve it.")
    var approvals: Int = 1

    @Flag(help: "Append a new price every few seconds from the start.")
    var live = false

    @Option(parsing: .unconditional, help: "Seconds between live prices.")
    var liveInterval = 2.0

    func validate() throws {
        guard (1...4096).contains(uploadLimit) else { throw ValidationError("--upload-limit must be between 1 and 4096 MB") }
        guard (1...65536).contains(uploadSpace) else { throw ValidationError("--upload-space must be between 1 and 65536 MB") }
        guard (1...PresetStore.Limits.presets).contains(maxPresets) else { throw ValidationError("--max-presets must be between 1 and \(PresetStore.Limits.presets)") }
        guard (1...1_048_576).contains(historyLimit) else { throw ValidationError("--history-limit must be between 1 and 1048576 MB") }
        guard (0...10_000).contains(writeRate) else { throw ValidationError("--write-rate must be between 0 and 10000 per second") }
        if let publicFolder, !FileManager.default.fileExists(atPath: publicFolder + "/index.html") {
            throw ValidationError("--public-folder \(publicFolder) has no index.html")
        }
        guard liveInterval >= 0.05 && liveInterval <= 3600 else { throw ValidationError("--live-interval must be between 0.05 and 3600 seconds") }
    }

    func run() throws {
        try Output.reportingInputErrors {
            signal(SIGPIPE, SIG_IGN)
            let host = host ?? (share ? "0.0.0.0" : "127.0.0.1")
            let started = Date()
            // The port first: a taken port is reported before anything slow happens.
            let socket: (fd: Int32, port: Int)
            do { socket = try ListeningSocket.open(host: host, port: port) } catch { throw InputError("\(error)") }
            // By default IPv6 loopback too, on the same port (a machine without IPv6 serves IPv4 only).
            var sockets = [socket.fd]
            if self.host == nil && !share {
                do { sockets.append(try ListeningSocket.open(host: "::1", port: socket.port).fd) } catch let error as ListeningSocket.OpenError {
                    if error.inUse { close(socket.fd); throw InputError(error.description) }
                }
            }
            let page = publicFolder.map { StaticFiles(folder: $0) } ?? StaticFiles(builtIn: EmbeddedPage.files)
            let presets: PresetStore
            presets = try openPresets(locations.presets, state: state, maxPresets: maxPresets, options: HistoryFile.Options(
                newHistory: locations.newHistory, limitBytes: Int64(historyLimit) << 20, backupAtStart: true,
                writeRate: writeRate > 0 ? WriteRateLimit(perSecond: Double(writeRate), burst: writeRate * 10) : nil, holdFolder: true,
                onProblem: { Output.error($0) }),   // a server has no one else to tell
                                      createMissing: true)
            guard (1...100).contains(approvals) else { throw InputError("--approvals must be 1–100") }
            presets.requiredApprovals.store(approvals, ordering: .relaxed)
            let people = try openPeople(presets)
            let (series, source) = try locations.loadIndexedData()
            let access = share ? try LinksCommand.shareAccess(port: socket.port, people: people) : nil
            let served = share ? Self.servedAddresses(host: host) : nil
            let app = WorkbenchApp(data: DataStore(series, source: source), presets: presets, page: page,
                                   host: host, port: socket.port, liveInterval: liveInterval, share: access, servedAddresses: served,
                                   uploadLimitMB: uploadLimit, uploadSpaceMB: uploadSpace, people: people)
            let server = MicroHTTPDServer(handler: app)
            do { try server.start(listeningSockets: sockets) } catch { throw InputError("libmicrohttpd could not start on \(host):\(socket.port)") }
            if live { app.services.live.start() }

            // Signal handlers before the line that says the server is ready: a test (or a script)
            // may send SIGTERM as soon as it reads it.
            let listening = sockets
            let stop: @Sendable () -> Void = {
                app.shutdown()
                server.stop()
                for fd in listening { close(fd) }
                Output.write("Stopped.\n")
                Foundation.exit(0)
            }
            try StopSignal.install(stop)
            if !share && !["127.0.0.1", "localhost", "::1"].contains(host) {
                Output.error("warning: listening on \(host): anyone who can reach this address can use the workbench")
            }
            let shown = host.contains(":") ? "[\(host)]" : host
            let seconds = String(format: "%.2f", Date().timeIntervalSince(started))
            let alsoV6 = sockets.count > 1 ? " and http://[::1]:\(socket.port)/" : ""
            Output.error("Serving \(page.origin) (workbench \(BuildFacts.description))")
            Output.write("Chart Workbench is serving http://\(shown):\(socket.port)/\(alsoV6) (\(series.series.count) points from \(source), ready in \(seconds) s)\n")
            if let access, let base = app.services.shareBaseURL {
                Output.write("""
                Shared on \(served!.joined(separator: ", ")) (port \(socket.port)). Hand on a join link:
                  editors (can change and save): \(base)/?token=\(access.editorToken)\(LinksCommand.invitation(.editor, people))
                  viewers (watch, press, render): \(base)/?token=\(access.viewerToken)\(LinksCommand.invitation(.viewer, people))
                  phone (the chart only):         \(base)/device?token=\(access.viewerToken)
                Each link above carries one personal invitation (single use, 7 days); links from earlier starts still work.
                Your own page (the owner's) on this machine: http://127.0.0.1:\(socket.port)/?token=\(access.editorToken)
                More: the owner's page (Invite the team, Open on phone) or workbench links new --role editor|viewer.

                """)
            }

            dispatchMain()
        }
    }

    /// What a wildcard bind serves: every address of this machine; otherwise the one given.
    static func servedAddresses(host: String) -> [String] {
        let all = NetworkAddresses.ipv4()
        guard host != "0.0.0.0" && host != "::" else { return all }
        return [host.contains(":") ? "[\(host)]" : host]
    }
}

/// SIGINT and SIGTERM stop the server. Their handler only writes a byte to a pipe, which a thread
/// of its own waits on. Both are in place before the line that says the server is ready, so a
/// signal sent the moment that line is read is never lost. (A dispatch signal source registers
/// on a queue later; under load a SIGTERM sent right after the ready line came while the signal
/// was still ignored, and the server never stopped.)
enum StopSignal {
    nonisolated(unsafe) private static var writeEnd: Int32 = -1

    static func install(_ stop: @escaping @Sendable () -> Void) throws {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw InputError("cannot set up the stop signal (errno \(errno))") }
        writeEnd = ends[1]
        for sig in [SIGINT, SIGTERM] {
            // Async-signal-safe: one write(2) to the pipe.
            signal(sig) { _ in
                var byte: UInt8 = 1
                _ = write(StopSignal.writeEnd, &byte, 1)
            }
        }
        let readEnd = ends[0]
        Thread.detachNewThread {
            var byte: UInt8 = 0
            while read(readEnd, &byte, 1) < 0 && errno == EINTR {}
            stop()
        }
    }
}
