import WorkbenchSupport
/// Comments kept in the workbench database, in a table of their own beside the decision log.
package struct SQLiteCommentRecords: CommentRecords {
    package init(database: SQLiteDatabase) {
        self.database = database
    }

    package let database: SQLiteDatabase

    /// The table is made on first use (the store reads everything before it writes).
    package func loadAll() throws -> [ParameterComment] {
        try database.withConnection { connection in
            try connection.execute("""
                CREATE TABLE IF NOT EXISTS comments (
                    id INTEGER PRIMARY KEY,
                    preset TEXT NOT NULL,
                    parameter TEXT NOT NULL,
                    progress REAL,
                    text TEXT NOT NULL,
                    author TEXT NOT NULL,
                    created_at TEXT NOT NULL,
                    resolved_by TEXT,
                    resolved_at TEXT
                );
                CREATE INDEX IF NOT EXISTS comments_by_preset ON comments(preset, id);
                """)
            return try connection.query("SELECT id, preset, parameter, progress, text, author, created_at, resolved_by, resolved_at FROM comments ORDER BY id")
                .compactMap { row -> ParameterComment? in
                    guard let id = row.int(0), let preset = row.text(1), let parameter = row.text(2), let text = row.text(4) else { return nil }
                    return ParameterComment(id: id, preset: preset, parameter: parameter, progress: row.real(3), text: text,
                                            author: row.text(5) ?? "", createdAt: row.text(6) ?? "", resolvedBy: row.text(7), resolvedAt: row.text(8))
                }
        }
    }

    package func insert(_ comment: ParameterComment) throws {
        try database.withConnection { connection in try connection.transaction {
            _ = try connection.query("""
                INSERT INTO comments(id, preset, parameter, progress, text, author, created_at, resolved_by, resolved_at)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
                """, [.integer(Int64(comment.id)), .text(comment.preset), .text(comment.parameter), comment.progress.map(SQLiteValue.real) ?? .null,
                      .text(comment.text), .text(comment.author), .text(comment.createdAt),
                      comment.resolvedBy.map(SQLiteValue.text) ?? .null, comment.resolvedAt.map(SQLiteValue.text) ?? .null])
            try HistoryChain.record(.comment, key: [.integer(Int64(comment.id))], on: connection)
        } }
    }

    package func update(_ comment: ParameterComment) throws {
        try database.withConnection { connection in try connection.transaction {
            _ = try connection.query("UPDATE comments SET preset = ?2, resolved_by = ?3, resolved_at = ?4 WHERE id = ?1", [
                .integer(Int64(comment.id)), .text(comment.preset),
                comment.resolvedBy.map(SQLiteValue.text) ?? .null, comment.resolvedAt.map(SQLiteValue.text) ?? .null,
            ])
            try HistoryChain.record(.comment, key: [.integer(Int64(comment.id))], on: connection)
        } }
    }
}
