import Synchronization

/// What the team is tuning right now: per preset, the values edited on top of its saved file
/// since the last save, and which preset saw the latest activity. A page that opens a preset
/// starts from its edits; the phone's `/device` shows the latest one.
final class SessionState: Sendable {
    private struct Edits {
        var preset: String?
        var parameters: [(String, JSONValue)]
    }

    private struct State {
        var current: String?
        var edits: [Edits] = []   // most recently edited last
    }

    /// Presets remembered at once; the least recently edited goes first.
    static let limit = 64
    private let state = Mutex(State())

    /// Merges an edit into its preset's edits.
    func record(preset: String?, parameters: [(String, JSONValue)]) {
        state.withLock { state in
            state.current = preset
            var entry = state.edits.firstIndex { $0.preset == preset }.map { state.edits.remove(at: $0) } ?? Edits(preset: preset, parameters: [])
            for (key, value) in parameters {
                if let i = entry.parameters.firstIndex(where: { $0.0 == key }) { entry.parameters[i].1 = value }
                else { entry.parameters.append((key, value)) }
            }
            state.edits.append(entry)
            if state.edits.count > Self.limit { state.edits.removeFirst() }
        }
    }

    /// An editor opened a preset: the latest activity is there now. False when it already was.
    func focus(_ preset: String?) -> Bool {
        state.withLock { state in
            guard state.current != preset else { return false }
            state.current = preset
            return true
        }
    }

    /// A save makes the edits part of the file; a rename carries them; a delete drops them.
    func presetSaved(_ name: String) { state.withLock { $0.edits.removeAll { $0.preset == name } } }
    func presetDeleted(_ name: String) { presetSaved(name) }
    func presetRenamed(_ name: String, to newName: String) {
        state.withLock { state in
            state.edits.removeAll { $0.preset == newName }
            if let i = state.edits.firstIndex(where: { $0.preset == name }) { state.edits[i].preset = newName }
            if state.current == name { state.current = newName }
        }
    }

    /// `{"preset": latest, "parameters": its edits, "edits": {name: edits}}` (unsaved parameters under "").
    var json: JSONValue {
        let state = state.withLock { $0 }
        let current = state.edits.first { $0.preset == state.current }?.parameters ?? []
        return .object([("preset", state.current.map(JSONValue.string) ?? .null), ("parameters", .object(current)),
                        ("edits", .object(state.edits.map { ($0.preset ?? "", .object($0.parameters)) }))])
    }
}
