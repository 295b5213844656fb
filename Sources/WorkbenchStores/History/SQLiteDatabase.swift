import WorkbenchSupport
import CSQLite
import Synchronization
import Foundation

/// An SQLite failure in words: what was being done, SQLite's own message and its result code.
/// Never a trap: a corrupt or locked database, or untrusted text, becomes this error.
package struct SQLiteError: Error, Sendable, CustomStringConvertible {
    package let code: Int32
    package let message: String
    /// Set when the workbench itself refused the statement (the history file was removed,
    /// replaced, made read-only or is full): what the caller is told instead of SQLite's words.
    package var refusal: HistoryError?

    package init(code: Int32, message: String, refusal: HistoryError? = nil) {
        self.code = code; self.message = message; self.refusal = refusal
    }

    package var description: String { refusal?.message ?? message }

    /// The file is damaged or is no database (SQLITE_CORRUPT, SQLITE_NOTADB).
    package var isCorrupt: Bool { code & 0xFF == SQLITE_CORRUPT || code & 0xFF == SQLITE_NOTADB }

    /// The disk is full (SQLITE_FULL) or the database cannot be written (read-only, permissions).
    package var isFull: Bool { code & 0xFF == SQLITE_FULL }
    package var isReadOnly: Bool { code & 0xFF == SQLITE_READONLY || code & 0xFF == SQLITE_CANTOPEN || code & 0xFF == SQLITE_PERM }
}

/// A value bound to a statement's parameter or read from a row.
package enum SQLiteValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
}

/// One result row, columns by position, read with typed accessors that never trap.
package struct SQLiteRow: Sendable {
    package let values: [SQLiteValue]

    package subscript(_ column: Int) -> SQLiteValue { values.indices.contains(column) ? values[column] : .null }

    package func integer(_ column: Int) -> Int64? {
        switch self[column] {
        case .integer(let v): v
        case .real(let v): Int64(exactly: v)
        default: nil
        }
    }

    package func int(_ column: Int) -> Int? { integer(column).flatMap { Int(exactly: $0) } }

    package func text(_ column: Int) -> String? {
        switch self[column] {
        case .text(let s): s
        case .blob(let b): String(decoding: b, as: UTF8.self)
        default: nil
        }
    }

    package func real(_ column: Int) -> Double? {
        switch self[column] {
        case .real(let v): v
        case .integer(let v): Double(v)
        default: nil
        }
    }
}

