import WorkbenchSupport
import Foundation

/// The chain's checks (`HistoryChain`, `ChainHead`): the full one at start and by
/// `workbench history check`, the cheap one before every write (the database's entry at the
/// kept head's count must be the kept head), and the head signed anew after every commit.
extension HistoryFile {
    /// The state folder made, a key left in the presets folder moved there, the presets
    /// folder's `.gitignore` written, and the chain checked (built first over a history that
    /// predates it): returns the state, its key, and the head now kept with the check's verdict.
    static func openState(folder: String, database: SQLiteDatabase, historyID: String, options: Options, fresh: Bool,
                          warnings: inout [String]) throws -> (StateFolder, Ed25519?, (head: ChainHead, verdict: HistoryChain.Verdict)?) {
        let state = StateFolder.resolve(explicit: options.stateFolder, presetsFolder: folder)
        try state.make()
        if let moved = state.adoptKey(from: folder) { warnings.append(moved) }
        if !database.isReadOnly {
            do { try StateFolder.writeGitignore(in: folder) } catch { warnings.append("the presets folder's .gitignore could not be written: \(error)") }
        }
        let key: Ed25519
        do throws(SigningKey.KeyError) {
            guard let made = try SigningKey.of(folder: state.path, create: true) else { throw SigningKey.KeyError(description: "no key") }
            key = made
        } catch {
            throw HistoryError(.refusedAtStart, "the workbench's signing key cannot be read or made in its state folder: \(error.description)")
        }
        guard !historyID.isEmpty else { return (state, key, nil) }
        let checked = try database.withConnection { connection in
            try checkChain(folder: folder, connection: connection, readOnly: database.isReadOnly, historyID: historyID, state: state,
                           key: key, fresh: fresh, newHistory: options.newHistory, warnings: &warnings)
        }
        return (state, key, checked)
    }

    static func chainRefusal(_ folder: String, _ what: String) -> HistoryError {
        HistoryError(.refusedAtStart, "the presets' history in \(folder) \(what). Nothing was changed. Restore a backup with "
                     + "`workbench history restore BACKUP --presets \(folder)` (backups are in \(folder)/\(backupsFolderName)/)")
    }

    private static func checkChain(folder: String, connection: SQLiteConnection, readOnly: Bool, historyID: String, state: StateFolder,
                                   key: Ed25519, fresh: Bool, newHistory: Bool, warnings: inout [String]) throws -> (head: ChainHead, verdict: HistoryChain.Verdict)? {
        let hasChain = try HistoryChain.tableExists(HistoryChain.table, on: connection)
        if readOnly && !hasChain {
            warnings.append("the presets' history predates its hash chain and is read-only, so it cannot be checked")
            return nil
        }
        var kept: ChainHead?
        do { kept = try ChainHead.read(from: state, key: key) } catch {
            // Asked for a new history, the person replaces a record that cannot be checked, as one of another history.
            guard fresh && newHistory else { throw error }
            warnings.append("the workbench's record of an earlier history could not be checked (\(error.message)); the history begun here replaces it")
        }
        if let known = kept, known.historyID != historyID {
            guard fresh else {
                throw chainRefusal(folder, "is not the one this workbench kept: its id is \(historyID), while the workbench's state (\(state.path)) "
                                   + "records history \(known.historyID); it comes from another workbench or folder (run that one with its own --state)")
            }
            kept = nil  // a history begun here and now (a new folder, --new-history) replaces the old record
        }
        if !hasChain { try HistoryChain.createTable(connection) }
        if try HistoryChain.head(on: connection)?.count == 0, try HistoryChain.hasRows(on: connection) {
            if let known = kept, known.head.count > 0 {
                throw chainRefusal(folder, "has lost its hash chain (the workbench kept \(known.head.count) entries of it)")
            }
            let made = try HistoryChain.adopt(on: connection)
            warnings.append("the presets' history predates its hash chain: the chain was built over its \(made) rows, so a change made behind the workbench's back is found from now on")
        }
        // A newer version's kinds taken in now are entries written here, not after the last signature.
        let beforeAdoption = try HistoryChain.head(on: connection)?.count ?? 0
        if !readOnly { _ = try HistoryChain.adoptLater(on: connection) }
        let adoptedNow = try (HistoryChain.head(on: connection)?.count ?? 0) - beforeAdoption
        let verdict = try connection.snapshot { try HistoryChain.verify(historyID: historyID, on: connection) }
        guard verdict.problems.isEmpty else {
            throw chainRefusal(folder, "does not verify: " + verdict.problems.prefix(3).joined(separator: "; ")
                               + (verdict.problems.count > 3 ? " (and \(verdict.problems.count - 3) more)" : ""))
        }
        if let known = kept {
            if let words = rollbackWords(known: known, now: verdict.head, connection: connection, historyID: historyID) { throw chainRefusal(folder, words) }
            if verdict.head.count - adoptedNow > known.head.count {
                warnings.append("the presets' history holds \(verdict.head.count - adoptedNow - known.head.count) entries written after the workbench last signed its head (a write cut short, or one a running server was still signing); they follow the chain and were taken in")
            }
        }
        let now = ChainHead(historyID: historyID, head: verdict.head)
        if !readOnly && now != kept { try now.write(to: state, key: key) }
        return (now, verdict)
    }

