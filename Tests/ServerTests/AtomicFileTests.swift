import Foundation
import Testing
@testable import WorkbenchStores

@Suite struct AtomicFileTests {
    @Test func replacesWholeAndLeavesNoTemporaryFile() throws {
        let folder = NSTemporaryDirectory() + "atomic-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/p.json"
        try AtomicFile.write(Array("old".utf8), to: path)
        try AtomicFile.write(Array("new contents".utf8), to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new contents")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["p.json"])
    }

    @Test func aFailedRenameKeepsTheOldFile() throws {
        // The target is a folder: the temporary file is written, the rename fails, nothing changes.
        let folder = NSTemporaryDirectory() + "atomic-dir-\(UUID().uuidString)"
        let target = folder + "/taken"
        try FileManager.default.createDirectory(atPath: target + "/inside", withIntermediateDirectories: true)
        do {
            try AtomicFile.write(Array("x".utf8), to: target)
            Issue.record("replaced a folder")
        } catch {
            #expect(error is AtomicFile.WriteError)
            #expect(!"\(error)".contains(folder))  // messages may reach a client: no server paths
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["taken"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: target) == ["inside"])
    }
}