/// One open database file. Not thread-safe by itself: `SQLiteDatabase` hands it out under a lock.
package final class SQLiteConnection {
    private let handle: OpaquePointer
    private var statements: [String: OpaquePointer] = [:]
    private var transactionDepth = 0
    /// Asked before every write (a transaction's BEGIN, or a writing statement outside one) and
    /// after every COMMIT: throws when the file may not or could not keep it.
    fileprivate var writeCheck: (@Sendable (SQLiteConnection, _ afterCommit: Bool) throws(SQLiteError) -> Void)?

    /// SQLite's own verdict: true when the file was opened read-only (a read-only file or folder).
    package var isReadOnly: Bool { sqlite3_db_readonly(handle, "main") == 1 }

    package init(path: String, readOnly: Bool = false, immutable: Bool = false, create: Bool = true) throws(SQLiteError) {
        var opened: OpaquePointer?
        var flags = (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0)) | SQLITE_OPEN_NOMUTEX
        var name = path
        if immutable {
            // A WAL database on read-only media whose -shm cannot be made: read it as it is.
            flags |= SQLITE_OPEN_URI
            var allowed = CharacterSet.urlPathAllowed
            allowed.remove(charactersIn: "?#")
            name = "file:" + (path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path) + "?immutable=1"
        }
        let status = sqlite3_open_v2(name, &opened, flags, nil)
        guard status == SQLITE_OK, let opened else {
            let message = opened.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            if let opened { sqlite3_close_v2(opened) }
            throw SQLiteError(code: status, message: message)
        }
        handle = opened
        sqlite3_extended_result_codes(handle, 1)
        // Another process (a second server, the sqlite3 shell) may hold the write lock briefly.
        sqlite3_busy_timeout(handle, 5_000)
        do throws(SQLiteError) {
            // WAL: readers never block the writer. synchronous=FULL: a commit is on disk (the WAL
            // fsynced) before it returns, so a save that answered 2xx survives power loss, not
            // only a killed process (NORMAL would survive only the latter).
            let mode = try query(readOnly || immutable ? "PRAGMA journal_mode" : "PRAGMA journal_mode=WAL").first?.text(0)
            guard mode?.lowercased() == "wal" || path == ":memory:" || readOnly || immutable else {
                throw SQLiteError(code: SQLITE_ERROR, message: "the database could not be put in WAL mode (it is \(mode ?? "unknown"))")
            }
            if !readOnly && !immutable { try execute("PRAGMA synchronous=FULL") }
            try execute("PRAGMA foreign_keys=ON")
        } catch {
            sqlite3_close_v2(handle)
            throw error
        }
    }

    deinit {
        for statement in statements.values { sqlite3_finalize(statement) }
        sqlite3_close_v2(handle)
    }

    /// Where SQLite's checkpoints of the write-ahead log stand: the WAL index header's salts and
    /// how many of its frames are in the file (bytes 32–39 and 96–99 of the index); a checkpoint
    /// moves it. Read from the index as SQLite has it mapped (its VFS's `xShmMap`), never by
    /// opening the `-shm` file: closing any descriptor of a file drops every POSIX lock the
    /// process holds on it, and another process would then reset the index under this one.
    /// Nil without a mapped index (not WAL, or nothing read yet).
    package var checkpointMark: [UInt8]? {
        var pointer: UnsafeMutableRawPointer?
        guard sqlite3_file_control(handle, "main", SQLITE_FCNTL_FILE_POINTER, &pointer) == SQLITE_OK,
              let file = pointer?.assumingMemoryBound(to: sqlite3_file.self), let methods = file.pointee.pMethods,
              methods.pointee.iVersion >= 2, let map = methods.pointee.xShmMap else { return nil }
        var region: UnsafeMutableRawPointer?
        guard map(file, 0, 32 * 1024, 0, &region) == SQLITE_OK, let region else { return nil }
        let header = UnsafeRawBufferPointer(start: region, count: 136)
        return Array(header[32..<40]) + Array(header[96..<100])
    }

    private func error(_ status: Int32, _ doing: String) -> SQLiteError {
        SQLiteError(code: sqlite3_extended_errcode(handle), message: "\(doing): \(String(cString: sqlite3_errmsg(handle)))")
    }

    /// Runs statements that return no rows (schema, pragmas). No parameters: never pass user text here.
    package func execute(_ sql: String) throws(SQLiteError) {
        let status = sqlite3_exec(handle, sql, nil, nil, nil)
        guard status == SQLITE_OK else { throw error(status, "database") }
    }

    /// A prepared statement, compiled once per SQL text and reused.
    private func prepared(_ sql: String) throws(SQLiteError) -> OpaquePointer {
        if let statement = statements[sql] { return statement }
        var statement: OpaquePointer?
        let status = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard status == SQLITE_OK, let statement else { throw error(status, "database") }
        statements[sql] = statement
        return statement
    }

    private func bind(_ values: [SQLiteValue], to statement: OpaquePointer) throws(SQLiteError) {
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let status: Int32
            switch value {
            case .null: status = sqlite3_bind_null(statement, index)
            case .integer(let v): status = sqlite3_bind_int64(statement, index, v)
            case .real(let v): status = sqlite3_bind_double(statement, index, v)
            case .text(let s):
                let bytes = Array(s.utf8)
                guard let length = Int32(exactly: bytes.count) else { throw SQLiteError(code: SQLITE_TOOBIG, message: "database: text too long") }
                status = bytes.withUnsafeBufferPointer { buffer in
                    buffer.baseAddress.map { base in
                        base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { csqlite_bind_text(statement, index, $0, length) }
                    } ?? csqlite_bind_text(statement, index, "", 0)
                }
            case .blob(let b):
                guard let length = Int32(exactly: b.count) else { throw SQLiteError(code: SQLITE_TOOBIG, message: "database: value too long") }
                status = b.withUnsafeBytes { csqlite_bind_blob(statement, index, $0.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!, length) }
            }
            guard status == SQLITE_OK else { throw error(status, "database") }
        }
    }

    private func column(_ statement: OpaquePointer, _ index: Int32) -> SQLiteValue {
        switch sqlite3_column_type(statement, index) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, index))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, index))
        case SQLITE_TEXT:
            let count = Int(sqlite3_column_bytes(statement, index))
            guard let text = sqlite3_column_text(statement, index) else { return .text("") }
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(statement, index))
            guard let bytes = sqlite3_column_blob(statement, index), count > 0 else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
        default: return .null
        }
    }

    /// Runs one statement with `parameters` bound to ?1, ?2, … and returns its rows.
    @discardableResult
    package func query(_ sql: String, _ parameters: [SQLiteValue] = []) throws(SQLiteError) -> [SQLiteRow] {
        let statement = try prepared(sql)
        if transactionDepth == 0, sqlite3_stmt_readonly(statement) == 0, let writeCheck { try writeCheck(self, false) }
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        try bind(parameters, to: statement)
        var rows: [SQLiteRow] = []
        let columns = sqlite3_column_count(statement)
        while true {
            let status = sqlite3_step(statement)
            if status == SQLITE_DONE { return rows }
            guard status == SQLITE_ROW else { throw error(status, "database") }
            rows.append(SQLiteRow(values: (0..<columns).map { column(statement, $0) }))
        }
    }

    package var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Copies the whole database, as this connection sees it, into a new file at `path` with
    /// SQLite's online backup API (one step: a consistent snapshot; in WAL mode writers of other
    /// connections are not blocked). The file is fsynced; the caller renames it into place.
    package func backup(to path: String) throws(SQLiteError) {
        var destination: OpaquePointer?
        let status = sqlite3_open_v2(path, &destination, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil)
        guard status == SQLITE_OK, let destination else {
            let message = destination.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            if let destination { sqlite3_close_v2(destination) }
            throw SQLiteError(code: status, message: "backup: \(message)")
        }
        defer { sqlite3_close_v2(destination) }
        guard let backup = sqlite3_backup_init(destination, "main", handle, "main") else {
            throw SQLiteError(code: sqlite3_extended_errcode(destination), message: "backup: \(String(cString: sqlite3_errmsg(destination)))")
        }
        var step = SQLITE_OK
        repeat {
            step = sqlite3_backup_step(backup, -1)
            if step == SQLITE_BUSY || step == SQLITE_LOCKED { sqlite3_sleep(20) }
        } while step == SQLITE_OK || step == SQLITE_BUSY || step == SQLITE_LOCKED
        let finished = sqlite3_backup_finish(backup)
        guard step == SQLITE_DONE, finished == SQLITE_OK else {
            throw SQLiteError(code: step == SQLITE_DONE ? finished : step, message: "backup: \(String(cString: sqlite3_errmsg(destination)))")
        }
    }

    /// Runs `body`'s reads on one snapshot of the file (a deferred transaction that writes
    /// nothing): what another process commits meanwhile is not half seen.
    package func snapshot<T>(_ body: () throws -> T) throws -> T {
        if transactionDepth > 0 { return try body() }
        try execute("BEGIN")
        transactionDepth = 1
        defer { transactionDepth = 0; try? execute("COMMIT") }
        return try body()
    }

    /// Runs `body` in one transaction (BEGIN IMMEDIATE: the write lock is taken at once, so two
    /// writers never deadlock upgrading). Any error rolls everything back; nested calls join the
    /// outer transaction.
    package func transaction<T>(_ body: () throws -> T) throws -> T {
        if transactionDepth > 0 {
            transactionDepth += 1
            defer { transactionDepth -= 1 }
            return try body()
        }
        if let writeCheck { try writeCheck(self, false) }
        try execute("BEGIN IMMEDIATE")
        transactionDepth = 1
        do {
            let result = try body()
            transactionDepth = 0
            try execute("COMMIT")
            // Committed into a file that is no longer the history (removed or replaced while the
            // transaction ran): the write was not kept, and the caller must not say it was.
            if let writeCheck { try writeCheck(self, true) }
            return result
        } catch {
            transactionDepth = 0
            try? execute("ROLLBACK")
            throw error
        }
    }
}

