import Foundation
import Synchronization

/// Presets as files in one folder, one JSON file each, named from the preset name but never
/// able to leave the folder, with every revision kept in the workbench database beside them
/// (`.workbench.sqlite`, see `PresetHistory`).
///
/// A write commits its revision (and its decision-log entry) to the database first, then writes
/// the file atomically (temporary file, fsync, rename, fsync of the folder); if the file cannot
/// be written the revision is taken back, so the answer and the store agree. A process killed
/// between the two is repaired at the next start (`recover`), so a save that answered 2xx is
/// never lost. The revision a client names in `If-Match` is the preset's revision number.
/// Parsed files are kept in memory and read again only when their inode, size or modification
/// time changed; a file changed by hand (or by `git pull`) is taken in as a new revision.
final class PresetStore: Sendable {
    let folder: String
    let database: SQLiteDatabase
    let history: PresetHistory
    let reviews: PresetReviews
    let log: DecisionLog
    static let databaseFileName = ".workbench.sqlite"
    /// Who a file changed outside the workbench is attributed to.
    static let folderAuthor = "presets folder"
    private let cache = Mutex(Cache())

    /// A cap on the folder, so nobody can fill the disk or make the list unusable with presets.
    enum Limits {
        static let presets = 1_000
        static let totalBytes = 32 << 20
    }

    /// What was read from each file, and the stat that says whether it is still current.
    private struct Cache {
        var files: [String: CachedFile] = [:]
        /// The sorted listing, valid while no file changed.
        var listing: (entries: [Entry], problems: [Problem])?
        /// The revision each file's bytes are, so a listing asks the database only about changes.
        var known: [String: (hash: String, revision: Int, presetID: Int64)] = [:]
    }

    private struct CachedFile {
        let stamp: FileStamp
        let hash: String
        let outcome: Result<Preset, PresetError>
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
        /// The preset's revision number in the history (1, 2, 3…): its ETag.
        let revision: Int
        let fileName: String
        let presetID: Int64
        /// The file's size, counted against the folder's cap.
        var bytes: Int = 0
    }

    struct Problem: Sendable {
        let fileName: String
        let message: String
    }

    /// Presets the folder may hold (`serve --max-presets`; at most `Limits.presets`).
    let maxPresets: Int

    init(folder: String, maxPresets: Int = Limits.presets) throws {
        self.maxPresets = min(maxPresets, Limits.presets)
        let url = URL(fileURLWithPath: folder).standardizedFileURL
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        self.folder = url.resolvingSymlinksInPath().path
        do {
            database = try SQLiteDatabase(path: self.folder + "/" + Self.databaseFileName)
        } catch {
            // A read-only folder can still be served; its history lasts as long as this process.
            Output.error("the presets' history cannot be kept in \(Self.databaseFileName) (\(error)); it is kept in memory until the server stops")
            database = try SQLiteDatabase.inMemory()
        }
        history = try PresetHistory(database: database)
        reviews = try PresetReviews(database: database)
        log = try DecisionLog(database: database)
        // Temporary files left by a save that was killed half-way hold nothing the real files lack.
        for file in (try? FileManager.default.contentsOfDirectory(atPath: self.folder)) ?? [] where file.hasPrefix(".") && file.hasSuffix(".tmp") {
            try? FileManager.default.removeItem(atPath: self.folder + "/" + file)
        }
        if !database.isInMemory {
            // A folder that cannot be repaired now (read-only) is still served as it is.
            do { try recover() } catch { Output.error("the presets folder could not be brought in line with its history: \(error)") }
        }
        _ = list()
    }

    // MARK: Reading

    /// Every readable preset, sorted by name, and the files that could not be read.
    func list() -> (entries: [Entry], problems: [Problem]) {
        cache.withLock { scan(&$0) }
    }

    func get(_ name: String) -> Entry? {
        cache.withLock { cache in scan(&cache).entries.first { $0.preset.name == name } }
    }