    /// Why a database whose chain ends at `now` is not the one whose head was `known`; nil when
    /// it is (the same, or grown from it).
    static func rollbackWords(known: ChainHead, now: HistoryChain.Head, connection: SQLiteConnection, historyID: String) -> String? {
        if now.count < known.head.count {
            return "was rolled back: its chain holds \(now.count) entries, but the workbench kept \(known.head.count); "
                + "the \(known.head.count - now.count) newest are missing (an older copy was put in place)"
        }
        let there = try? HistoryChain.hash(at: known.head.count, historyID: historyID, on: connection)
        if there != known.head.hash {
            return "was replaced: its chain differs from the one the workbench kept at entry \(known.head.count)"
        }
        return nil
    }

    /// Before a write: the database still holds the head the workbench kept (this server's, or
    /// a newer one another workbench command signed); after a commit: the new head signed and kept.
    func chainRefusal(connection: SQLiteConnection, afterCommit: Bool) -> HistoryError? {
        guard let key = signingKey, var kept = keptHead.withLock({ $0 }) else { return nil }
        do {
            if let onDisk = try ChainHead.read(from: state, key: key), onDisk.historyID == kept.historyID, onDisk.head.count > kept.head.count {
                kept = onDisk
            }
        } catch {
            return HistoryError(.removedOrReplaced, "\(error.message); writes are refused, reads go on")
        }
        guard let now = try? HistoryChain.head(on: connection) else {
            return HistoryError(.removedOrReplaced, "the presets' history has lost its hash chain; writes are refused, reads go on")
        }
        if let words = Self.rollbackWords(known: kept, now: now, connection: connection, historyID: historyID) {
            tampering.withLock { $0 = $0 ?? "it " + words }   // found: kept, as a change behind our back is
            return HistoryError(.removedOrReplaced, "the presets' history database \(words) while the server ran, so writes are refused "
                                + "(none would be kept honestly); reads go on. Stop the server and run `workbench history check`")
        }
        if let problem = changedBehindOurBack(connection: connection, afterCommit: afterCommit) {
            return HistoryError(.removedOrReplaced, "the presets' history database was changed behind the workbench's back while the server ran "
                                + "(\(problem)), so writes are refused (none would be kept honestly); reads go on. "
                                + "Stop the server and run `workbench history check`")
        }
        if afterCommit && now.count > kept.head.count {
            let next = ChainHead(historyID: historyID, head: now)
            do { try next.write(to: state, key: key) } catch {
                return HistoryError(.readOnly, "the workbench could not keep its history's signed head in \(state.path): \(error)")
            }
            kept = next
        }
        keptHead.withLock { $0 = kept }
        return nil
    }

    /// Before a read that people trust (a preset's approvals): what another process committed
    /// since the server last looked is checked as before a write, so a row written behind the
    /// server's back is found at once. What was found changed, else nil.
    package func problemBeforeReading() -> String? {
        if let found = changedBehindItsBack { return found }
        _ = try? database.withConnection { connection in chainRefusal(connection: connection, afterCommit: false) }
        return changedBehindItsBack
    }

