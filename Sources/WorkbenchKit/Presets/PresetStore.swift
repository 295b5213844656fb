import Foundation
import Synchronization

/// Presets as files in one folder, one JSON file each, named from the preset name but never
/// able to leave the folder. Writes are atomic (temporary file in the same folder, fsync,
/// rename, fsync of the folder) and guarded by a revision: the hash of the file's bytes.
final class PresetStore: Sendable {
    let folder: String
    private let lock = Mutex(())

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
        lock.withLock { _ in scan() }
    }

    func get(_ name: String) -> Entry? {
        lock.withLock { _ in scan().entries.first { $0.preset.name == name } }
    }

    enum SaveError: Error { case conflict(current: String?) }

    /// Saves `preset` under its name; `created` says whether no file held it before. `ifMatch`
    /// is the revision the client last saw; a different current revision (or, with `mustBeNew`,
    /// any existing preset) is a conflict. Keys this version does not know, kept in the file
    /// being replaced, are carried over: a page that never saw them cannot drop them.
    func save(_ preset: Preset, ifMatch: String?, mustBeNew: Bool = false) throws -> (entry: Entry, created: Bool) {
        try lock.withLock { _ in
            let existing = scan().entries.first { $0.preset.name == preset.name }
            if mustBeNew, existing != nil { throw SaveError.conflict(current: existing?.revision) }
            if let ifMatch, ifMatch != "*", ifMatch != existing?.revision { throw SaveError.conflict(current: existing?.revision) }
            var saved = preset
            for (key, value) in existing?.preset.unknownParameters ?? [] where !saved.unknownParameters.contains(where: { $0.0 == key }) {
                saved.unknownParameters.append((key, value))
            }
            let fileName = existing?.fileName ?? freeFileName(for: preset.name)
            let bytes = Array(saved.fileText.utf8)
            try AtomicFile.write(bytes, to: folder + "/" + fileName)
            return (Entry(preset: saved, revision: Self.revision(of: bytes), fileName: fileName), existing == nil)
        }
    }

    /// Renames by writing the new file first and removing the old one only then.
    func rename(_ name: String, to newName: String, ifMatch: String?) throws -> Entry? {
        try lock.withLock { _ in
            let entries = scan().entries
            guard let existing = entries.first(where: { $0.preset.name == name }) else { return nil }
            if let ifMatch, ifMatch != existing.revision { throw SaveError.conflict(current: existing.revision) }
            if entries.contains(where: { $0.preset.name == newName }) { throw SaveError.conflict(current: nil) }
            var renamed = existing.preset
            renamed.name = newName
            renamed.updatedAt = Preset.now()
            let fileName = freeFileName(for: newName)
            let bytes = Array(renamed.fileText.utf8)
            try AtomicFile.write(bytes, to: folder + "/" + fileName)
            try FileManager.default.removeItem(atPath: folder + "/" + existing.fileName)
            return Entry(preset: renamed, revision: Self.revision(of: bytes), fileName: fileName)
        }
    }

    func delete(_ name: String, ifMatch: String?) throws -> Bool {
        try lock.withLock { _ in
            guard let existing = scan().entries.first(where: { $0.preset.name == name }) else { return false }
            if let ifMatch, ifMatch != existing.revision { throw SaveError.conflict(current: existing.revision) }
            try FileManager.default.removeItem(atPath: folder + "/" + existing.fileName)
            return true
        }
    }

    private func scan() -> (entries: [Entry], problems: [Problem]) {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        var entries: [Entry] = [], problems: [Problem] = []
        for file in files.sorted() where file.hasSuffix(".json") && !file.hasPrefix(".") {
            guard let data = FileManager.default.contents(atPath: folder + "/" + file) else { continue }
            let bytes = [UInt8](data)
            do {
                let json = try JSONValue.parse(bytes)
                let preset = try Preset(json: json, requireEnvelope: true)
                if entries.contains(where: { $0.preset.name == preset.name }) {
                    problems.append(Problem(fileName: file, message: "another file already holds a preset named \"\(preset.name)\""))
                    continue
                }
                entries.append(Entry(preset: preset, revision: Self.revision(of: bytes), fileName: file))
            } catch let error as HTTPError {
                problems.append(Problem(fileName: file, message: (error.field.map { "\($0): " } ?? "") + error.message))
            } catch {
                problems.append(Problem(fileName: file, message: "\(error)"))
            }
        }
        entries.sort { $0.preset.name.localizedStandardCompare($1.preset.name) == .orderedAscending }
        return (entries, problems)
    }

    /// A file name from the preset name: lower-case ASCII letters and digits joined by '-',
    /// with a number added when taken. Nothing in it can name another folder.
    private func freeFileName(for name: String) -> String {
        var slug = ""
        for scalar in name.lowercased().unicodeScalars {
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

/// Crash-safe replacement of a file: a reader sees the old bytes or the new, never a mix.
enum AtomicFile {
    struct WriteError: Error, CustomStringConvertible { let description: String }

    static func write(_ bytes: [UInt8], to path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        let temporary = folder + "/.\((path as NSString).lastPathComponent).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard fd >= 0 else { throw WriteError(description: "cannot create \(temporary): \(String(cString: strerror(errno)))") }
        var written = 0
        let ok = bytes.withUnsafeBytes { buffer -> Bool in
            while written < buffer.count {
                let n = Glibc.write(fd, buffer.baseAddress! + written, buffer.count - written)
                if n <= 0 { return false }
                written += n
            }
            return fsync(fd) == 0
        }
        close(fd)
        guard ok, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw WriteError(description: "cannot write \(path): \(String(cString: strerror(errno)))")
        }
        let dir = open(folder, O_RDONLY)
        if dir >= 0 { fsync(dir); close(dir) }
    }
}