    /// The preset's history, newest first, or nil when the history knows no preset of that name
    /// (a deleted preset still has one).
    func revisions(of name: String, limit: Int = PresetHistory.Limits.maxPageSize, before: Int? = nil) throws -> [PresetHistory.Revision]? {
        guard let record = try history.record(named: name) else { return nil }
        return try history.revisions(of: record.id, limit: limit, before: before)
    }

    func revision(of name: String, number: Int) throws -> PresetHistory.Revision? {
        guard let record = try history.record(named: name) else { return nil }
        return try history.revision(of: record.id, number: number)
    }

    /// Status and reviews of the preset answering to `name`, nil when there is none.
    func status(of name: String) throws -> PresetReviews.Status? {
        guard let record = try history.record(named: name) else { return nil }
        return PresetReviews.status(reviews: try reviews.reviews(of: record.id), latest: record.deleted ? nil : record.latest)
    }

    /// The preset to export and where it came from: the current file (`selector` nil), revision
    /// `selector` ("3"), or the newest approved revision ("approved").
    func exportable(_ name: String, revision selector: String?) throws -> (preset: Preset, provenance: Provenance) {
        guard let record = try history.record(named: name), !record.deleted || selector != nil else { throw SaveError.notFound }
        let reviewed = try reviews.reviews(of: record.id)
        let approvals = PresetReviews.approvals(reviewed)
        let number: Int
        switch selector {
        case nil:
            guard let entry = get(name) else { throw SaveError.notFound }
            number = entry.revision
        case "approved"?:
            guard let approved = approvals.keys.max() else { throw SaveError.noRevision("no revision of “\(name)” is approved yet") }
            number = approved
        case let text?:
            guard (1...9).contains(text.utf8.count), !text.hasPrefix("0"), text.utf8.allSatisfy({ (48...57).contains($0) }), let n = Int(text) else {
                throw SaveError.noRevision("revision must be a revision number or \"approved\"")
            }
            number = n
        }
        guard let revision = try history.revision(of: record.id, number: number), !revision.deleted else {
            throw SaveError.noRevision("“\(name)” has no revision \(number) to export")
        }
        var preset: Preset
        do { preset = try Preset(json: try JSONValue.parse(revision.fileText), requireEnvelope: true) } catch {
            throw SaveError.noRevision("revision \(number) of “\(name)” cannot be read: \(error)")
        }
        preset.name = record.name
        let approval = approvals[number]
        let status = approval != nil ? "approved"
            : number == record.latest ? PresetReviews.status(reviews: reviewed, latest: record.latest).state.rawValue : "draft"
        return (preset, Provenance(preset: record.name, revision: number, status: status, approvers: approval?.approvers ?? [],
                                   approvedAt: approval?.at, parametersSHA256: preset.parametersSHA256))
    }

    /// Provenance for parameters that may be no saved revision (an export of what is on screen):
    /// a saved revision of `name` with exactly these parameters when there is one, else unsaved.
    func provenance(of preset: Preset, savedAs name: String?) -> Provenance {
        let hash = preset.parametersSHA256
        let unsaved = Provenance(preset: preset.name, revision: nil, status: "unsaved", approvers: [], approvedAt: nil, parametersSHA256: hash)
        guard let name, let current = try? exportable(name, revision: nil) else { return unsaved }
        if current.provenance.parametersSHA256 == hash { return current.provenance }
        if let approved = try? exportable(name, revision: "approved"), approved.provenance.parametersSHA256 == hash { return approved.provenance }
        return unsaved
    }

    func reviewList(of name: String) throws -> [PresetReviews.Review]? {
        guard let record = try history.record(named: name) else { return nil }
        return try reviews.reviews(of: record.id)
    }

    // MARK: Writing

    enum SaveError: Error {
        case conflict(current: Int?)
        /// Keys carried over from the file being replaced would push the preset past its bounds.
        case invalid(PresetError)
        /// The folder holds as many presets (or bytes) as it may.
        case full(String)
        case notFound
        /// A revision that does not exist or cannot be used (deleted, never saved).
        case noRevision(String)
        /// The file or the database could not be written; the words name the preset and why.
        case storage(String)
    }

