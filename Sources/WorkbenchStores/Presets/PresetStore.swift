import WorkbenchSupport
import Foundation
import Synchronization
import ChartEngine

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
package final class PresetStore: Sendable {
    package let folder: String
    package let database: SQLiteDatabase
    package let history: PresetHistory
    package let reviews: PresetReviews
    package let log: DecisionLog
    package static let databaseFileName = ".workbench.sqlite"
    /// Who a file changed outside the workbench is attributed to.
    package static let folderAuthor = "presets folder"
    package let cache = Mutex(Cache())
    /// How many distinct people other than a revision's author must approve it (`serve --approvals N`).
    package let requiredApprovals = Atomic<Int>(1)

    /// A cap on the folder, so nobody can fill the disk or make the list unusable with presets.
    package enum Limits {
        package static let presets = 1_000
        package static let totalBytes = 32 << 20
    }

    package struct Entry: Sendable {
        package let preset: Preset
        /// The preset's revision number in the history (1, 2, 3…): its ETag.
        package let revision: Int
        package let fileName: String
        package let presetID: Int64
        /// The file's size, counted against the folder's cap.
        package var bytes: Int = 0

        package init(preset: Preset, revision: Int, fileName: String, presetID: Int64, bytes: Int = 0) {
            self.preset = preset; self.revision = revision; self.fileName = fileName; self.presetID = presetID; self.bytes = bytes
        }
    }

    package struct Problem: Sendable {
        package let fileName: String
        package let message: String

        package init(fileName: String, message: String) { self.fileName = fileName; self.message = message }
    }

    /// Presets the folder may hold (`serve --max-presets`; at most `Limits.presets`).
    package let maxPresets: Int
    /// The database file, watched before every write, and its backups (see `HistoryFile`).
    package let historyFile: HistoryFile
    /// What the store could not do at start but served around (a read-only history), and what
    /// went wrong since in the background (a backup), for the command line to tell.
    package var warnings: [String] { startWarnings.withLock { $0 } + historyFile.problems.withLock { $0 } }
    private let startWarnings = Mutex<[String]>([])

    /// Opens the folder and its history by `HistoryFile`'s start rule: a missing, empty or
    /// damaged database beside a folder that had a history is refused (a `HistoryError`) unless
    /// `options.newHistory`; a folder that never had one (a fresh clone) starts one. A new team
    /// folder (missing, or empty) gets `starters` (file name → bytes), once the start rule has let
    /// it start: their history begins with them. A file made there meanwhile is kept, not replaced.
    package init(folder: String, maxPresets: Int = Limits.presets, options: HistoryFile.Options = .init(),
                 starters: [String: [UInt8]] = [:]) throws {
        self.maxPresets = min(maxPresets, Limits.presets)
        let url = URL(fileURLWithPath: folder).standardizedFileURL
        let isNew = (try? FileManager.default.contentsOfDirectory(atPath: url.path))?.isEmpty ?? !FileManager.default.fileExists(atPath: url.path)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        self.folder = url.resolvingSymlinksInPath().path
        let opening = try HistoryFile.openingLock(folder: self.folder)
        defer { if opening >= 0 { close(opening) } }
        let (file, warnings) = try HistoryFile.open(folder: self.folder, options: options)
        historyFile = file
        database = file.database
        startWarnings.withLock { $0 = warnings }
        history = try PresetHistory(database: database)
        reviews = try PresetReviews(database: database)
        log = try DecisionLog(database: database)
        if !database.isReadOnly { try database.withConnection { try ParameterOrigins.prepare(on: $0) } }
        file.protect()
        if isNew && !database.isReadOnly {
            for (name, bytes) in starters.sorted(by: { $0.key < $1.key }) { _ = try AtomicFile.create(bytes, at: self.folder + "/" + name) }
        }
        if !database.isReadOnly {
            // Temporary files left by a save that was killed half-way hold nothing the real files lack.
            for name in (try? FileManager.default.contentsOfDirectory(atPath: self.folder)) ?? [] where name.hasPrefix(".") && name.hasSuffix(".tmp") {
                try? FileManager.default.removeItem(atPath: self.folder + "/" + name)
            }
            // A folder that cannot be repaired now is still served as it is.
            do { try recover() } catch { startWarnings.withLock { $0.append("the presets folder could not be brought in line with its history: \(error)") } }
        }
        _ = list()
        if options.backupAtStart && !database.isReadOnly {
            do { try file.backup() } catch { startWarnings.withLock { $0.append("the presets' history could not be backed up at start: \(error)") } }
        }
    }

    // MARK: Reading

    /// Every readable preset, sorted by name, and the files that could not be read.
    package func list() -> (entries: [Entry], problems: [Problem]) {
        cache.withLock { scan(&$0) }
    }

    package func get(_ name: String) -> Entry? {
        cache.withLock { cache in scan(&cache).entries.first { $0.preset.name == name } }
    }

    /// The preset's history, newest first, or nil when the history knows no preset of that name
    /// (a deleted preset still has one).
    package func revisions(of name: String, limit: Int = PresetHistory.Limits.maxPageSize, before: Int? = nil) throws -> [PresetHistory.Revision]? {
        guard let record = try history.record(named: name) else { return nil }
        return try history.revisions(of: record.id, limit: limit, before: before)
    }

    package func revision(of name: String, number: Int) throws -> PresetHistory.Revision? {
        guard let record = try history.record(named: name) else { return nil }
        return try history.revision(of: record.id, number: number)
    }

    /// Status and reviews of the preset answering to `name`, nil when there is none.
    package func status(of name: String) throws -> PresetReviews.Status? {
        guard let record = try history.record(named: name) else { return nil }
        var status = try database.withConnection { connection in
            PresetReviews.status(reviews: try PresetReviews.reviews(of: record.id, on: connection), revisions: try PresetReviews.revisionFacts(of: record.id, on: connection),
                                 latest: record.deleted ? nil : record.latest, rule: approvalRule(on: connection, presetID: record.id))
        }
        // An approval is read from the history: one written there behind the server's back is
        // found here, not only at the next write.
        status.historyProblem = historyFile.problemBeforeReading()
        return status
    }

    /// `person`'s review inbox: the reviews waiting for them and the unread answers to their revisions (ReviewInbox).
    package func reviewInbox(for person: String) throws -> (waiting: [PresetReviews.Waiting], notices: [PresetReviews.Notice]) {
        try database.withConnection { connection in
            let rule = approvalRule(on: connection)
            return (try PresetReviews.waiting(for: person, rule: rule, on: connection), try PresetReviews.notices(for: person, rule: rule, on: connection))
        }
    }

    /// `person` read the inbox's notices up to review `id`.
    package func markReviewNoticesRead(for person: String, upTo id: Int64) throws {
        try database.withConnection { connection in try PresetReviews.markRead(for: person, upTo: id, rule: approvalRule(on: connection), on: connection) }
    }

    /// The approval rules now: the approvals required; every name a person has held to that
    /// person; whose approvals count (the owner and invited people, not revoked: one human, one
    /// person); and who brought in or contributed to each set of parameters of `presetID`'s
    /// revisions anywhere in the workbench (`ParameterOrigins`), whose approval is of their own work.
    package func approvalRule(on connection: SQLiteConnection, presetID: Int64? = nil) -> PresetReviews.Rule {
        let identities = PeopleStore.identities(on: connection)
        let identity: @Sendable (String) -> String = { name in identities[PeopleStore.nameKey(name)].map { "\u{1}person \($0)" } ?? name }
        let counted = PeopleStore.counted(on: connection)
        let origins = ParameterOrigins.authors(of: presetID, on: connection).mapValues { Set($0.map(identity)) }
        var rule = PresetReviews.Rule(required: requiredApprovals.load(ordering: .relaxed), identity: identity)
        rule.uncounted = { who in
            guard who.hasPrefix("\u{1}person "), let id = Int64(who.dropFirst("\u{1}person ".count)) else { return "not invited" }
            return counted.ids.contains(id) ? nil : counted.uncounted[id] ?? "not invited"
        }
        rule.broughtIn = { who, parameters in origins[parameters]?.contains(who) == true }
        return rule
    }

    /// A preset's approvals as an export states them: its reviews and revisions, the approved
    /// revisions, the rule's required count, the people ids by name key, and the status for a newest revision.
    package struct Approvals: Sendable {
        package let reviews: [PresetReviews.Review]
        package let revisions: [PresetReviews.RevisionFacts]
        package let approved: [Int: (approvers: [String], at: String, under: Int)]
        package let required: Int
        package let personIDs: [String: Int64]
        package let status: @Sendable (Int?) -> PresetReviews.Status

        /// The person id of whoever holds (or held) `name`, nil when nobody does.
        package func personID(_ name: String) -> Int64? { personIDs[PeopleStore.nameKey(name)] }

        /// The failing checks `approver` approved revision `number` despite: those of their last
        /// approval of a revision with the same parameters (the approval that counts).
        package func overrides(by approver: String, of number: Int) -> [String] {
            guard let hash = revisions.first(where: { $0.number == number })?.parametersSHA256 else { return [] }
            let sameParameters = Set(revisions.filter { $0.parametersSHA256 == hash && !$0.deleted }.map(\.number))
            return reviews.last { $0.author == approver && $0.decision == .approve && sameParameters.contains($0.revision) }?.overrides ?? []
        }
    }

    package func approvals(of presetID: Int64) throws -> Approvals {
        try database.withConnection { connection in
            let reviews = try PresetReviews.reviews(of: presetID, on: connection)
            let facts = try PresetReviews.revisionFacts(of: presetID, on: connection)
            let rule = approvalRule(on: connection, presetID: presetID)
            let approved = PresetReviews.approvals(reviews, revisions: facts, rule: rule)
            return Approvals(reviews: reviews, revisions: facts, approved: approved, required: rule.required,
                             personIDs: PeopleStore.identities(on: connection),
                             status: { latest in PresetReviews.status(reviews: reviews, revisions: facts, latest: latest, rule: rule) })
        }
    }

    package func reviewList(of name: String) throws -> [PresetReviews.Review]? {
        guard let record = try history.record(named: name) else { return nil }
        return try reviews.reviews(of: record.id)
    }

    // MARK: Writing

    package enum SaveError: Error {
        case conflict(current: Int?)
        /// Another preset's name reads the same (it differs only by case or invisible characters).
        case nameTaken(existing: String)
        /// Keys carried over from the file being replaced would push the preset past its bounds.
        case invalid(PresetError)
        /// The folder holds as many presets (or bytes) as it may.
        case full(String)
        case notFound
        /// A revision that does not exist or cannot be used (deleted, never saved).
        case noRevision(String)
        /// A review of one's own work (the revision, or the parameters one brought in).
        case ownWork(String)
        /// The file or the database could not be written; the words name the preset and why.
        case storage(String)
    }

    /// `If-Match` as RFC 9110 reads it, the same for every write: `*` matches any saved
    /// version (and nothing when none exists), a revision only itself.
    package static func matches(_ ifMatch: String, _ revision: Int?) -> Bool {
        guard let revision else { return false }
        return ifMatch == "*" || ifMatch == String(revision)
    }
}
