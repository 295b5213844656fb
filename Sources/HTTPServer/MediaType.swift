import WorkbenchSupport
import Foundation

/// The media types the API reads and writes.
package enum MediaType: String, Sendable, CaseIterable {
    case json = "application/json"
    case csv = "text/csv"
    case svg = "image/svg+xml"
    case eventStream = "text/event-stream"
    case swift = "text/x-swift"
    case kotlin = "text/x-kotlin"
    case zip = "application/zip"
    case markdown = "text/markdown"

    /// The type of a `Content-Type` value, parameters (`; charset=…`) ignored; nil if unknown.
    package init?(contentType: String?) {
        guard let contentType else { return nil }
        let essence = contentType.split(separator: ";", maxSplits: 1).first.map { String($0) } ?? ""
        self.init(rawValue: essence.lowercased().trimmingCharacters(in: .whitespaces))
    }
}