    /// `If-Match` as RFC 9110 reads it, the same for every write: `*` matches any saved
    /// version (and nothing when none exists), a revision only itself.
    static func matches(_ ifMatch: String, _ revision: Int?) -> Bool {
        guard let revision else { return false }
        return ifMatch == "*" || ifMatch == String(revision)
    }

    /// Saves `preset` under its name as a new revision by `author`; `created` says whether no
    /// file held it before. `ifMatch` is the revision the client last saw; a different current
    /// revision (or, with `mustBeNew`, any existing preset) is a conflict. Keys this version does
    /// not know, kept in the file being replaced, are carried over: a page that never saw them
    /// cannot drop them.
    func save(_ preset: Preset, ifMatch: String?, mustBeNew: Bool = false, author: String = "", message: String = "")
        throws -> (entry: Entry, created: Bool, logged: DecisionLogEntry?) {
        try cache.withLock { cache in
            let listing = scan(&cache)
            let existing = listing.entries.first { $0.preset.name == preset.name }
            if mustBeNew, existing != nil { throw SaveError.conflict(current: existing?.revision) }
            if let ifMatch, !Self.matches(ifMatch, existing?.revision) { throw SaveError.conflict(current: existing?.revision) }
            var saved = preset
            for (key, value) in existing?.preset.unknownParameters ?? [] where !saved.unknownParameters.contains(where: { $0.0 == key }) {
                saved.unknownParameters.append((key, value))
            }
            do throws(PresetError) { try Preset.checkUnknown(saved.unknownParameters) } catch { throw SaveError.invalid(error) }
            let text = saved.fileText
            try checkCapacity(listing.entries, adding: text.utf8.count, replacing: existing)
            let fileName = existing?.fileName ?? freeFileName(for: preset.name)
            // A name that was deleted continues its history.
            let presetID = try existing?.presetID ?? storage(preset.name) { try history.record(named: preset.name)?.id }
            let what = existing == nil ? (presetID == nil ? "created" : "re-created") : "saved"
            let (revision, logged) = try commit(preset.name, presetID: presetID, PresetHistory.NewRevision(
                name: preset.name, fileName: fileName, author: author, message: message, fileText: text)) { revision in
                "\(what) revision \(revision.number) of “\(preset.name)”" + (message.isEmpty ? "" : ": \(message)")
            } files: { _ in
                try AtomicFile.write(Array(text.utf8), to: folder + "/" + fileName)
            }
            let entry = remember(saved, revision: revision, bytes: text.utf8.count, cache: &cache)
            return (entry, existing == nil, logged)
        }
    }

    /// Renames by committing the rename, writing the new file and only then removing the old
    /// one; on any failure both files and the history are as they were. The history follows.
    func rename(_ name: String, to newName: String, ifMatch: String?, author: String = "") throws -> (entry: Entry, logged: DecisionLogEntry?)? {
        try cache.withLock { cache in
            let entries = scan(&cache).entries
            guard let existing = entries.first(where: { $0.preset.name == name }) else { return nil }
            if let ifMatch, !Self.matches(ifMatch, existing.revision) { throw SaveError.conflict(current: existing.revision) }
            if entries.contains(where: { $0.preset.name == newName }) { throw SaveError.conflict(current: nil) }
            var renamed = existing.preset
            renamed.name = newName
            renamed.updatedAt = Preset.now()
            let text = renamed.fileText
            let fileName = freeFileName(for: newName)
            let oldPath = folder + "/" + existing.fileName, newPath = folder + "/" + fileName
            let (revision, logged) = try commit(name, presetID: existing.presetID, PresetHistory.NewRevision(
                name: newName, fileName: fileName, author: author, message: "renamed from “\(name)”", fileText: text)) { revision in
                "renamed “\(name)” to “\(newName)” (revision \(revision.number))"
            } files: { _ in
                try AtomicFile.write(Array(text.utf8), to: newPath)
                guard unlink(oldPath) == 0 || errno == ENOENT else {
                    let code = errno
                    unlink(newPath)
                    throw AtomicFile.WriteError(description: "cannot remove \(existing.fileName)", code: code)
                }
                Self.syncFolder(folder)
            }
            cache.files[existing.fileName] = nil
            cache.known[existing.fileName] = nil
            return (remember(renamed, revision: revision, bytes: text.utf8.count, cache: &cache), logged)
        }
    }

