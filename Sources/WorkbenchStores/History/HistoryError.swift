import WorkbenchSupport
import CSQLite

/// Why the history did not keep (or could not read) something, in words a person can act on and
/// without the server's paths. The HTTP layer decides the status from `kind`; the CLI prints it.
package struct HistoryError: Error, Sendable, Equatable, CustomStringConvertible {
    package enum Kind: Sendable, Equatable {
        /// At start: the database is missing, empty or damaged beside a folder that had a history.
        case refusedAtStart
        /// While serving: the database file was removed or replaced since it was opened; writes
        /// are refused (they would go to a file nobody will open again), reads go on.
        case removedOrReplaced
        /// The database (or its folder, or disk) is read-only: nothing can be kept.
        case readOnly
        /// SQLite found damaged pages (or no database at all) while reading.
        case unreadable
        /// The history holds as many bytes as it may (`serve --history-limit`).
        case full
        /// One author wrote faster than the store takes writes; try again after `retryAfter` s.
        case tooFast
    }

    package let kind: Kind
    package let message: String
    /// Seconds to wait before trying again (`tooFast` only).
    package let retryAfter: Int?

    package init(_ kind: Kind, _ message: String, retryAfter: Int? = nil) {
        self.kind = kind; self.message = message; self.retryAfter = retryAfter
    }

    package var description: String { message }

    static let restoreAdvice = "restore a backup with `workbench history restore BACKUP` (backups are in .workbench-backups/ beside the presets)"

    /// The history's refusal or fault a store's write failed with (as `SQLiteDatabase.withConnection`
    /// throws it, or as SQLite's error), nil for any other failure.
    package static func of(_ error: any Error) -> HistoryError? {
        error as? HistoryError ?? (error as? SQLiteError).flatMap(HistoryError.init)
    }

    /// The domain error an SQLite failure is, when it is the file's fault; nil otherwise.
    package init?(_ error: SQLiteError) {
        if let refusal = error.refusal {
            self = refusal
        } else if error.isCorrupt {
            self.init(.unreadable, "the presets' history cannot be read: its database is damaged (\(Self.sqliteWords(error))); " + Self.restoreAdvice)
        } else if error.code & 0xFF == SQLITE_READONLY {
            self.init(.readOnly, "the presets' history database is read-only, so nothing can be kept; reads go on")
        } else {
            return nil
        }
    }

    /// SQLite's message without the step the workbench prefixed ("database: ").
    private static func sqliteWords(_ error: SQLiteError) -> String {
        error.message.hasPrefix("database: ") ? String(error.message.dropFirst(10)) : error.message
    }

    /// The same refusal, naming the preset and what was being done (for a write's answer).
    package func about(_ name: String, doing: String) -> HistoryError {
        guard kind != .unreadable || doing != "read" else { return self }
        return HistoryError(kind, "“\(name)” could not be \(doing): \(message)", retryAfter: retryAfter)
    }
}
