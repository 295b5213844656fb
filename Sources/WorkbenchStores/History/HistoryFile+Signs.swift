import Foundation
import Glibc

/// What the start rule reads before a database is opened or made: the file at the path, the
/// signs a history was kept in the folder, its preset files, and the head the state folder keeps.
extension HistoryFile {
    /// What the file at the path is, before SQLite is asked to open (and perhaps create) it.
    package enum State: Equatable {
        case missing, empty, notSQLite, present
    }

    package static func state(of path: String) -> State {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        if info.st_size == 0 { return .empty }
        guard let handle = FileHandle(forReadingAtPath: path) else { return .present }
        defer { try? handle.close() }
        let header = (try? handle.read(upToCount: 16)) ?? Data()
        return header == Data("SQLite format 3\0".utf8) ? .present : .notSQLite
    }

    /// Signs that a history was kept in `folder`: the marker, a backup, or a leftover WAL.
    package static func signsOfHistory(in folder: String) -> [String] {
        var signs: [String] = []
        let manager = FileManager.default
        if manager.fileExists(atPath: folder + "/" + markerFileName) { signs.append("its marker \(markerFileName)") }
        if !HistoryBackups(folder: folder + "/" + backupsFolderName, kept: 0).list().isEmpty { signs.append("backups in \(backupsFolderName)/") }
        if let size = (try? manager.attributesOfItem(atPath: folder + "/" + databaseFileName + "-wal"))?[.size] as? Int, size > 0 {
            signs.append("its write-ahead log \(databaseFileName)-wal")
        }
        return signs
    }

    /// The chain head `state` keeps, as its own key signed it (nil: no key there, or no head).
    static func keptHead(in state: StateFolder) throws(HistoryError) -> ChainHead? {
        guard let key = try? SigningKey.of(folder: state.path, create: false) else { return nil }
        return try ChainHead.read(from: state, key: key)
    }

    package static func presetFiles(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }
    }
}
