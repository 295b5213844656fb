import WorkbenchSupport
import Foundation

/// What an export of a revision rests on, against the history's chain: the preset's revisions
/// (their authors and parameters decide whose approval counts) and its reviews (who approved),
/// each compared with its newest chain entry, and the revision's own entry, which a signed
/// export carries so `workbench verify --presets` can compare it with the history later.
extension PresetStore {
    /// Where an export of a revision sits in the history's chain: the revision's own entry, and
    /// the chain's head when it was made (everything before it, the reviews included, is fixed
    /// by the head's hash).
    package struct ChainPosition: Sendable, Equatable {
        package var revision: HistoryChain.Position
        package var head: HistoryChain.Position

        package init(revision: HistoryChain.Position, head: HistoryChain.Position) { self.revision = revision; self.head = head }
    }

    /// The chain position of revision `number` of preset `presetID`, after checking that the
    /// rows it rests on are the chained ones; nil when the history keeps no chain (an old
    /// read-only one). Throws `HistoryError` naming the revision when a row was edited behind
    /// the workbench's back: nothing is signed over it.
    package func chainPosition(presetID: Int64, number: Int, preset name: String) throws -> ChainPosition? {
        try database.withConnection { connection throws -> ChainPosition? in
            guard try HistoryChain.isKept(on: connection) else { return nil }
            let (position, problem) = try Self.chainedRows(presetID: presetID, number: number, on: connection)
            if let problem {
                throw HistoryError(.removedOrReplaced, "revision \(number) of “\(name)” cannot be exported signed: \(problem). "
                                   + "Stop the server and run `workbench history check`")
            }
            guard let position, let head = try HistoryChain.head(on: connection) else { return nil }
            return ChainPosition(revision: position, head: HistoryChain.Position(index: head.count, entryHash: head.hash))
        }
    }

    /// Why an export signed at `signed` as revision `number` of `presetID` does not match this
    /// history (the revision's entry is not the signed one, the chain up to the signed head
    /// derives another hash: it was rebuilt, a newer entry replaced the revision's, or a row it
    /// rests on was edited); nil when it matches.
    package func chainProblem(signed: ChainPosition, presetID: Int64, number: Int) -> String? {
        do {
            return try database.withConnection { connection throws -> String? in
                guard try HistoryChain.isKept(on: connection) else { return "the presets' history keeps no hash chain to compare its chain position with" }
                let key: [SQLiteValue] = [.integer(presetID), .integer(Int64(number))]
                let id = historyFile.historyID
                if let problem = try HistoryChain.positionProblem(signed.revision, kind: .revision, key: key, historyID: id, on: connection) {
                    return problem
                }
                guard let derived = try HistoryChain.derivedHash(at: signed.head.index, historyID: id, on: connection) else {
                    return "the history's chain no longer holds the \(signed.head.index) entries it held at the export (it was rolled back or rebuilt)"
                }
                guard derived == signed.head.entryHash else {
                    return "the history's chain up to entry \(signed.head.index) is not the one at the export (it was rebuilt over edited rows)"
                }
                let (now, problem) = try Self.chainedRows(presetID: presetID, number: number, on: connection)
                if let problem { return problem }
                if now != signed.revision {
                    return "the revision's row was written again after the export (chain entry \(now.map { String($0.index) } ?? "none"), not \(signed.revision.index))"
                }
                return nil
            }
        } catch {
            return "the presets' history cannot be read: \(error)"
        }
    }

    /// The revision's newest position, and the first of the preset's revision and review rows
    /// that differs from its newest chain entry (in words), if any.
    private static func chainedRows(presetID: Int64, number: Int, on connection: SQLiteConnection) throws(SQLiteError)
        -> (position: HistoryChain.Position?, problem: String?) {
        // Revisions: those in the table and those the chain holds (a row deleted behind the workbench's back is not in the table).
        var numbers = Set(try connection.query("SELECT number FROM revisions WHERE preset_id = ?1", [.integer(presetID)]).compactMap { $0.integer(0) })
        let prefix = "i\(presetID);i"
        for row in try connection.query("SELECT DISTINCT row_key FROM history_chain WHERE kind = 'revision' AND substr(row_key, 1, ?1) = ?2",
                                         [.integer(Int64(prefix.utf8.count)), .text(prefix)]) {
            if let text = row.text(0), let n = Int64(text.dropFirst(prefix.count).prefix { $0 != ";" }) { numbers.insert(n) }
        }
        let revisionKeys = numbers.sorted().map { [SQLiteValue.integer(presetID), .integer($0)] }
        let revisions = try HistoryChain.compareRows(.revision, keys: revisionKeys, on: connection)
        let position = revisions.positions[HistoryChain.keyText([.integer(presetID), .integer(Int64(number))])]
        if let problem = revisions.problem { return (position, problem) }
        let reviewKeys = try connection.query("SELECT id FROM reviews WHERE preset_id = ?1 ORDER BY id", [.integer(presetID)]).compactMap { $0.integer(0) }
        let reviews = try HistoryChain.compareRows(.review, keys: reviewKeys.map { [SQLiteValue.integer($0)] }, on: connection)
        return (position, reviews.problem)
    }
}
