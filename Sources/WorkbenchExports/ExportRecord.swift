import WorkbenchStores
import WorkbenchSupport

/// An export as the decision log tells it: which preset, which revision in which state (and who
/// approved it), which format, produced where. Only a produced file is recorded: a download, a
/// copy, a command-line export; a preview never is.
extension Provenance {
    package func exportSummary(format: String, via: String? = nil) -> String {
        let what: String
        if let revision {
            let approval = status == "approved" && !approvers.isEmpty ? "approved by \(approvers.map(\.words).joined(separator: "; "))" : status
            what = "revision \(revision) (\(approval))"
        } else {
            what = "unsaved parameters"
        }
        return "exported “\(preset)” \(what) as \(format)" + (via.map { " \($0)" } ?? "")
    }

    /// The log entry's details: the provenance, the format and where it was produced.
    package func exportDetails(format: String, via: String) -> JSONValue {
        guard case .object(var pairs) = json() else { return json() }
        pairs.append(("format", .string(format)))
        pairs.append(("via", .string(via)))
        return .object(pairs)
    }
}
