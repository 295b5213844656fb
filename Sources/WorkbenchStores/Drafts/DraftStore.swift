import WorkbenchSupport
import Synchronization

/// The live document of each preset being tuned: its saved revision plus the unsaved changes
/// made on top, in order, each with who made it. Everyone on a preset edits this one draft, so
/// a page that opens it late starts from the same values as the others. Undo is a change too:
/// it reverts one person's step on one preset, and never a key someone else changed since.
package final class DraftStore: Sendable {
    package typealias Values = [(String, Preset.Value)]

    /// One person's edit as the draft recorded it: the values it set and the ones it replaced.
    package struct Change: Sendable {
        package let id: Int
        package let author: String
        package let client: String
        /// The page's undo step the change belongs to (a slider drag sends several changes).
        package let step: String?
        /// The step this change reverted, for an undo or a redo.
        package let undoOf: String?
        package let values: Values
        package let previous: Values
        package let time: String
        package var keys: [String] { values.map(\.0) }
        package var bytes: Int { (values + previous).reduce(64) { $0 + $1.0.utf8.count + JSONText.encode($1.1).utf8.count } }
    }

    /// A draft as everyone sees it. `id` tells a recreated draft (after eviction) from an old one.
    package struct Snapshot: Sendable {
        package let id: Int
        package let preset: String
        package let baseRevision: Int
        package let version: Int
        package let saved: Values
        package let values: Values
        package let changes: [Change]
        /// Everyone who changed each key since it was last saved, undo included: kept apart from
        /// `changes`, whose oldest go first, so an edit stays its author's however many follow it.
        package let changedBy: [String: Set<String>]
    }

    /// The saved revision a new draft starts from.
    package struct Seed: Sendable {
        package init(revision: Int, parameters: Values) {
            self.revision = revision
            self.parameters = parameters
        }

        package let revision: Int
        package let parameters: Values
    }

    /// What an edit asks: set values, or revert the author's own step.
    package enum Edit: Sendable {
        case set(Values)
        case undo(step: String)
    }

    package struct Author: Sendable {
        package init(user: String, client: String, step: String?) {
            self.user = user
            self.client = client
            self.step = step
        }

        package let user: String
        package let client: String
        /// The page's undo step this edit belongs to.
        package let step: String?
    }

    package enum EditError: Error, Equatable {
        case noPreset
        /// The author has no change in that step on this preset (never made, or too old to keep).
        case nothingToUndo
        /// Every key of the step was changed by others since; `by` names them.
        case changedByOthers(keys: [String], by: [String])
    }

    /// What an applied edit did: the draft after it, the change, and the keys an undo left
    /// alone because someone else changed them since (with who).
    package struct Outcome: Sendable {
        package let snapshot: Snapshot
        package let change: Change
        package let skipped: [String]
        package let skippedBecauseOf: [String]
    }

    /// Drafts held at once (the least recently edited goes first), changes kept per draft (the
    /// oldest go first: they can no longer be undone), and bytes of changes per draft.
    package static let maxDrafts = 64, maxChanges = 256, maxChangeBytes = 256 << 10
    /// Evicted drafts whose authors are kept (see `State.evictedChangedBy`).
    static let maxEvicted = 1024

    private struct Draft {
        package let id: Int
        package var preset: String
        package var baseRevision: Int
        package var version = 0
        package var saved: Values
        package var values: Values
        package var changes: [Change] = []
        package var changeBytes = 0
        package var changedBy: [String: Set<String>] = [:]
        package var touched: Int

        package var snapshot: Snapshot {
            Snapshot(id: id, preset: preset, baseRevision: baseRevision, version: version, saved: saved, values: values, changes: changes, changedBy: changedBy)
        }

        package mutating func set(_ key: String, _ value: Preset.Value) {
            if let i = values.firstIndex(where: { $0.0 == key }) { values[i].1 = value } else { values.append((key, value)) }
        }

        package func value(_ key: String) -> Preset.Value? { values.first { $0.0 == key }?.1 }

        package mutating func record(_ change: Change) {
            for key in change.keys { changedBy[key, default: []].insert(change.author) }
            changes.append(change)
            changeBytes += change.bytes
            while changes.count > DraftStore.maxChanges || (changeBytes > DraftStore.maxChangeBytes && changes.count > 1) {
                changeBytes -= changes.removeFirst().bytes
            }
        }
    }

    private struct State {
        package var drafts: [String: Draft] = [:]
        /// Who changed each key of a draft evicted with unsaved changes (a page may still show and
        /// save them): its `changedBy` stays until the preset is saved or deleted, the oldest of
        /// `maxEvicted` presets going first.
        package var evictedChangedBy: [String: [String: Set<String>]] = [:]
        package var evictedOrder: [String] = []
        package var counter = 0
        /// The preset an editor last opened or edited: the phone's `/device` shows it.
        package var latest: String?
    }

    private let state = Mutex(State())
    private let clock: @Sendable () -> String
    /// Hears every change, in the order the drafts took them (called while the store is locked,
    /// so listeners see versions in order).
    private let onChange: @Sendable (Snapshot, Change?) -> Void

    package init(clock: @escaping @Sendable () -> String, onChange: @escaping @Sendable (Snapshot, Change?) -> Void = { _, _ in }) {
        self.clock = clock
        self.onChange = onChange
    }

    /// The preset's draft; a preset nobody has edited reads as its saved revision at version 0.
    package func snapshot(_ preset: String, seed: Seed) -> Snapshot {
        state.withLock { state in
            if let draft = state.drafts[preset] { return draft.snapshot }
            return Snapshot(id: 0, preset: preset, baseRevision: seed.revision, version: 0, saved: seed.parameters, values: seed.parameters, changes: [],
                            changedBy: state.evictedChangedBy[preset] ?? [:])
        }
    }

    /// Applies an edit to the preset's draft, made from `seed` when it has none yet.
    /// `seed` returns nil when the preset does not exist.
    package func apply(_ edit: Edit, to preset: String, by author: Author, seed: () -> Seed?) throws(EditError) -> Outcome {
        try state.withLock { state throws(EditError) -> Outcome in
            state.counter += 1
            let stamp = state.counter
            var draft: Draft
            if let existing = state.drafts[preset] {
                draft = existing
            } else {
                guard let seed = seed() else { throw .noPreset }
                draft = Draft(id: stamp, preset: preset, baseRevision: seed.revision, saved: seed.parameters, values: seed.parameters, touched: stamp)
                draft.changedBy = Self.takeEvicted(preset, from: &state)
            }
            var values: Values = []
            var skipped: [String] = [], because: [String] = []
            var undoOf: String?
            switch edit {
            case .set(let requested):
                values = requested
            case .undo(let step):
                (values, skipped, because) = try Self.reverting(step, of: author, in: draft)
                undoOf = step
            }
            let previous = values.map { ($0.0, draft.value($0.0) ?? .kept(.null)) }
            let change = Change(id: stamp, author: author.user, client: author.client, step: author.step, undoOf: undoOf,
                                values: values, previous: previous, time: clock())
            for (key, value) in values { draft.set(key, value) }
            draft.version += 1
            draft.touched = stamp
            draft.record(change)
            state.drafts[preset] = draft
            state.latest = preset
            Self.evict(&state)
            let snapshot = draft.snapshot
            onChange(snapshot, change)
            return Outcome(snapshot: snapshot, change: change, skipped: skipped, skippedBecauseOf: because)
        }
    }

    /// The values that revert the author's step, leaving out keys someone else changed after it.
    /// A step is the person's own: the page id, which others see, undoes nothing by itself.
    private static func reverting(_ step: String, of author: Author, in draft: Draft) throws(EditError) -> (Values, [String], [String]) {
        let client = author.client
        let mine = { (change: Change) in change.client == client && change.author == author.user && change.step == step }
        guard let first = draft.changes.firstIndex(where: mine) else { throw .nothingToUndo }
        var restore: Values = [], skipped: [String] = [], because: [String] = []
        for (index, change) in draft.changes.enumerated().dropFirst(first) where mine(change) {
            for (key, before) in change.previous where !restore.contains(where: { $0.0 == key }) && !skipped.contains(key) {
                let later = draft.changes[(index + 1)...].filter { $0.client != client && $0.keys.contains(key) }
                if later.isEmpty {
                    restore.append((key, before))
                } else {
                    skipped.append(key)
                    for other in later where !because.contains(other.author) { because.append(other.author) }
                }
            }
        }
        if restore.isEmpty { throw .changedByOthers(keys: skipped, by: because) }
        return (restore, skipped, because)
    }

    /// A save folds the draft into the new revision: the saved values, with the changes that are
    /// still unsaved (keys whose working value differs from the old revision) kept on top.
    /// Nil when nobody is editing the preset.
    @discardableResult
    package func saved(_ preset: String, seed: Seed) -> Snapshot? {
        state.withLock { state in
            _ = Self.takeEvicted(preset, from: &state)
            guard var draft = state.drafts[preset] else { return nil }
            let unsaved = draft.values.filter { key, value in draft.saved.first { $0.0 == key }?.1 != value }
            draft.saved = seed.parameters
            draft.values = seed.parameters
            for (key, value) in unsaved { draft.set(key, value) }
            draft.changedBy = draft.changedBy.filter { key, _ in unsaved.contains { $0.0 == key } }
            draft.baseRevision = seed.revision
            draft.version += 1
            state.drafts[preset] = draft
            let snapshot = draft.snapshot
            onChange(snapshot, nil)
            return snapshot
        }
    }

    /// A save-as carried the draft's unsaved changes to a new preset: the source's draft returns
    /// to its saved revision for everyone (the changes and their undo steps with it). Nil when
    /// nobody is editing the preset.
    @discardableResult
    package func reset(_ preset: String) -> Snapshot? {
        state.withLock { state in
            guard var draft = state.drafts[preset] else { return nil }
            draft.values = draft.saved
            draft.changes = []
            draft.changeBytes = 0
            draft.changedBy = [:]
            draft.version += 1
            state.drafts[preset] = draft
            let snapshot = draft.snapshot
            onChange(snapshot, nil)
            return snapshot
        }
    }

    /// A rename carries the draft (and its undo history) to the new name and the revision the
    /// renamed file has.
    package func renamed(_ preset: String, to newName: String, revision: Int) {
        state.withLock { state in
            state.drafts.removeValue(forKey: newName)
            _ = Self.takeEvicted(newName, from: &state)
            let evicted = Self.takeEvicted(preset, from: &state)
            if !evicted.isEmpty { Self.keepEvicted(newName, evicted, in: &state) }
            if var draft = state.drafts.removeValue(forKey: preset) {
                draft.preset = newName
                draft.baseRevision = revision
                state.drafts[newName] = draft
            }
            if state.latest == preset { state.latest = newName }
        }
    }

    /// A delete drops the draft.
    package func deleted(_ preset: String) {
        state.withLock { state in
            state.drafts.removeValue(forKey: preset)
            _ = Self.takeEvicted(preset, from: &state)
            if state.latest == preset { state.latest = nil }
        }
    }

    /// An editor opened a preset: the latest activity is there now. False when it already was.
    package func focus(_ preset: String?) -> Bool {
        state.withLock { state in
            guard state.latest != preset else { return false }
            state.latest = preset
            return true
        }
    }

    /// The preset an editor last opened or edited.
    package var latest: String? { state.withLock { $0.latest } }

    package var count: Int { state.withLock { $0.drafts.count } }

    private static func evict(_ state: inout State) {
        while state.drafts.count > maxDrafts, let oldest = state.drafts.min(by: { $0.value.touched < $1.value.touched })?.key {
            if let draft = state.drafts.removeValue(forKey: oldest), !draft.changedBy.isEmpty { keepEvicted(oldest, draft.changedBy, in: &state) }
        }
    }

    private static func keepEvicted(_ preset: String, _ changedBy: [String: Set<String>], in state: inout State) {
        if state.evictedChangedBy.updateValue(changedBy, forKey: preset) == nil { state.evictedOrder.append(preset) }
        while state.evictedOrder.count > maxEvicted { state.evictedChangedBy[state.evictedOrder.removeFirst()] = nil }
    }

    private static func takeEvicted(_ preset: String, from state: inout State) -> [String: Set<String>] {
        guard let changedBy = state.evictedChangedBy.removeValue(forKey: preset) else { return [:] }
        state.evictedOrder.removeAll { $0 == preset }
        return changedBy
    }
}
