import Synchronization

/// What the team is tuning right now: the preset of the latest shared edit and the values
/// edited on top of it since. A page that opens later (the phone's `/device`) starts from here.
final class SessionState: Sendable {
    private let state = Mutex<(preset: String?, parameters: [(String, JSONValue)])>((nil, []))

    /// Merges an edit; an edit to another preset starts that preset's values afresh.
    func record(preset: String?, parameters: [(String, JSONValue)]) {
        state.withLock { current in
            if current.preset != preset { current = (preset, []) }
            for (key, value) in parameters {
                if let i = current.parameters.firstIndex(where: { $0.0 == key }) { current.parameters[i].1 = value }
                else { current.parameters.append((key, value)) }
            }
        }
    }

    /// A save makes the edits part of the preset; a rename or delete follows the preset.
    func presetSaved(_ name: String) { state.withLock { if $0.preset == name { $0.parameters = [] } } }

    var json: JSONValue {
        let (preset, parameters) = state.withLock { $0 }
        return .object([("preset", preset.map(JSONValue.string) ?? .null), ("parameters", .object(parameters))])
    }
}
