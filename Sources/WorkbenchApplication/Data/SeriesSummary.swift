import PriceData
import WorkbenchSupport

extension DataStore.Snapshot {
    /// The series summary as events carry it.
    var summary: JSONValue { JSONValueEncoder.encode(self) }
}
