import ChartEngine
import Foundation

/// The preset files: reading one, naming a new one safely, syncing the folder, recognising a
/// file as a revision, and what went wrong in words a person can act on.
extension PresetStore {
    package static func read(_ bytes: [UInt8]) -> Result<Preset, PresetError> {
        do throws(PresetError) { return .success(try Preset(fileText: bytes)) } catch { return .failure(error) }
    }

    /// A file name from the preset name: lower-case ASCII letters and digits joined by '-'
    /// (accents dropped: "Café" is "cafe"), with a number added when taken. Nothing in it can
    /// name another folder.
    package func freeFileName(for name: String) -> String {
        var slug = ""
        for scalar in name.lowercased().decomposedStringWithCanonicalMapping.unicodeScalars {
            if scalar.properties.generalCategory == .nonspacingMark { continue }
            if scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)) {
                slug.unicodeScalars.append(scalar)
            } else if scalar == "'" || scalar == "\u{2019}" {
                continue
            } else if !slug.isEmpty && !slug.hasSuffix("-") {
                slug += "-"
            }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        slug = String(slug.prefix(48))
        if slug.isEmpty { slug = "preset" }
        var candidate = slug + ".json"
        var counter = 2
        while FileManager.default.fileExists(atPath: folder + "/" + candidate) {
            candidate = "\(slug)-\(counter).json"
            counter += 1
        }
        return candidate
    }

    package static func syncFolder(_ folder: String) {
        let dir = open(folder, O_RDONLY)
        if dir >= 0 { fsync(dir); close(dir) }
    }

    /// FNV-1a of a file's bytes: recognises a file on disk as one of the history's revisions.
    package static func fingerprint(of bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in bytes { hash = (hash ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    package static func fingerprint(atPath path: String) -> String? {
        FileManager.default.contents(atPath: path).map { fingerprint(of: [UInt8]($0)) }
    }
    /// What went wrong, in words a person can act on, without the server's paths or a system dump.
    package static func plainWords(_ error: any Error, name: String, doing: String, folder: String? = nil) -> String {
        let problem: String
        if let write = error as? AtomicFile.WriteError {
            switch write.code {
            case EROFS: problem = "the presets folder is read-only"
            case EACCES, EPERM: problem = "the server is not permitted to write in the presets folder"
            case ENOSPC, EDQUOT, EFBIG: problem = "the disk holding the presets folder is full"
            case EIO: problem = "the disk holding the presets folder failed"
            default: problem = folder.flatMap(folderProblem) ?? "the presets folder cannot be written (\(String(cString: strerror(write.code))))"
            }
        } else if let sqlite = error as? SQLiteError {
            // SQLite says I/O error for most of what a folder can do to it: ask the folder.
            problem = folder.flatMap(folderProblem) ?? (sqlite.isFull ? "the disk holding the presets folder is full"
                : sqlite.isReadOnly ? "the presets folder's history database is read-only" : "the presets folder's history database failed")
        } else {
            problem = folder.flatMap(folderProblem) ?? "the presets folder cannot be written"
        }
        return "“\(name)” could not be \(doing): \(problem)"
    }

    /// Read-only or (nearly) full, as the file system says; nil when neither.
    package static func folderProblem(_ folder: String) -> String? {
        var info = statvfs()
        guard statvfs(folder, &info) == 0 else { return nil }
        if info.f_flag & UInt(ST_RDONLY) != 0 { return "the presets folder is read-only" }
        if UInt64(info.f_bavail) * UInt64(info.f_bsize) < 64 * 1024 { return "the disk holding the presets folder is full" }
        if access(folder, W_OK) != 0 { return "the server is not permitted to write in the presets folder" }
        return nil
    }

}