    /// Deletes the file; the history keeps a deleted revision, so the preset can be restored.
    func delete(_ name: String, ifMatch: String?, author: String = "") throws -> (revision: Int, logged: DecisionLogEntry?)? {
        try cache.withLock { cache in
            guard let existing = scan(&cache).entries.first(where: { $0.preset.name == name }) else { return nil }
            if let ifMatch, !Self.matches(ifMatch, existing.revision) { throw SaveError.conflict(current: existing.revision) }
            let (revision, logged) = try commit(name, presetID: existing.presetID, PresetHistory.NewRevision(
                name: name, fileName: existing.fileName, author: author, message: "deleted", deleted: true, fileText: existing.preset.fileText)) { revision in
                "deleted “\(name)” (revision \(revision.number); it can be restored)"
            } files: { _ in
                guard unlink(folder + "/" + existing.fileName) == 0 || errno == ENOENT else {
                    throw AtomicFile.WriteError(description: "cannot remove \(existing.fileName)", code: errno)
                }
                Self.syncFolder(folder)
            }
            cache.files[existing.fileName] = nil
            cache.known[existing.fileName] = nil
            cache.listing = nil
            return (revision.number, logged)
        }
    }

    /// Makes revision `number` of the preset answering to `name` its newest revision again (a
    /// deleted preset comes back), under its current name; its parameters, notes and author
    /// are the old revision's.
    func restore(_ name: String, revision number: Int, ifMatch: String? = nil, author: String = "") throws -> (entry: Entry, logged: DecisionLogEntry?) {
        try cache.withLock { cache in
            let listing = scan(&cache)
            guard let record = try storage(name, { try history.record(named: name) }) else { throw SaveError.notFound }
            guard let old = try storage(name, { try history.revision(of: record.id, number: number) }) else {
                throw SaveError.noRevision("“\(name)” has no revision \(number)")
            }
            guard !old.deleted else { throw SaveError.noRevision("revision \(number) of “\(name)” is its deletion; restore the revision before it") }
            let existing = listing.entries.first { $0.preset.name == name }
            if let ifMatch, !Self.matches(ifMatch, existing?.revision) { throw SaveError.conflict(current: existing?.revision) }
            if existing == nil, listing.entries.contains(where: { $0.preset.name == record.name }) { throw SaveError.conflict(current: nil) }
            var preset: Preset
            do { preset = try Preset(json: try JSONValue.parse(old.fileText), requireEnvelope: true) } catch {
                throw SaveError.noRevision("revision \(number) of “\(name)” cannot be read: \(error)")
            }
            preset.name = record.name
            preset.updatedAt = Preset.now()
            let text = preset.fileText
            try checkCapacity(listing.entries, adding: text.utf8.count, replacing: existing)
            let fileName = existing?.fileName ?? freeFileName(for: record.name)
            let (revision, logged) = try commit(record.name, presetID: record.id, PresetHistory.NewRevision(
                name: record.name, fileName: fileName, author: author, message: "restored revision \(number)", fileText: text)) { revision in
                "restored revision \(number) of “\(record.name)” as revision \(revision.number)"
            } files: { _ in
                try AtomicFile.write(Array(text.utf8), to: folder + "/" + fileName)
            }
            return (remember(preset, revision: revision, bytes: text.utf8.count, cache: &cache), logged)
        }
    }

