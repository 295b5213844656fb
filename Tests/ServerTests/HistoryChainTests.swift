import Foundation
import Testing
@testable import WorkbenchStores
@testable import WorkbenchSupport

/// The history's hash chain at scale: `workbench history check` (the full verify) passes a
/// healthy history of 10,000 revisions and still finds one edited row. (Its time, ≤ 1 s, is
/// measured by `make bench-history` on a release build, never in a unit test.)
@Suite struct HistoryChainTests {
    @Test func fullCheckOfTenThousandRevisionsPassesAndFindsAnEdit() throws {
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
        let verdict = try store.historyFile.check()
        #expect(verdict.problems.isEmpty)
        #expect(verdict.head.count >= 10_000)
        try store.database.withConnection { connection in
            try connection.execute("UPDATE revisions SET author = 'Mallory' WHERE number = 5000")
        }
        let tampered = try store.historyFile.check()
        #expect(tampered.problems.contains { $0.contains("revision") && $0.contains("changed") })
    }
}
