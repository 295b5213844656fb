import CSQLite
import Foundation
import Glibc
import WorkbenchSupport

/// Restoring a history from a backup, and the backups themselves.
extension HistoryFile {
    // MARK: Restore

    /// Puts the backup `source` in place of `folder`'s history: refused while a server holds the
    /// folder, when the backup fails `PRAGMA integrity_check` or `checkBackup` (unknown schema
    /// objects, a chain that does not verify, older than the head kept in `state` without
    /// `acceptOlder`); the copy is written beside the
    /// database, checked, and renamed into place; the database it replaces (if any) is moved
    /// into the backups folder as `replaced-TIME.sqlite`. Returns what was done, in words.
    package static func restore(backup source: String, folder: String, state: StateFolder, acceptOlder: Bool = false) throws -> String {
        let path = folder + "/" + databaseFileName
        let fd = Glibc.open(folder + "/" + lockFileName, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw HistoryError(.readOnly, "cannot restore into \(folder): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            throw HistoryError(.refusedAtStart, "a workbench server is using \(folder); stop it, then restore")
        }
        guard HistoryFile.state(of: source) == .present else { throw HistoryError(.unreadable, "\(source) is no SQLite database") }
        let summary: String
        let checked: (head: ChainHead?, note: String?)
        let temporary = path + ".restoring"
        unlink(temporary)
        do {
            let backup = try SQLiteConnection(path: source, readOnly: true, create: false)
            let check = try backup.query("PRAGMA integrity_check").compactMap { $0.text(0) }.joined(separator: "; ")
            guard check == "ok" else { throw HistoryError(.unreadable, "\(source) is damaged (integrity check: \(check.prefix(200))); choose another backup") }
            guard try !backup.query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'revisions'").isEmpty else {
                throw HistoryError(.unreadable, "\(source) holds no presets' history")
            }
            checked = try checkBackup(backup, source: source, folder: folder, state: state, acceptOlder: acceptOlder)
            let presets = try backup.query("SELECT count(*) FROM presets").first?.integer(0) ?? 0
            let revisions = try backup.query("SELECT count(*) FROM revisions").first?.integer(0) ?? 0
            summary = "\(presets) presets, \(revisions) revisions"
            try backup.backup(to: temporary)
        } catch let error as SQLiteError {
            unlink(temporary)
            throw HistoryError(.unreadable, "\(source) cannot be restored: \(error.message)")
        }
        do {
            try HistoryBackups.syncFile(temporary)
            let copy = try SQLiteConnection(path: temporary, readOnly: true, create: false)
            guard try copy.query("PRAGMA quick_check").first?.text(0) == "ok" else { throw HistoryError(.unreadable, "the restored copy does not check out") }
        } catch {
            unlink(temporary)
            throw error
        }
        // The database replaced goes into the backups folder with its WAL, as it is.
        let backups = HistoryBackups(folder: folder + "/" + backupsFolderName, kept: 0)
        try backups.makeFolder()
        var replaced: String?
        if FileManager.default.fileExists(atPath: path) {
            let name = "replaced-" + HistoryBackups.stamp() + ".sqlite"
            for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: path + suffix) {
                guard rename(path + suffix, backups.folder + "/" + name + suffix) == 0 else {
                    unlink(temporary)
                    throw HistoryError(.readOnly, "the current history could not be moved aside: \(String(cString: strerror(errno)))")
                }
            }
            replaced = name
        }
        unlink(path + "-shm")
        unlink(path + "-wal")
        guard rename(temporary, path) == 0 else {
            throw HistoryError(.readOnly, "the backup could not be put in place: \(String(cString: strerror(errno)))")
        }
        PresetStore.syncFolder(folder)
        PresetStore.syncFolder(backups.folder)
        if let id = try? SQLiteConnection(path: path, readOnly: true, create: false).query("SELECT value FROM workbench_meta WHERE key = 'history_id'").first?.text(0) {
            try? AtomicFile.update(Array("\(id)\n".utf8), at: folder + "/" + markerFileName)
        }
        // The restored chain is now the one the workbench keeps; a backup from before the chain
        // has it built at the next start.
        if let head = checked.head, let key = try? SigningKey.of(folder: state.path, create: true) {
            try head.write(to: state, key: key)
        } else {
            unlink(state.path + "/" + ChainHead.fileName)
        }
        return (checked.note.map { $0 + ". " } ?? "") + "restored the presets' history from \((source as NSString).lastPathComponent) (\(summary))"
            + (replaced.map { "; the history it replaced was kept as \(backupsFolderName)/\($0)" } ?? "")
            + ". Preset files changed since the backup are taken in as new revisions at the next start"
    }
}

/// The folder of backups (`.workbench-backups/`): `history-TIME.sqlite` taken at start and every
/// few writes, the newest `kept` of them kept; `manual-…` (`workbench history backup`),
/// `rescued-…` and `replaced-…` are never pruned.
package struct HistoryBackups: Sendable {
    package let folder: String
    package let kept: Int

    package init(folder: String, kept: Int) { self.folder = folder; self.kept = kept }

    /// UTC time in a file name's form, sortable: 20250101T120000.123Z.
    package static func stamp() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss.SSS'Z'"
        return formatter.string(from: Date())
    }

    /// Every backup, oldest first (by name, which is by time).
    package func list() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".sqlite") && !$0.hasPrefix(".") }.sorted {
            $0.split(separator: "-").dropFirst().joined() < $1.split(separator: "-").dropFirst().joined()
        }
    }

    package func makeFolder() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    /// A backup of what `connection` holds; returns its file name.
    package func take(from connection: SQLiteConnection, kind: String = "history") throws -> String {
        try makeFolder()
        var name = "\(kind)-\(Self.stamp()).sqlite"
        while FileManager.default.fileExists(atPath: folder + "/" + name) { name = "\(kind)-\(Self.stamp())-\(Int.random(in: 100...999)).sqlite" }
        let temporary = folder + "/.\(name).tmp"
        do {
            try connection.backup(to: temporary)
            try Self.syncFile(temporary)
            guard rename(temporary, folder + "/" + name) == 0 else { throw AtomicFile.WriteError(description: "cannot name the backup", code: errno) }
        } catch {
            unlink(temporary)
            throw error
        }
        PresetStore.syncFolder(folder)
        prune()
        return name
    }

    /// A backup of the database file at `path`, through a read-only connection of its own.
    package func take(fromFile path: String, kind: String = "history") throws -> String {
        let source = try SQLiteConnection(path: path, readOnly: true, create: false)
        return try take(from: source, kind: kind)
    }

    /// Keeps the newest `kept` periodic backups.
    package func prune() {
        let periodic = list().filter { $0.hasPrefix("history-") }
        guard kept > 0, periodic.count > kept else { return }
        for name in periodic.dropLast(kept) { unlink(folder + "/" + name) }
    }

    static func syncFile(_ path: String) throws {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw AtomicFile.WriteError(description: "cannot open the backup", code: errno) }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw AtomicFile.WriteError(description: "cannot sync the backup", code: errno) }
    }
}
