import ChartEngine
import Foundation

/// Saves, renames, deletes, restores and reviews: each commits its revision and log entry first,
/// then writes the file; a file that cannot be written takes the revision back.
extension PresetStore {
    /// A person whose unsaved edits a save carries (a shared draft's, an Explore edit's, a
    /// generated variation's), and the keys they set (nil: every key the save changes).
    package struct Contribution: Sendable, Equatable {
        package let person: String
        package let keys: Set<String>?

        package init(_ person: String, keys: Set<String>? = nil) { self.person = person; self.keys = keys }

        /// One contribution a person, with every key they set, in the order people first appear.
        package static func collecting(_ edits: [(person: String, keys: [String])]) -> [Contribution] {
            var keys: [String: Set<String>] = [:], order: [String] = []
            for (person, set) in edits where !set.isEmpty {
                if keys[person] == nil { order.append(person) }
                keys[person, default: []].formUnion(set)
            }
            return order.map { Contribution($0, keys: keys[$0]) }
        }
    }

    /// What a new preset was made from, when that is not its `source`: who set each of its values
    /// is measured against it. A preset by name (its newest revision, deleted or not), or the
    /// parameters a round started from (an Explore round's start, a blind round's original), which
    /// a rename or a delete of that preset since cannot cut.
    package enum SaveBase: Sendable {
        case preset(String)
        case style(ChartStyle)
    }

    /// Saves `preset` under its name as a new revision by `author`; `created` says whether no
    /// file held it before. `ifMatch` is the revision the client last saw; a different current
    /// revision (or, with `mustBeNew`, any existing preset) is a conflict. Keys this version does
    /// not know, kept in the file being replaced, are carried over: a page that never saw them
    /// cannot drop them.
    /// The log entry says what changed, in the parameters' labels, and, for a new preset made
    /// from another (`source`: a duplicate, a save-as), which one it came from. `author`, when
    /// given, is the preset's author whatever `preset.author` says.
    /// `contributors`: the people whose unsaved edits this save carries; like the author, they
    /// cannot approve these parameters. `basedOn`: what a new one was made from when that is not
    /// its `source` (an Explore round's start, a blind round's original); who set each value is measured against it.
    package func save(_ preset: Preset, ifMatch: String?, mustBeNew: Bool = false, author: String = "", message: String = "", source: String? = nil,
                      basedOn: SaveBase? = nil, contributors: [Contribution] = [])
        throws -> (entry: Entry, created: Bool, logged: DecisionLogEntry?) {
        try cache.withLock { cache in
            let listing = scan(&cache)
            let existing = listing.entries.first { $0.preset.name == preset.name }
            if mustBeNew, existing != nil { throw SaveError.conflict(current: existing?.revision) }
            if let ifMatch, !Self.matches(ifMatch, existing?.revision) { throw SaveError.conflict(current: existing?.revision) }
            if existing == nil, let twin = listing.entries.first(where: { NameRules.key($0.preset.name) == NameRules.key(preset.name) }) {
                throw SaveError.nameTaken(existing: twin.preset.name)
            }
            var saved = preset
            // A saved preset's author is the person who saved it, never what the file or body says.
            if !author.isEmpty { saved.author = author }
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
            let origin = source.flatMap { $0 == preset.name ? nil : " from “\($0)”" } ?? ""
            let changes = existing.map { ChangeWords.changes(from: $0.preset.style, to: saved.style) } ?? []
            let changed = existing == nil ? "" : changes.isEmpty ? ": no parameter changed" : ": " + ChangeWords.summary(changes)
            let (revision, logged) = try commit(preset.name, presetID: presetID, PresetHistory.NewRevision(
                name: preset.name, fileName: fileName, author: author, message: message, fileText: text),
                changes: existing == nil ? nil : changes, from: origin.isEmpty ? nil : source, contributors: contributors,
                values: true, basedOn: basedOn ?? source.map { .preset($0) }) { revision in
                "\(what) revision \(revision.number) of “\(preset.name)”\(origin)\(changed)" + (message.isEmpty ? "" : " — \(message)")
            } files: { _ in
                try AtomicFile.write(Array(text.utf8), to: folder + "/" + fileName)
            }
            let entry = remember(saved, revision: revision, bytes: text.utf8.count, cache: &cache)
            return (entry, existing == nil, logged)
        }
    }

