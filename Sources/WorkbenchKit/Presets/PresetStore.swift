import Foundation
import Synchronization

/// Presets as files in one folder, one JSON file each, named from the preset name but never
/// able to leave the folder. Writes are atomic (temporary file in the same folder, fsync,
/// rename, fsync of the folder) and guarded by a revision: the hash of the file's bytes.
/// Parsed files are kept in memory; a file is read again only when its inode, size or
/// modification time changed, so people may still edit the folder by hand.
final class PresetStore: Sendable {
    let folder: String
    private let cache = Mutex(Cache())

    /// What was read from each file, and the stat that says whether it is still current.
    private struct Cache {
        var files: [String: CachedFile] = [:]
        /// The sorted listing, valid while no file changed.
        var listing: (entries: [Entry], problems: [Problem])?
    }

    private struct CachedFile {
        let stamp: FileStamp
        let outcome: Result<Entry, PresetError>
    }

    private struct FileStamp: Equatable {
        let inode: UInt64, size: Int64, seconds: Int, nanoseconds: Int

        init?(path: String) {
            var info = stat()
            guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
            inode = UInt64(info.st_ino); size = Int64(info.st_size)
            seconds = info.st_mtim.tv_sec; nanoseconds = info.st_mtim.tv_nsec
        }
    }

    struct Entry: Sendable {
        let preset: Preset
        let revision: String
        let fileName: String
    }

    struct Problem: Sendable {
        let fileName: String
        let message: String
    }

    init(folder: String) throws {
        let url = URL(fileURLWithPath: folder).standardizedFileURL
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        self.folder = url.resolvingSymlinksInPath().path
        // Temporary files left by a save that was killed half-way hold nothing the real files lack.
        for file in (try? FileManager.default.contentsOfDirectory(atPath: self.folder)) ?? [] where file.hasPrefix(".") && file.hasSuffix(".tmp") {
            try? FileManager.default.removeItem(atPath: self.folder + "/" + file)
        }
    }

    /// Every readable preset, sorted by name, and the files that could not be read.
    func list() -> (entries: [Entry], problems: [Problem]) {
        cache.withLock { scan(&$0) }
    }

    func get(_ name: String) -> Entry? {
        cache.withLock { cache in scan(&cache).entries.first { $0.preset.name == name } }
    }

    enum SaveError: Error {
        case conflict(current: String?)
        /// Keys carried over from the file being replaced would push the preset past its bounds.
        case invalid(PresetError)
    }

    /// Saves `preset` under its name; `created` says whether no file held it before. `ifMatch`
    /// is the revision the client last saw; a different current revision (or, with `mustBeNew`,
    /// any existing preset) is a conflict. Keys this version does not know, kept in the file
    /// being replaced, are carried over: a page that never saw them cannot drop them.
    /// `If-Match` as RFC 9110 reads it, the same for every write: `*` matches any saved
    /// version (and nothing when none exists), a revision only itself.
    static func matches(_ ifMatch: String, _ revision: String?) -> Bool {
        guard let revision else { return false }
        return ifMatch == "*" || ifMatch == revision
    }

    func save(_ preset: Preset, ifMatch: String?, mustBeNew: Bool = false) throws -> (entry: Entry, created: Bool) {
        try cache.withLock { cache in
            let existing = scan(&cache).entries.first { $0.preset.name == preset.name }
            if mustBeNew, existing != nil { throw SaveError.conflict(current: existing?.revision) }
            if let ifMatch, !Self.matches(ifMatch, existing?.revision) { throw SaveError.conflict(current: existing?.revision) }
            var saved = preset
            for (key, value) in existing?.preset.unknownParameters ?? [] where !saved.unknownParameters.contains(where: { $0.0 == key }) {
                saved.unknownParameters.append((key, value))
            }
            do throws(PresetError) { try Preset.checkUnknown(saved.unknownParameters) } catch { throw SaveError.invalid(error) }
            let fileName = existing?.fileName ?? freeFileName(for: preset.name)
            let entry = try write(saved, to: fileName, cache: &cache)
            return (entry, existing == nil)
        }
    }

