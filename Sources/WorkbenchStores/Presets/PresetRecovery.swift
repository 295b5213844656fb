import WorkbenchSupport
import ChartEngine
import Foundation

/// Bringing the folder in line with its history after a process was killed half-way.
extension PresetStore {
    /// Repairs what a killed process left between a database commit and its file: a save whose
    /// file still holds the revision before, a rename whose old file remains or new file is
    /// missing, a delete whose file remains. A missing file is recorded as deleted.
    package func recover() throws {
        for record in try history.records() {
            guard let latest = try history.revision(of: record.id, number: record.latest) else { continue }
            let previous = record.latest > 1 ? try history.revision(of: record.id, number: record.latest - 1) : nil
            let path = folder + "/" + latest.fileName
            if let previous, !previous.deleted, previous.fileName != latest.fileName || latest.deleted,
               Self.fingerprint(atPath: folder + "/" + previous.fileName) == previous.fileHash {
                if !latest.deleted && Self.fingerprint(atPath: path) == nil { try AtomicFile.write(Array(latest.fileText.utf8), to: path) }
                unlink(folder + "/" + previous.fileName)
                Self.syncFolder(folder)
                continue
            }
            if latest.deleted { continue }
            let onDisk = Self.fingerprint(atPath: path)
            if onDisk == latest.fileHash { continue }
            if onDisk == nil {
                // Removed by hand, or a create killed before its file (which never answered 2xx):
                // either way the revision stays in the history, restorable.
                try database.withConnection { connection in
                    try connection.transaction {
                        let revision = try PresetHistory.append(.init(name: latest.name, fileName: latest.fileName, author: Self.folderAuthor,
                                                                      message: "removed from the presets folder", deleted: true,
                                                                      fileText: latest.fileText), to: record.id, on: connection)
                        try DecisionLog.append(.delete, preset: latest.name, revision: revision.number, author: Self.folderAuthor,
                                               summary: "“\(latest.name)” was removed from the presets folder (revision \(revision.number); it can be restored)",
                                               on: connection)
                    }
                }
            } else if onDisk == previous?.fileHash {
                // Killed after the commit, before the file: the file is the revision's to write.
                try AtomicFile.write(Array(latest.fileText.utf8), to: path)
            }
            // Otherwise the file was changed by hand: the first listing takes it in.
        }
    }

}