    /// Renames by committing the rename, writing the new file and only then removing the old
    /// one; on any failure both files and the history are as they were. The history follows.
    package func rename(_ name: String, to newName: String, ifMatch: String?, author: String = "") throws -> (entry: Entry, logged: DecisionLogEntry?)? {
        try cache.withLock { cache in
            let entries = scan(&cache).entries
            guard let existing = entries.first(where: { $0.preset.name == name }) else { return nil }
            if let ifMatch, !Self.matches(ifMatch, existing.revision) { throw SaveError.conflict(current: existing.revision) }
            if entries.contains(where: { $0.preset.name == newName }) { throw SaveError.conflict(current: nil) }
            if let twin = entries.first(where: { $0.preset.name != name && NameRules.key($0.preset.name) == NameRules.key(newName) }) {
                throw SaveError.nameTaken(existing: twin.preset.name)
            }
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
    package func delete(_ name: String, ifMatch: String?, author: String = "") throws -> (revision: Int, logged: DecisionLogEntry?)? {
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
    package func restore(_ name: String, revision number: Int, ifMatch: String? = nil, author: String = "") throws -> (entry: Entry, logged: DecisionLogEntry?) {
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
            do throws(PresetError) { preset = try Preset(fileText: old.fileText) } catch {
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
    /// `readability`: the reviewer's acknowledgement, in words, of the readability checks the
    /// approved revision fails; the decision log carries it. `overrides`: those failures, each a
    /// sentence, kept with the approval (its signed exports say "approved by … despite: …").
    package func review(_ name: String, revision number: Int, decision: PresetReviews.Decision, reviewers: [String], comment: String,
                author: String, readability: String? = nil, overrides: [String] = []) throws -> (review: PresetReviews.Review, status: PresetReviews.Status, logged: DecisionLogEntry) {
        let reviewed = try storage(name, doing: "reviewed") { () throws -> (PresetReviews.Review, PresetReviews.Status, DecisionLogEntry) in
            try historyFile.options.writeRate?.check(author)
            return try database.withConnection { connection in
            try connection.transaction {
                guard let record = try PresetHistory.record(named: name, on: connection), !record.deleted else { throw SaveError.notFound }
                guard let revision = try PresetHistory.revision(of: record.id, number: number, on: connection) else {
                    throw SaveError.noRevision("“\(name)” has no revision \(number)")
                }
                guard !revision.deleted else { throw SaveError.noRevision("revision \(number) of “\(name)” is its deletion") }
                // Nobody reviews their own work: refused here rather than recorded and not counted.
                let facts = try PresetReviews.revisionFacts(of: record.id, on: connection), rule = approvalRule(on: connection, presetID: record.id)
                if decision != .requestReview, PresetReviews.isOwnWork(author, revision: number, revisions: facts, rule: rule) {
                    throw SaveError.ownWork(Self.ownWorkReason(name, revision: number))
                }
                let review = try PresetReviews.append(presetID: record.id, revision: number, author: author, decision: decision,
                                                      reviewers: reviewers, comment: comment, required: rule.required, overrides: overrides, on: connection)
                let status = PresetReviews.status(reviews: try PresetReviews.reviews(of: record.id, on: connection),
                                                  revisions: facts, latest: record.latest, rule: rule)
                let who = author.isEmpty ? "someone" : author
                let summary: String = switch decision {
                case .approve: "\(who) approved revision \(number) of “\(name)”"
                case .requestChanges: "\(who) requested changes to revision \(number) of “\(name)”"
                case .requestReview: "\(who) asked \(reviewers.joined(separator: ", ")) to review revision \(number) of “\(name)”"
                }
                let kind: DecisionLog.Kind = decision == .approve ? .approval : decision == .requestReview ? .reviewRequest : .review
                let logged = try DecisionLog.append(kind, preset: name, revision: number, author: author,
                                                    summary: summary + (readability.map { " (\($0))" } ?? "") + (comment.isEmpty ? "" : ": \(comment)"),
                                                    details: ReviewLogDetails(decision: decision, comment: comment, reviewers: reviewers,
                                                                              state: status.state, readabilityAcknowledged: readability), on: connection)
                return (review, status, logged)
            }
        } }
        historyFile.noteWrite()
        return reviewed
    }

    /// Why `person` may not approve or ask for changes to the newest revision of `name` (its
    /// parameters are their work: they saved them, brought them in, or edited them in the shared
    /// draft or by hand in an Explore round), or nil when they may. The
    /// page asks before it offers the buttons; `review` refuses with the same words.
    package func ownWork(of person: String, in name: String) throws -> String? {
        guard !person.isEmpty else { return nil }
        return try database.withConnection { connection in
            guard let record = try PresetHistory.record(named: name, on: connection), !record.deleted else { return nil }
            let facts = try PresetReviews.revisionFacts(of: record.id, on: connection)
            guard PresetReviews.isOwnWork(person, revision: record.latest, revisions: facts, rule: approvalRule(on: connection, presetID: record.id)) else { return nil }
            return Self.ownWorkReason(name, revision: record.latest)
        }
    }

    /// A save's base: the values of a preset's newest revision (a delete keeps the text it had)
    /// or of a round's start, and who set them unless any preset's revision with those parameters
    /// is approved (a round's start from a preset with keys this version does not know reads as not approved).
    func valueBase(_ base: SaveBase?, on connection: SQLiteConnection) throws -> ParameterOrigins.Base? {
        let text: String
        switch base {
        case nil: return nil
        case .preset(let name):
            guard let record = try PresetHistory.record(named: name, on: connection) else { return nil }
            return try valueBase(record, on: connection)
        case .style(let style): text = Preset(name: "", style: style).fileText
        }
        return try valueBase(text: text, parametersSHA256: Preset.parametersSHA256(fileText: text), on: connection)
    }

    func valueBase(_ record: PresetHistory.Record?, on connection: SQLiteConnection) throws -> ParameterOrigins.Base? {
        guard let record, let revision = try PresetHistory.revision(of: record.id, number: record.latest, on: connection), !revision.parametersSHA256.isEmpty else { return nil }
        return try valueBase(text: revision.fileText, parametersSHA256: revision.parametersSHA256, on: connection)
    }

    /// Whether it is approved is asked only when someone set one of its values (a save's cost).
    private func valueBase(text: String, parametersSHA256: String, on connection: SQLiteConnection) throws -> ParameterOrigins.Base {
        let (styleSHA256, values) = ParameterOrigins.values(of: text)
        let authors = try ParameterOrigins.valueAuthors(of: styleSHA256, on: connection)
        return ParameterOrigins.Base(values: values,
                                     authors: try authors.isEmpty || isApproved(parametersSHA256, on: connection) ? [:] : authors)
    }

    /// Whether a revision carrying these parameters is approved, in any preset: the presets whose
    /// approvals name such a revision (few), each read whole only then.
    private func isApproved(_ parametersSHA256: String, on connection: SQLiteConnection) throws -> Bool {
        for row in try connection.query("""
            SELECT DISTINCT r.preset_id FROM reviews r JOIN revisions v ON v.preset_id = r.preset_id AND v.number = r.revision
            WHERE r.decision = 'approve' AND v.parameters_sha256 = ?1 AND v.deleted = 0
            """, [.text(parametersSHA256)]) {
            guard let id = row.integer(0) else { continue }
            let facts = try PresetReviews.revisionFacts(of: id, on: connection)
            let approved = PresetReviews.approvals(try PresetReviews.reviews(of: id, on: connection), revisions: facts, rule: approvalRule(on: connection, presetID: id))
            if facts.contains(where: { $0.parametersSHA256 == parametersSHA256 && approved[$0.number] != nil }) { return true }
        }
        return false
    }

    static func ownWorkReason(_ name: String, revision number: Int) -> String {
        "revision \(number) of “\(name)” carries parameters that are your work (you saved them, brought them in, edited them in the shared draft or by hand in Explore, or set a value they keep from a revision no one had approved): someone else reviews it"
    }

    /// Commits a revision and its log entry, then runs `files`; when `files` fails the revision
    /// and the entry are taken back, and the error names the preset and the folder's problem.
    /// `changes` and `from` (the preset it was made from) go in the log entry's details when given.
    /// A save (`values`) records who set each value, against the preset's revision before it (a
    /// deleted one's too) and `basedOn`, what it was made from.
    package func commit(_ name: String, presetID: Int64?, _ new: PresetHistory.NewRevision, changes: [ChangeWords.Change]? = nil, from source: String? = nil,
                        contributors: [Contribution] = [], values: Bool = false, basedOn: SaveBase? = nil,
                        summary: (PresetHistory.Revision) -> String, files: (PresetHistory.Revision) throws -> Void) throws -> (PresetHistory.Revision, DecisionLogEntry?) {
        let doing = new.deleted ? "deleted" : new.message.hasPrefix("renamed") ? "renamed" : new.message.hasPrefix("restored") ? "restored" : "saved"
        do { try historyFile.options.writeRate?.check(new.author) } catch let error as HistoryError { throw error.about(name, doing: doing) }
        let (before, revision, logged): (PresetHistory.Record?, PresetHistory.Revision, DecisionLogEntry) = try storage(name, doing: doing) {
            try database.withConnection { connection in
                try connection.transaction {
                    let before = try presetID.flatMap { try PresetHistory.record(id: $0, on: connection) }
                    let bases = try values ? [valueBase(before, on: connection), valueBase(basedOn, on: connection)].compactMap { $0 } : []
                    let revision = try PresetHistory.append(new, to: presetID, on: connection)
                    if !new.deleted {
                        try ParameterOrigins.record(revision.parametersSHA256, author: new.author, contributors: contributors,
                                                    values: values ? ParameterOrigins.values(of: new.fileText) : nil,
                                                    bases: bases, on: connection)
                    }
                    let kind: DecisionLog.Kind = new.deleted ? .delete : new.message.hasPrefix("renamed") ? .rename
                        : new.message.hasPrefix("restored") ? .restore : .save
                    let logged = try DecisionLog.append(kind, preset: new.name, revision: revision.number, author: new.author,
                                                        summary: summary(revision), details: RevisionLogDetails(message: new.message, changes: changes, from: source),
                                                        on: connection)
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
                    try HistoryChain.record(.log, key: [.integer(logged.id)], on: connection)
                }
            }
            throw SaveError.storage(Self.plainWords(error, name: name, doing: doing, folder: folder))
        }
        historyFile.noteWrite()
        return (revision, logged)
    }

    /// Runs a database step, turning its failure into words that name the preset.
    package func storage<T>(_ name: String, doing: String = "saved", _ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as SaveError { throw error } catch let error as HistoryError {
            throw error.about(name, doing: doing)
        } catch {
            throw SaveError.storage(Self.plainWords(error, name: name, doing: doing, folder: folder))
        }
    }

    package func checkCapacity(_ entries: [Entry], adding bytes: Int, replacing existing: Entry?) throws {
        if existing == nil, entries.count >= maxPresets {
            throw SaveError.full("the presets folder holds at most \(maxPresets) presets; delete some first")
        }
        let total = entries.reduce(0) { $0 + $1.bytes } - (existing?.bytes ?? 0) + bytes
        if total > Limits.totalBytes {
            throw SaveError.full("the presets folder holds at most \(Limits.totalBytes >> 20) MB of presets; delete some or shorten their notes")
        }
    }

}

/// A revision's log entry details: its message, then what changed (a save over an existing
/// preset) and which preset it was made from (a duplicate, a save-as), each only when there.
private struct RevisionLogDetails: Encodable {
    let message: String
    let changes: [ChangeWords.Change]?
    let from: String?

    private enum CodingKeys: String, CodingKey { case message, changes, from }

    func encode(to encoder: any Encoder) throws {
        var members = encoder.container(keyedBy: CodingKeys.self)
        try members.encode(message, forKey: .message)
        if let changes { try members.encode(changes, forKey: .changes) }
        if let from { try members.encode(from, forKey: .from) }
    }
}

/// A review's log entry details; `readabilityAcknowledged` only when the reviewer gave it.
private struct ReviewLogDetails: Encodable {
    let decision: PresetReviews.Decision
    let comment: String
    let reviewers: [String]
    let state: PresetReviews.Status.State
    let readabilityAcknowledged: String?

    private enum CodingKeys: String, CodingKey { case decision, comment, reviewers, state, readabilityAcknowledged }

    func encode(to encoder: any Encoder) throws {
        var members = encoder.container(keyedBy: CodingKeys.self)
        try members.encode(decision.rawValue, forKey: .decision)
        try members.encode(comment, forKey: .comment)
        try members.encode(reviewers, forKey: .reviewers)
        try members.encode(state.rawValue, forKey: .state)
        if let readabilityAcknowledged { try members.encode(readabilityAcknowledged, forKey: .readabilityAcknowledged) }
    }
}
