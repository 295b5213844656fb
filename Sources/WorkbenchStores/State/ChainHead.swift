import WorkbenchSupport
import Foundation

/// The head of the history's chain as this workbench last kept it, signed with its key, in the
/// state folder (`history-head.json`), outside the database: which history (its id), how many
/// entries, and the last one's hash. A database whose chain is shorter, or differs at that
/// entry, was rolled back or swapped.
package struct ChainHead: Sendable, Equatable {
    package static let fileName = "history-head.json"

    package var historyID: String
    package var head: HistoryChain.Head

    package init(historyID: String, head: HistoryChain.Head) { self.historyID = historyID; self.head = head }

    func signedText() -> [UInt8] { Array("chart-workbench chain head\n\(historyID)\n\(head.count)\n\(head.hash)".utf8) }

    /// The head kept in `state`, nil when none was kept yet; throws when the file is not one, or
    /// its signature is not this key's.
    package static func read(from state: StateFolder, key: Ed25519) throws(HistoryError) -> ChainHead? {
        let path = state.path + "/" + fileName
        // Read before every write: one read, and a look at what is there only when it fails.
        guard let data = FileManager.default.contents(atPath: path) else {
            guard FileManager.default.fileExists(atPath: path) else { return nil }
            throw HistoryError(.refusedAtStart, "the workbench's record of its history (\(path)) is not a file it can read")
        }
        guard let file = try? JSONText.decode(File.self, from: String(decoding: data, as: UTF8.self)), let signature = Sodium.unbase64(file.signature) else {
            throw HistoryError(.refusedAtStart, "the workbench's record of its history (\(path)) is unreadable; it is not a chain head")
        }
        let kept = ChainHead(historyID: file.history, head: .init(count: file.entries, hash: file.head))
        guard Ed25519.verify(signature, of: kept.signedText(), publicKey: key.publicKey) else {
            throw HistoryError(.refusedAtStart, "the workbench's record of its history (\(path)) is not signed by its key: it was edited or comes from elsewhere")
        }
        return kept
    }

    /// Signs and writes the head (atomically).
    package func write(to state: StateFolder, key: Ed25519) throws {
        let file = File(history: historyID, entries: head.count, head: head.hash,
                        publicKey: Sodium.base64(key.publicKey), signature: Sodium.base64(key.sign(signedText())))
        try AtomicFile.write(Array((JSONText.encode(file) + "\n").utf8), to: state.path + "/" + Self.fileName)
    }

    /// `history-head.json`: which history, how many entries, the last one's hash, the key that
    /// signed it and the signature. Read back, the public key is not needed (nor trusted): the
    /// workbench's own key checks the signature.
    private struct File: Codable {
        let history: String
        let entries: Int64
        let head: String
        let publicKey: String?
        let signature: String
    }
}
