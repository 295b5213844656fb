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

    /// A new file only: one already there (made meanwhile by someone else) is kept as it is, a
    /// dangling link is not followed, and no temporary file is left either way.
    @Test func createWritesANewFileAndKeepsOneAlreadyThere() throws {
        let folder = NSTemporaryDirectory() + "atomic-new-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        #expect(try AtomicFile.create(Array("starter".utf8), at: folder + "/a.json"))
        #expect(try String(contentsOfFile: folder + "/a.json", encoding: .utf8) == "starter")
        try Array("theirs".utf8).withUnsafeBytes { try Data($0).write(to: URL(fileURLWithPath: folder + "/b.json")) }
        #expect(try !AtomicFile.create(Array("starter".utf8), at: folder + "/b.json"))
        #expect(try String(contentsOfFile: folder + "/b.json", encoding: .utf8) == "theirs")
        try FileManager.default.createSymbolicLink(atPath: folder + "/c.json", withDestinationPath: folder + "/elsewhere")
        #expect(try !AtomicFile.create(Array("starter".utf8), at: folder + "/c.json"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/elsewhere"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["a.json", "b.json", "c.json"])
    }
}
