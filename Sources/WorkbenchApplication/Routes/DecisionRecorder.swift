import ChartEngine
import Foundation
import HTTPServer
import PriceData
import WorkbenchExports
import WorkbenchStores
import WorkbenchSupport

/// Writes the decision log's entries that the API makes (comments, rounds, exports, data
/// changes) and announces every entry, the stores' too, as a `log` event.
struct DecisionRecorder: Sendable {
    let log: DecisionLog
    let events: EventHub

    /// Appends an entry and announces it. The log is a record, not a gate: an entry that cannot
    /// be written (a full disk) does not undo what was done; it is said on stderr.
    package func record(_ kind: String, preset: String?, revision: Int? = nil, by author: String, summary: String, details: some Encodable = NoDetails()) {
        var details = JSONValueEncoder.encode(details)
        if details.serialized().utf8.count > DecisionLog.Limits.detailsBytes { details = JSONValueEncoder.encode(Truncated()) }
        do {
            announce(try log.append(DecisionLog.Kind(kind), preset: preset, revision: revision, author: author, summary: summary, details: details))
        } catch {
            Output.error("the decision log could not record \(kind): \(error)")
        }
    }

    /// An entry that says nothing more than its summary: `{}`.
    package struct NoDetails: Encodable {}

    /// Details too long for the log: `{"truncated": true}`.
    private struct Truncated: Encodable {
        var truncated = true
    }

    /// Tells every page about an entry a store wrote with its change.
    package func announce(_ entry: DecisionLogEntry?) {
        guard let entry else { return }
        events.publish("log", JSONValueEncoder.encode(entry))
    }
}
