import Foundation
import Testing
@testable import WorkbenchStores
@testable import WorkbenchSupport

/// The history's hash chain at scale: `workbench history check` (the full verify) must stay
/// under a second on a healthy history of 10,000 revisions, and still find one edited row.
@Suite struct HistoryChainTests {
    @Test func fullCheckOfTenThousandRevisionsTakesUnderASecondAndFindsAnEdit() throws {
        let folder = NSTemporaryDirectory() + "history-chain-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let options = HistoryFile.Options(backupEvery: 0, stateFolder: folder + "-state")
        let store = try PresetStore(folder: folder, options: options)
        let text = Preset(name: "Busy").fileText
        try store.database.withConnection { connection in
            try connection.transaction {
                var id: Int64?
                for i in 0..<10_000 {
                    let revision = try PresetHistory.append(.init(name: "Busy", fileName: "busy.json", author: "Ana \(i % 7)",
                                                                  message: "save \(i)", fileText: text), to: id, on: connection)
                    id = revision.presetID
                }
            }
        }
        let started = Date()
        let verdict = try store.historyFile.check()
        let seconds = Date().timeIntervalSince(started)
        #expect(verdict.problems.isEmpty)
        #expect(verdict.head.count >= 10_000)
        #expect(seconds <= 1.0, "the full check took \(seconds) s")
        try store.database.withConnection { connection in
            try connection.execute("UPDATE revisions SET author = 'Mallory' WHERE number = 5000")
        }
        let tampered = try store.historyFile.check()
        #expect(tampered.problems.contains { $0.contains("revision") && $0.contains("changed") })
    }
}
