import WorkbenchSupport
import CSQLite
import Foundation
import Synchronization
import Glibc

/// The history database beside the presets (`.workbench.sqlite`) as a file that cannot vanish
/// silently.
///
/// **At start** (`open`) the file is judged before anything is served:
/// - missing, while the folder shows a history was kept there (the marker `.workbench-history`
///   or a backup in `.workbench-backups/`): refused;
/// - missing, with no such sign (a fresh clone of the repository's `Presets/`, or a new folder):
///   a new history is created and the preset files are taken in as revision 1;
/// - empty (0 bytes) beside preset files or a sign of a history, not an SQLite file, or damaged
///   (`PRAGMA quick_check`): refused;
/// - read-only (file, folder or disk): opened read-only; reads are served, writes refused.
/// A refusal says what is wrong and how to go on: `workbench history restore BACKUP`, or
/// `--new-history` (the broken file is kept aside as `.workbench.sqlite.broken-TIME`).
///
/// **While serving**, before every write (and after every commit) the file at the path must still
/// be the one opened (device and inode), writable, hold the random id written at its creation,
/// and be under its size limit; otherwise the write is refused with a `HistoryError`. When the
/// file was removed or replaced, what the open connection still holds is first copied to
/// `.workbench-backups/rescued-TIME.sqlite`, so nothing acknowledged is lost.
package final class HistoryFile: Sendable {
    package static let databaseFileName = ".workbench.sqlite"
    package static let markerFileName = ".workbench-history"
    package static let backupsFolderName = ".workbench-backups"
    package static let lockFileName = ".workbench.lock"

    /// How the history is kept: the start rule's escape, the size limit, backups and write rate.
    package struct Options: Sendable {
        /// Begin a new history from the preset files when the database is missing or broken.
        package var newHistory = false
        /// The most bytes the history database may hold (`serve --history-limit`); nil: no limit.
        package var limitBytes: Int64? = Limits.historyBytes
        /// A backup after every this many writes (0: none); `backupAtStart` one at start.
        package var backupEvery = Limits.backupEvery
        package var backupsKept = Limits.backupsKept
        package var backupAtStart = false
        /// Writes per author (nil: unlimited).
        package var writeRate: WriteRateLimit?
        /// Hold a shared lock on the folder while open (a server), so a restore can refuse.
        package var holdFolder = false
        /// The workbench's state folder (`--state`); nil: the default for the presets folder.
        package var stateFolder: String?
        /// Told at once of what goes wrong in the background (a backup, the file replaced), beside
        /// `problems`: a server passes its log; a store writes to no stream itself.
        package var onProblem: (@Sendable (String) -> Void)?

        package init(newHistory: Bool = false, limitBytes: Int64? = Limits.historyBytes, backupEvery: Int = Limits.backupEvery,
                     backupsKept: Int = Limits.backupsKept, backupAtStart: Bool = false, writeRate: WriteRateLimit? = nil, holdFolder: Bool = false, stateFolder: String? = nil,
                     onProblem: (@Sendable (String) -> Void)? = nil) {
            self.newHistory = newHistory; self.limitBytes = limitBytes; self.backupEvery = backupEvery
            self.backupsKept = backupsKept; self.backupAtStart = backupAtStart; self.writeRate = writeRate; self.holdFolder = holdFolder
            self.stateFolder = stateFolder; self.onProblem = onProblem
        }
    }

    package enum Limits {
        package static let historyBytes: Int64 = 256 << 20
        package static let backupEvery = 50
        package static let backupsKept = 5
    }

    package let folder: String
    package let path: String
    package let database: SQLiteDatabase
    /// The random id written into the database when it was created (empty for a read-only file
    /// that predates ids).
    package let historyID: String
    package let options: Options
    package let backups: HistoryBackups
    /// The workbench's own state for this folder: its signing key and the chain's signed head.
    package let state: StateFolder
    let signingKey: Ed25519?
    /// The chain's head as last checked or written (nil: a history that cannot be chained).
    let keptHead: Mutex<ChainHead?>
    /// The connection's `PRAGMA data_version` when the server last wrote or checked: it moves only
    /// when another process commits (a workbench command, or an edit behind the workbench's back).
    let seenDataVersion = Mutex<Int64?>(nil)
    /// The database file's modification time and size after the server's last commit: SQLite
    /// writes the file itself only when a connection checkpoints, so a change the data version
    /// does not explain is a copy written over the file by another program.
    let seenFile = Mutex<FileStamp?>(nil)
    /// What was found changed behind the server's back; from then on every write is refused.
    let tampering = Mutex<String?>(nil)
    /// What was found changed behind the server's back, once found (nil until then).
    package var changedBehindItsBack: String? { tampering.withLock { $0 } }
    /// The full check made when the file was opened (nil: a history that cannot be chained);
    /// `workbench history check` reports it rather than reading every row a second time.
    package let checkedAtOpen: HistoryChain.Verdict?
    private let identity: (device: UInt64, inode: UInt64)
    private let lockDescriptor: Int32
    private let rescued = Atomic<Bool>(false)
    private let writes = Atomic<Int>(0)
    private let backingUp = Atomic<Bool>(false)
    /// What went wrong in the background (a periodic backup), for the command line to tell.
    package let problems = Mutex<[String]>([])

    private init(folder: String, database: SQLiteDatabase, historyID: String, options: Options, identity: (UInt64, UInt64), lock: Int32,
                 state: StateFolder, signingKey: Ed25519?, checked: (head: ChainHead, verdict: HistoryChain.Verdict)?) {
        self.folder = folder
        path = folder + "/" + Self.databaseFileName
        self.database = database
        self.historyID = historyID
        self.options = options
        backups = HistoryBackups(folder: folder + "/" + Self.backupsFolderName, kept: options.backupsKept)
        self.identity = identity
        lockDescriptor = lock
        self.state = state
        self.signingKey = signingKey
        keptHead = Mutex(checked?.head)
        checkedAtOpen = checked?.verdict
    }

    deinit { if lockDescriptor >= 0 { close(lockDescriptor) } }

    // MARK: Start

    static func refusal(_ folder: String, _ what: String) -> HistoryError {
        HistoryError(.refusedAtStart, """
            the presets' history in \(folder) \(what). Nothing was changed. Restore a backup with \
            `workbench history restore BACKUP --presets \(folder)` (backups are in \(folder)/\(backupsFolderName)/), \
            or start with --new-history to begin a new history from the preset files (the old file is kept aside)
            """)
    }

    /// Opens the history of `folder` by the start rule above, or throws a `HistoryError` saying
    /// why not. `warnings` are what the command line should tell (a read-only history, a new one).
    /// Call it holding `openingLock(folder:)` until what opening writes is written.
    package static func open(folder: String, options: Options) throws -> (file: HistoryFile, warnings: [String]) {
        let path = folder + "/" + databaseFileName
        var warnings: [String] = []
        let lock = try holdLock(folder: folder, hold: options.holdFolder)
        do {
            var state = state(of: path)
            let signs = signsOfHistory(in: folder)
            let files = presetFiles(in: folder)
            var problem: String?
            switch state {
            case .missing where !signs.isEmpty:
                problem = "is missing: \(databaseFileName) is gone, though \(signs.joined(separator: " and ")) show a history was kept there"
            case .missing:
                // Its files all deleted from the presets folder (the database, the marker, the
                // backups), a history still left its signed head in the state folder, outside it.
                // A record there that cannot be checked (unreadable, signed by another key, or
                // with no key beside it) is refused here too, before a new database is made.
                let keeping = StateFolder.resolve(explicit: options.stateFolder, presetsFolder: folder)
                let gone = "is missing: \(databaseFileName), its marker and its backups are gone, though the workbench's state (\(keeping.path)) holds"
                do {
                    let kept = try keptHead(in: keeping)
                    if let kept, kept.head.count > 0 {
                        problem = "\(gone) the signed head of its history, \(kept.head.count) entries"
                    } else if kept == nil, FileManager.default.fileExists(atPath: keeping.path + "/" + ChainHead.fileName) {
                        problem = "\(gone) a record of a history (\(ChainHead.fileName)) but no key to check it"
                    }
                } catch {
                    problem = "\(gone) a record of a history that cannot be checked: \(error.message)"
                }
            case .empty where !signs.isEmpty || !files.isEmpty:
                problem = "is empty: \(databaseFileName) holds 0 bytes beside \(files.count) preset files"
            case .notSQLite:
                problem = "is not a database: the first bytes of \(databaseFileName) are not SQLite's (overwritten or damaged)"
            default: break
            }
            var opened: SQLiteDatabase?
            if problem == nil, state == .present {
                do {
                    let database = try openExisting(path: path, folder: folder)
                    let check = try database.integrityCheck(quick: true)
                    if check == "ok" { opened = database } else { problem = "is damaged (\(String(check.prefix(200))))" }
                } catch let error as SQLiteError where error.isCorrupt {
                    problem = "is damaged (\(error.message))"
                }
            }
            if let problem {
                guard options.newHistory else { throw refusal(folder, problem) }
                let aside = try setAside(path: path, folder: folder)
                warnings.append("began a new history from the preset files: the old one \(problem)" + (aside.map { "; it was kept as \($0)" } ?? ""))
                state = .missing
            } else if options.newHistory, opened != nil {
                warnings.append("--new-history ignored: the presets' history is sound")
            }
            let database: SQLiteDatabase
            if let opened {
                database = opened
            } else {
                if state == .empty { unlink(path) }
                do { database = try SQLiteDatabase(path: path) } catch {
                    throw HistoryError(.refusedAtStart, "the presets' history cannot be created in \(folder) (\(PresetStore.folderProblem(folder) ?? error.description)); "
                                       + "the presets are never served without a history that keeps what is saved")
                }
                if database.isReadOnly {
                    throw HistoryError(.refusedAtStart, "the presets' history cannot be created in \(folder): the folder is read-only")
                }
            }
            let historyID = try identify(database)
            let (stateFolder, key, checked) = try openState(folder: folder, database: database, historyID: historyID, options: options,
                                                   fresh: opened == nil, warnings: &warnings)
            if database.isReadOnly {
                warnings.append("the presets' history is read-only (\(PresetStore.folderProblem(folder) ?? "its file cannot be written")): presets are served, every write is refused")
            } else if !historyID.isEmpty {
                try? AtomicFile.update(Array("\(historyID)\n".utf8), at: folder + "/" + markerFileName)
                // The id's page into the file itself, never again in the write-ahead log: a file
                // overwritten in place then shows its own id to the check before each write.
                _ = try? database.withConnection { try $0.query("PRAGMA wal_checkpoint(TRUNCATE)") }
            }
            var info = stat()
            guard stat(path, &info) == 0 else { throw refusal(folder, "vanished while it was being opened") }
            let file = HistoryFile(folder: folder, database: database, historyID: historyID, options: options,
                                   identity: (UInt64(info.st_dev), UInt64(info.st_ino)), lock: lock, state: stateFolder, signingKey: key, checked: checked)
            return (file, warnings)
        } catch {
            if lock >= 0 { close(lock) }
            throw error
        }
    }

    /// Opens a file that exists: read-write when it and its folder can be written, else read-only
    /// (immutable when even its -shm cannot be made).
    static func openExisting(path: String, folder: String) throws -> SQLiteDatabase {
        var info = stat()
        let fileWritable = stat(path, &info) == 0 && info.st_mode & 0o222 != 0 && access(path, W_OK) == 0
        if fileWritable && PresetStore.folderProblem(folder) != "the presets folder is read-only" && access(folder, W_OK) == 0 {
            return try SQLiteDatabase(path: path, create: false)
        }
        do {
            let database = try SQLiteDatabase(path: path, readOnly: true, create: false)
            _ = try database.integrityCheck(quick: true)
            return database
        } catch let error as SQLiteError where !error.isCorrupt {
            return try SQLiteDatabase(path: path, immutable: true, create: false)
        }
    }

    /// The history's id, made (with its table) when the database has none yet.
    static func identify(_ database: SQLiteDatabase) throws -> String {
        try database.withConnection { connection in
            let hasTable = try !connection.query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'workbench_meta'").isEmpty
            if hasTable, let id = try connection.query("SELECT value FROM workbench_meta WHERE key = 'history_id'").first?.text(0) { return id }
            if database.isReadOnly { return "" }
            var bytes = [UInt8](repeating: 0, count: 16)
            for i in bytes.indices { bytes[i] = UInt8.random(in: 0...255) }
            let id = bytes.map { String(format: "%02x", $0) }.joined()
            try connection.transaction {
                try connection.execute("CREATE TABLE IF NOT EXISTS workbench_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
                try connection.query("INSERT OR REPLACE INTO workbench_meta(key, value) VALUES ('history_id', ?1), ('created_at', ?2)",
                                     [.text(id), .text(DecisionLog.timestamp())])
            }
            return id
        }
    }

    /// Moves a broken database (and its -wal and -shm) aside; returns the name it was kept as.
    static func setAside(path: String, folder: String) throws -> String? {
        let stamp = HistoryBackups.stamp()
        var kept: String?
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
            let name = databaseFileName + ".broken-" + stamp + suffix
            guard rename(path + suffix, folder + "/" + name) == 0 else {
                throw HistoryError(.refusedAtStart, "the broken history \(databaseFileName)\(suffix) could not be moved aside: \(String(cString: strerror(errno)))")
            }
            if suffix.isEmpty { kept = name }
        }
        PresetStore.syncFolder(folder)
        return kept
    }

    // MARK: While serving

    /// Installs the check before every write. Call once the tables exist.
    package func protect() {
        let (version, stamp) = (try? database.withConnection { [path] connection in
            (try connection.query("PRAGMA data_version").first?.integer(0), FileStamp(path, checkpoint: connection.checkpointMark))
        }) ?? (nil, nil)
        seenDataVersion.withLock { $0 = version }  // what another process commits from now on is checked
        seenFile.withLock { $0 = stamp }
        database.guardWrites { [self] connection, afterCommit throws(SQLiteError) in
            if let refusal = self.refusal(connection: connection, afterCommit: afterCommit) {
                throw SQLiteError(code: SQLITE_ABORT, message: refusal.message, refusal: refusal)
            }
        }
    }

    private static let replacedWords = "the presets' history database (\(databaseFileName)) was removed or replaced while the server ran, "
        + "so writes are refused (none would be kept); reads go on. Stop the server, then restore a backup with "
        + "`workbench history restore BACKUP` (the newest in \(backupsFolderName)/; a rescued-… one holds everything saved until now)"

    /// Why a write may not happen now, nil when it may.
    private func refusal(connection: SQLiteConnection, afterCommit: Bool) -> HistoryError? {
        if database.isReadOnly {
            return HistoryError(.readOnly, "the presets' history database is read-only, so nothing can be kept; reads go on")
        }
        if !isStillOurs() {
            rescue(connection)
            return HistoryError(.removedOrReplaced, Self.replacedWords)
        }
        if let refusal = chainRefusal(connection: connection, afterCommit: afterCommit) { return refusal }
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & 0o222 == 0 {
            return HistoryError(.readOnly, "the presets' history database was made read-only, so nothing can be kept; reads go on")
        }
        if !afterCommit, let limit = options.limitBytes, let used = try? Self.usedBytes(connection), used >= limit {
            return HistoryError(.full, "the presets' history holds its limit of \(limit >> 20) MB (serve --history-limit); nothing more can be saved. "
                                + "Ask whoever runs the workbench to raise the limit or to start a new history from a backup")
        }
        return nil
    }

    /// The file at the path is the one opened: same device and inode, not emptied, same id.
    package func isStillOurs() -> Bool {
        var info = stat()
        guard stat(path, &info) == 0, UInt64(info.st_dev) == identity.device, UInt64(info.st_ino) == identity.inode, info.st_size > 0 else { return false }
        guard !historyID.isEmpty else { return true }
        // Overwritten in place (same inode): a fresh connection reads what is on disk now.
        guard let probe = try? SQLiteConnection(path: path, readOnly: true, create: false),
              let id = try? probe.query("SELECT value FROM workbench_meta WHERE key = 'history_id'").first?.text(0) else { return false }
        return id == historyID
    }

    /// Pages in use times the page size: what the history holds (free pages not counted).
    package static func usedBytes(_ connection: SQLiteConnection) throws(SQLiteError) -> Int64 {
        let pages = try connection.query("PRAGMA page_count").first?.integer(0) ?? 0
        let free = try connection.query("PRAGMA freelist_count").first?.integer(0) ?? 0
        let size = try connection.query("PRAGMA page_size").first?.integer(0) ?? 4096
        return (pages - free) * size
    }

    /// Copies what the open connection still holds (the removed file's pages) to a backup, once.
    private func rescue(_ connection: SQLiteConnection) {
        guard rescued.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged else { return }
        do {
            let name = try backups.take(from: connection, kind: "rescued")
            report("the history database was removed or replaced; what the server held was copied to \(Self.backupsFolderName)/\(name)")
        } catch {
            report("the history database was removed or replaced, and what the server held could not be copied: \(error)")
        }
    }

    /// Counts a kept write; every `backupEvery` writes a backup is taken in the background.
    package func noteWrite() {
        guard options.backupEvery > 0 else { return }
        let count = writes.wrappingAdd(1, ordering: .relaxed).newValue
        guard count % options.backupEvery == 0 else { return }
        backupInBackground()
    }

    package func backupInBackground() {
        guard backingUp.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged else { return }
        DispatchQueue.global(qos: .utility).async { [self] in
            defer { backingUp.store(false, ordering: .releasing) }
            do { _ = try backup() } catch {
                report("a backup of the presets' history failed: \(error)")
            }
        }
    }

    /// A backup now, from a connection of its own (the server's writes go on); its file name.
    @discardableResult
    package func backup(kind: String = "history") throws -> String {
        guard isStillOurs() else { throw HistoryError(.removedOrReplaced, Self.replacedWords) }
        return try backups.take(fromFile: path, kind: kind)
    }

    /// Kept for `warnings` and told to `options.onProblem` at once.
    private func report(_ problem: String) {
        problems.withLock { $0.append(problem) }
        options.onProblem?(problem)
    }
}