/// A database file shared by the stores of one server: every use holds its one connection under
/// a lock, so statements and transactions of different threads never interleave.
package final class SQLiteDatabase: Sendable {
    package let path: String
    private let connection: Mutex<SQLiteConnection>
    /// Opened read-only (a read-only file, folder or disk): every write is refused.
    package let isReadOnly: Bool

    /// A database that lives as long as the process: the people of a workbench whose history
    /// is read-only (every write is refused there anyway), and tests.
    package static func inMemory() throws(SQLiteError) -> SQLiteDatabase { try SQLiteDatabase(path: ":memory:") }

    package init(path: String, readOnly: Bool = false, immutable: Bool = false, create: Bool = true) throws(SQLiteError) {
        self.path = path
        let opened = try SQLiteConnection(path: path, readOnly: readOnly, immutable: immutable, create: create)
        isReadOnly = readOnly || immutable || opened.isReadOnly
        connection = Mutex(opened)
    }

    /// Every use of the connection; SQLite's failures leave as the history's domain errors
    /// (`HistoryError`) where they are the file's fault (damaged, removed, read-only, full).
    package func withConnection<T: Sendable>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        do {
            return try connection.withLock { connection in try body(connection) }
        } catch let error as SQLiteError {
            throw HistoryError(error) ?? error
        }
    }

    /// Installs the check asked before every write and after every commit.
    package func guardWrites(_ check: @escaping @Sendable (SQLiteConnection, _ afterCommit: Bool) throws(SQLiteError) -> Void) {
        connection.withLock { $0.writeCheck = check }
    }

    /// `PRAGMA integrity_check`'s answer: "ok" when the file is sound.
    /// `quick`: `PRAGMA quick_check` (every page read, indexes not matched against their tables).
    package func integrityCheck(quick: Bool = false) throws -> String {
        try connection.withLock { try $0.query(quick ? "PRAGMA quick_check" : "PRAGMA integrity_check").compactMap { $0.text(0) }.joined(separator: "; ") }
    }
}