    /// Records a review of revision `number` (approve, request changes, or ask reviewers for one).
    func review(_ name: String, revision number: Int, decision: PresetReviews.Decision, reviewers: [String], comment: String,
                author: String) throws -> (review: PresetReviews.Review, status: PresetReviews.Status, logged: DecisionLogEntry) {
        try database.withConnection { connection in
            try connection.transaction {
                guard let record = try PresetHistory.record(named: name, on: connection), !record.deleted else { throw SaveError.notFound }
                guard let revision = try PresetHistory.revision(of: record.id, number: number, on: connection) else {
                    throw SaveError.noRevision("“\(name)” has no revision \(number)")
                }
                guard !revision.deleted else { throw SaveError.noRevision("revision \(number) of “\(name)” is its deletion") }
                let review = try PresetReviews.append(presetID: record.id, revision: number, author: author, decision: decision,
                                                      reviewers: reviewers, comment: comment, on: connection)
                let status = PresetReviews.status(reviews: try PresetReviews.reviews(of: record.id, on: connection), latest: record.latest)
                let who = author.isEmpty ? "someone" : author
                let summary: String = switch decision {
                case .approve: "\(who) approved revision \(number) of “\(name)”"
                case .requestChanges: "\(who) requested changes to revision \(number) of “\(name)”"
                case .requestReview: "\(who) asked \(reviewers.joined(separator: ", ")) to review revision \(number) of “\(name)”"
                }
                let kind: DecisionLog.Kind = decision == .approve ? .approval : decision == .requestReview ? .reviewRequest : .review
                let logged = try DecisionLog.append(kind, preset: name, revision: number, author: author,
                                                    summary: summary + (comment.isEmpty ? "" : ": \(comment)"),
                                                    details: .object([("decision", .string(decision.rawValue)), ("comment", .string(comment)),
                                                                      ("reviewers", .array(reviewers.map(JSONValue.string))),
                                                                      ("state", .string(status.state.rawValue))]), on: connection)
                return (review, status, logged)
            }
        }
    }

    // MARK: Internals

    /// Commits a revision and its log entry, then runs `files`; when `files` fails the revision
    /// and the entry are taken back, and the error names the preset and the folder's problem.
    private func commit(_ name: String, presetID: Int64?, _ new: PresetHistory.NewRevision, summary: (PresetHistory.Revision) -> String,
                        files: (PresetHistory.Revision) throws -> Void) throws -> (PresetHistory.Revision, DecisionLogEntry?) {
        let doing = new.deleted ? "deleted" : new.message.hasPrefix("renamed") ? "renamed" : new.message.hasPrefix("restored") ? "restored" : "saved"
        let (before, revision, logged): (PresetHistory.Record?, PresetHistory.Revision, DecisionLogEntry) = try storage(name, doing: doing) {
            try database.withConnection { connection in
                try connection.transaction {
                    let before = try presetID.flatMap { try PresetHistory.record(id: $0, on: connection) }
                    let revision = try PresetHistory.append(new, to: presetID, on: connection)
                    let kind: DecisionLog.Kind = new.deleted ? .delete : new.message.hasPrefix("renamed") ? .rename
                        : new.message.hasPrefix("restored") ? .restore : .save
                    let logged = try DecisionLog.append(kind, preset: new.name, revision: revision.number, author: new.author,
                                                        summary: summary(revision), details: .object([("message", .string(new.message))]), on: connection)
                    return (before, revision, logged)
                }
            }
        }
        do {
            try files(revision)
        } catch {
            try? database.withConnection { connection in
                try connection.transaction {
                    try PresetHistory.takeBack(revision, restoring: before, on: connection)
                    try connection.query("DELETE FROM decision_log WHERE id = ?1", [.integer(logged.id)])
                }
            }
            throw SaveError.storage(Self.plainWords(error, name: name, doing: doing, folder: folder))
        }
        return (revision, logged)
    }

    /// Runs a database step, turning its failure into words that name the preset.
    private func storage<T>(_ name: String, doing: String = "saved", _ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as SaveError { throw error } catch {
            throw SaveError.storage(Self.plainWords(error, name: name, doing: doing, folder: folder))
        }
    }

