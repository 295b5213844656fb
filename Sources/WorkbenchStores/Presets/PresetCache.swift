import WorkbenchSupport
import ChartEngine
import Foundation

/// What the store keeps of the folder between requests: each file parsed once and read again
/// only when its inode, size or time changed; a file changed by hand is taken in as a revision.
extension PresetStore {
    /// What was read from each file, and the stat that says whether it is still current.
    package struct Cache {
        package var files: [String: CachedFile] = [:]
        /// The sorted listing, valid while no file changed.
        package var listing: (entries: [Entry], problems: [Problem])?
        /// The revision each file's bytes are, so a listing asks the database only about changes.
        package var known: [String: (hash: String, revision: Int, presetID: Int64)] = [:]
    }

    package struct CachedFile {
        package let stamp: FileStamp
        package let hash: String
        package let outcome: Result<Preset, PresetError>
    }

    package struct FileStamp: Equatable {
        package let inode: UInt64, size: Int64, seconds: Int, nanoseconds: Int

        package init?(path: String) {
            var info = stat()
            guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
            inode = UInt64(info.st_ino); size = Int64(info.st_size)
            seconds = info.st_mtim.tv_sec; nanoseconds = info.st_mtim.tv_nsec
        }
    }

    /// Remembers a file this store wrote, so the next scan need not read it or ask the history.
    package func remember(_ preset: Preset, revision: PresetHistory.Revision, bytes: Int, cache: inout Cache) -> Entry {
        let path = folder + "/" + revision.fileName
        let entry = Entry(preset: preset, revision: revision.number, fileName: revision.fileName, presetID: revision.presetID, bytes: bytes)
        cache.files[revision.fileName] = FileStamp(path: path).map { CachedFile(stamp: $0, hash: revision.fileHash, outcome: .success(preset)) }
        cache.known[revision.fileName] = (revision.fileHash, revision.number, revision.presetID)
        cache.listing = nil
        return entry
    }

    /// The folder's presets: one stat per file, and a read and parse only of files that changed.
    package func scan(_ cache: inout Cache) -> (entries: [Entry], problems: [Problem]) {
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
            let bytes = [UInt8](data)
            current[file] = CachedFile(stamp: stamp, hash: Self.fingerprint(of: bytes), outcome: Self.read(bytes))
        }
        cache.files = current
        if !changed, let listing = cache.listing { return listing }
        var entries: [Entry] = [], problems: [Problem] = []
        for file in files {
            guard let cached = current[file] else { continue }
            switch cached.outcome {
            case .success(let preset):
                if entries.contains(where: { $0.preset.name == preset.name }) {
                    problems.append(Problem(fileName: file, message: "another file already holds a preset named \"\(preset.name)\""))
                    continue
                }
                let (revision, presetID) = revisionOf(preset, file: file, hash: cached.hash, cache: &cache)
                entries.append(Entry(preset: preset, revision: revision, fileName: file, presetID: presetID, bytes: Int(cached.stamp.size)))
            case .failure(let error): problems.append(Problem(fileName: file, message: error.description))
            }
        }
        entries.sort { $0.preset.name.localizedStandardCompare($1.preset.name) == .orderedAscending }
        cache.listing = (entries, problems)
        return (entries, problems)
    }

    /// The revision a file's bytes are: known, the history's newest, or — for a file changed or
    /// added by hand — a new revision taken in now.
    package func revisionOf(_ preset: Preset, file: String, hash: String, cache: inout Cache) -> (Int, Int64) {
        if let known = cache.known[file], known.hash == hash { return (known.revision, known.presetID) }
        let outcome: (Int, Int64)? = try? database.withConnection { connection in
            try connection.transaction { () -> (Int, Int64) in
                let record = try PresetHistory.record(named: preset.name, on: connection)
                if let record, !record.deleted, record.fileHash == hash, record.fileName == file { return (record.latest, record.id) }
                let fileText = (try? String(contentsOfFile: folder + "/" + file, encoding: .utf8)) ?? preset.fileText
                let message = record == nil ? "taken in from the presets folder" : "changed in the presets folder"
                let base = try valueBase(record, on: connection)
                let revision = try PresetHistory.append(.init(name: preset.name, fileName: file, author: Self.folderAuthor, message: message,
                                                              fileText: fileText), to: record?.id, on: connection)
                // A file changed by hand keeps whoever set the values it did not change.
                try ParameterOrigins.record(revision.parametersSHA256, author: Self.folderAuthor, contributors: [],
                                            values: ParameterOrigins.values(of: fileText),
                                            bases: base.map { [$0] } ?? [], on: connection)
                try DecisionLog.append(.importFile, preset: preset.name, revision: revision.number, author: Self.folderAuthor,
                                       summary: "\(message): “\(preset.name)” (\(file)) as revision \(revision.number)", on: connection)
                return (revision.number, revision.presetID)
            }
        }
        guard let outcome else { return (0, 0) }
        cache.known[file] = (hash, outcome.0, outcome.1)
        return outcome
    }

}