    /// Renames by writing the new file first and removing the old one only then.
    func rename(_ name: String, to newName: String, ifMatch: String?) throws -> Entry? {
        try cache.withLock { cache in
            let entries = scan(&cache).entries
            guard let existing = entries.first(where: { $0.preset.name == name }) else { return nil }
            if let ifMatch, !Self.matches(ifMatch, existing.revision) { throw SaveError.conflict(current: existing.revision) }
            if entries.contains(where: { $0.preset.name == newName }) { throw SaveError.conflict(current: nil) }
            var renamed = existing.preset
            renamed.name = newName
            renamed.updatedAt = Preset.now()
            let entry = try write(renamed, to: freeFileName(for: newName), cache: &cache)
            try FileManager.default.removeItem(atPath: folder + "/" + existing.fileName)
            cache.files[existing.fileName] = nil
            cache.listing = nil
            return entry
        }
    }

    func delete(_ name: String, ifMatch: String?) throws -> Bool {
        try cache.withLock { cache in
            guard let existing = scan(&cache).entries.first(where: { $0.preset.name == name }) else { return false }
            if let ifMatch, !Self.matches(ifMatch, existing.revision) { throw SaveError.conflict(current: existing.revision) }
            try FileManager.default.removeItem(atPath: folder + "/" + existing.fileName)
            cache.files[existing.fileName] = nil
            cache.listing = nil
            return true
        }
    }

    /// Writes the preset's file atomically and remembers it, so the next scan need not read it.
    private func write(_ preset: Preset, to fileName: String, cache: inout Cache) throws -> Entry {
        let path = folder + "/" + fileName
        let bytes = Array(preset.fileText.utf8)
        try AtomicFile.write(bytes, to: path)
        let entry = Entry(preset: preset, revision: Self.revision(of: bytes), fileName: fileName)
        cache.files[fileName] = FileStamp(path: path).map { CachedFile(stamp: $0, outcome: .success(entry)) }
        cache.listing = nil
        return entry
    }

    /// The folder's presets: one stat per file, and a read and parse only of files that changed.
    private func scan(_ cache: inout Cache) -> (entries: [Entry], problems: [Problem]) {
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted()
        var changed = Set(cache.files.keys) != Set(files)
        var current: [String: CachedFile] = [:]
        for file in files {
            let path = folder + "/" + file
            guard let stamp = FileStamp(path: path) else { changed = true; continue }
            if let known = cache.files[file], known.stamp == stamp {
                current[file] = known
                continue
            }
            changed = true
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            current[file] = CachedFile(stamp: stamp, outcome: Self.read([UInt8](data), fileName: file))
        }
        cache.files = current
        if !changed, let listing = cache.listing { return listing }
        var entries: [Entry] = [], problems: [Problem] = []
        for file in files {
            switch current[file]?.outcome {
            case .success(let entry)?:
                if entries.contains(where: { $0.preset.name == entry.preset.name }) {
                    problems.append(Problem(fileName: file, message: "another file already holds a preset named \"\(entry.preset.name)\""))
                } else {
                    entries.append(entry)
                }
            case .failure(let error)?: problems.append(Problem(fileName: file, message: error.description))
            case nil: continue
            }
        }
        entries.sort { $0.preset.name.localizedStandardCompare($1.preset.name) == .orderedAscending }
        cache.listing = (entries, problems)
        return (entries, problems)
    }

    private static func read(_ bytes: [UInt8], fileName: String) -> Result<Entry, PresetError> {
        do {
            let json: JSONValue
            do { json = try JSONValue.parse(bytes) } catch { throw PresetError(error.description) }
            let preset = try Preset(json: json, requireEnvelope: true)
            return .success(Entry(preset: preset, revision: revision(of: bytes), fileName: fileName))
        } catch let error as PresetError {
            return .failure(error)
        } catch {
            return .failure(PresetError("\(error)"))
        }
    }

    /// A file name from the preset name: lower-case ASCII letters and digits joined by '-'
    /// (accents dropped: "Café" is "cafe"), with a number added when taken. Nothing in it can
    /// name another folder.
    private func freeFileName(for name: String) -> String {
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

    /// FNV-1a of the file's bytes: changes whenever the file does, survives restarts.
    static func revision(of bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in bytes { hash = (hash ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