    /// Another process committed since the server last looked (SQLite's `data_version` moved): a
    /// workbench command extends the chain as the server does, an edit made with another tool
    /// breaks it, so the whole chain is checked once; nil when it verifies or nothing changed.
    private func changedBehindOurBack(connection: SQLiteConnection, afterCommit: Bool) -> String? {
        if let found = tampering.withLock({ $0 }) { return found }  // once found, every later write is refused too
        guard let version = (try? connection.query("PRAGMA data_version"))?.first?.integer(0) else { return "its data version cannot be read" }
        let seen = seenDataVersion.withLock { seen in defer { seen = version }; return seen }
        let file = FileStamp(path, checkpoint: connection.checkpointMark)
        let seenStamp = seenFile.withLock { stamp in defer { if afterCommit || stamp == nil { stamp = file } }; return stamp }
        var found: String?
        if !afterCommit, let seenStamp, file != seenStamp, seen == version {
            // Another connection's checkpoint (a workbench command beside the server) copies the
            // write-ahead log into the file without a commit: the same content, no one's edit. A
            // copy put in place looks the same, so the file is read afresh (this connection's
            // cache would show what it held) and taken only when its whole chain verifies and
            // ends where this connection's does.
            if let file, Self.checkpointMoved(since: seenStamp, now: file, connection: connection) {
                if let problem = Self.problemReadAfresh(path, historyID: historyID, head: try? HistoryChain.head(on: connection)) {
                    found = problem
                } else {
                    seenFile.withLock { $0 = file }
                }
            } else {
                found = "its file was written by another program, not through SQLite (a copy put in place?)"
            }
        } else if let seen, seen != version {
            guard let verdict = try? HistoryChain.verify(historyID: historyID, on: connection) else { return "its hash chain cannot be read" }
            if !verdict.problems.isEmpty { found = verdict.problems.prefix(3).joined(separator: "; ") }
        }
        if let found { tampering.withLock { $0 = found } }
        return found
    }

    /// Whether a checkpoint explains the file's change since `earlier`. Another process's
    /// checkpoint (every workbench command opening the history runs one) writes the file's pages
    /// first and moves the index's mark after: a file changed with the mark not yet moved is
    /// looked at again for a moment before it counts as written by another program.
    private static func checkpointMoved(since earlier: FileStamp, now: FileStamp, connection: SQLiteConnection) -> Bool {
        if now.checkpointed(since: earlier) { return true }
        for _ in 0..<10 {
            usleep(20_000)
            if let mark = connection.checkpointMark, earlier.checkpoint != nil, mark != earlier.checkpoint { return true }
        }
        return false
    }

    /// What is wrong with the history as a new connection reads the file at `path`: nil when its
    /// chain verifies and its head is `head`.
    private static func problemReadAfresh(_ path: String, historyID: String, head: HistoryChain.Head?) -> String? {
        guard let head else { return "its hash chain cannot be read" }
        do {
            let fresh = try SQLiteConnection(path: path, readOnly: true, create: false)
            let verdict = try fresh.snapshot { try HistoryChain.verify(historyID: historyID, on: fresh) }
            if !verdict.problems.isEmpty { return verdict.problems.prefix(3).joined(separator: "; ") }
            return verdict.head == head ? nil : "its file does not end where the server's history does (a copy put in place?)"
        } catch {
            return "its file cannot be read afresh (\(error))"
        }
    }

    /// `workbench history check`: the full check of the open history against the kept head.
    package func check() throws -> HistoryChain.Verdict {
        try database.withConnection { connection in
            var verdict = try HistoryChain.verify(historyID: historyID, on: connection)
            if let kept = keptHead.withLock({ $0 }), let words = Self.rollbackWords(known: kept, now: verdict.head, connection: connection, historyID: historyID) {
                verdict.problems.append("it " + words)
            }
            return verdict
        }
    }
}

/// A file's modification time and size, to notice it being written by someone else, and where
/// SQLite's checkpoints of its write-ahead log stood then. Only `stat` and SQLite's own mapping of
/// the index: opening and closing a file SQLite has open (the database, its `-shm` index) drops
/// every POSIX lock the process holds on it, and another process would then take the server's
/// mapped index for no one's and reset it under the server (a bus error).
struct FileStamp: Equatable, Sendable {
    let seconds: Int, nanoseconds: Int, size: Int64
    /// `SQLiteConnection.checkpointMark` of the server's connection.
    let checkpoint: [UInt8]?

    init?(_ path: String, checkpoint: [UInt8]?) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        seconds = info.st_mtim.tv_sec
        nanoseconds = info.st_mtim.tv_nsec
        size = Int64(info.st_size)
        self.checkpoint = checkpoint
    }

    /// Whether a checkpoint since `earlier` explains a change of the file.
    func checkpointed(since earlier: FileStamp) -> Bool {
        checkpoint != nil && earlier.checkpoint != nil && checkpoint != earlier.checkpoint
    }
}