    /// What went wrong, in words a person can act on, without the server's paths or a system dump.
    static func plainWords(_ error: any Error, name: String, doing: String, folder: String? = nil) -> String {
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
    static func folderProblem(_ folder: String) -> String? {
        var info = statvfs()
        guard statvfs(folder, &info) == 0 else { return nil }
        if info.f_flag & UInt(ST_RDONLY) != 0 { return "the presets folder is read-only" }
        if UInt64(info.f_bavail) * UInt64(info.f_bsize) < 64 * 1024 { return "the disk holding the presets folder is full" }
        if access(folder, W_OK) != 0 { return "the server is not permitted to write in the presets folder" }
        return nil
    }

    private func checkCapacity(_ entries: [Entry], adding bytes: Int, replacing existing: Entry?) throws {
        if existing == nil, entries.count >= maxPresets {
            throw SaveError.full("the presets folder holds at most \(maxPresets) presets; delete some first")
        }
        let total = entries.reduce(0) { $0 + $1.bytes } - (existing?.bytes ?? 0) + bytes
        if total > Limits.totalBytes {
            throw SaveError.full("the presets folder holds at most \(Limits.totalBytes >> 20) MB of presets; delete some or shorten their notes")
        }
    }

    /// Remembers a file this store wrote, so the next scan need not read it or ask the history.
    private func remember(_ preset: Preset, revision: PresetHistory.Revision, bytes: Int, cache: inout Cache) -> Entry {
        let path = folder + "/" + revision.fileName
        let entry = Entry(preset: preset, revision: revision.number, fileName: revision.fileName, presetID: revision.presetID, bytes: bytes)
        cache.files[revision.fileName] = FileStamp(path: path).map { CachedFile(stamp: $0, hash: revision.fileHash, outcome: .success(preset)) }
        cache.known[revision.fileName] = (revision.fileHash, revision.number, revision.presetID)
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
    private func revisionOf(_ preset: Preset, file: String, hash: String, cache: inout Cache) -> (Int, Int64) {
        if let known = cache.known[file], known.hash == hash { return (known.revision, known.presetID) }
        let outcome: (Int, Int64)? = try? database.withConnection { connection in
            try connection.transaction { () -> (Int, Int64) in
                let record = try PresetHistory.record(named: preset.name, on: connection)
                if let record, !record.deleted, record.fileHash == hash, record.fileName == file { return (record.latest, record.id) }
                let fileText = (try? String(contentsOfFile: folder + "/" + file, encoding: .utf8)) ?? preset.fileText
                let message = record == nil ? "taken in from the presets folder" : "changed in the presets folder"
                let revision = try PresetHistory.append(.init(name: preset.name, fileName: file, author: Self.folderAuthor, message: message,
                                                              fileText: fileText), to: record?.id, on: connection)
                try DecisionLog.append(.importFile, preset: preset.name, revision: revision.number, author: Self.folderAuthor,
                                       summary: "\(message): “\(preset.name)” (\(file)) as revision \(revision.number)", on: connection)
                return (revision.number, revision.presetID)
            }
        }
        guard let outcome else { return (0, 0) }
        cache.known[file] = (hash, outcome.0, outcome.1)
        return outcome
    }

    /// Repairs what a killed process left between a database commit and its file: a save whose
    /// file still holds the revision before, a rename whose old file remains or new file is
    /// missing, a delete whose file remains. A missing file is recorded as deleted.
    private func recover() throws {
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

    private static func read(_ bytes: [UInt8]) -> Result<Preset, PresetError> {
        do {
            let json: JSONValue
            do { json = try JSONValue.parse(bytes) } catch { throw PresetError(error.description) }
            return .success(try Preset(json: json, requireEnvelope: true))
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

    private static func syncFolder(_ folder: String) {
        let dir = open(folder, O_RDONLY)
        if dir >= 0 { fsync(dir); close(dir) }
    }

    /// FNV-1a of a file's bytes: recognises a file on disk as one of the history's revisions.
    static func fingerprint(of bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in bytes { hash = (hash ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    static func fingerprint(atPath path: String) -> String? {
        FileManager.default.contents(atPath: path).map { fingerprint(of: [UInt8]($0)) }
    }
}
