import Foundation
import Testing
@testable import WorkbenchExports
@testable import WorkbenchStores
@testable import WorkbenchSupport

@Suite struct PresetHistoryTests {
    let folder: String

    init() throws {
        folder = NSTemporaryDirectory() + "preset-history-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    private func preset(_ name: String, marker: Double) throws -> Preset {
        var preset = Preset(name: name)
        try preset.style.set("markerRadius", .number(marker))
        return preset
    }

    private func file(_ name: String) -> String? {
        FileManager.default.contents(atPath: folder + "/" + name).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func sha256MatchesKnownVectors() {
        #expect(SHA256.hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex(String(repeating: "a", count: 1_000)) == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }

    @Test func savesRenamesDeletesAndRestoresAreRevisionsOfOneHistory() throws {
        let store = try PresetStore(folder: folder)
        let first = try store.save(try preset("Calm", marker: 3), ifMatch: nil, author: "Ana", message: "first")
        #expect(first.entry.revision == 1 && first.created)
        _ = try store.save(try preset("Calm", marker: 4), ifMatch: "1", author: "Ben")
        #expect(throws: PresetStore.SaveError.self) { try store.save(try preset("Calm", marker: 5), ifMatch: "1") }
        let renamed = try #require(try store.rename("Calm", to: "Quiet", ifMatch: "2", author: "Ana"))
        #expect(renamed.entry.revision == 3 && file("calm.json") == nil && file("quiet.json") != nil)
        let deleted = try #require(try store.delete("Quiet", ifMatch: nil, author: "Ben"))
        #expect(deleted.revision == 4 && file("quiet.json") == nil && store.get("Quiet") == nil)
        let history = try #require(try store.revisions(of: "Quiet"))
        #expect(history.map(\.number) == [4, 3, 2, 1])
        #expect(history.map(\.author) == ["Ben", "Ana", "Ben", "Ana"])
        #expect(history[0].deleted && !history[1].deleted && history[3].message == "first")
        #expect(history[1].name == "Quiet" && history[2].name == "Calm")
        // Restore the first revision: the preset comes back under its current name with its old values.
        let restored = try store.restore("Quiet", revision: 1, author: "Cy")
        #expect(restored.entry.revision == 5 && restored.entry.preset.name == "Quiet")
        #expect(restored.entry.preset.style.values.first { $0.key == "markerRadius" }?.value == .number(3))
        #expect(store.get("Quiet")?.revision == 5)
        #expect(throws: PresetStore.SaveError.self) { try store.restore("Quiet", revision: 4) }  // a deletion is not a state
        #expect(throws: PresetStore.SaveError.self) { try store.restore("Quiet", revision: 99) }
        // The log has every step, newest first.
        let kinds = try store.log.entries().entries.map(\.kind.rawValue)
        #expect(kinds == ["restore", "delete", "rename", "save", "save"])
    }

    @Test func reviewsGiveTheStatusAndAnApprovalOutlivesANewDraft() throws {
        let store = try PresetStore(folder: folder)
        // Approvals count from invited people only: Ana, Ben and Cy join by the owner's invitations.
        let people = try PeopleStore(database: store.database)
        let owner = try people.owner()
        for name in ["Ana", "Ben", "Cy"] { _ = try people.join(invitation: try people.invite(role: .editor, by: owner).code, name: name) }
        _ = try store.save(try preset("Pick", marker: 3), ifMatch: nil, author: "Ana")
        #expect(try store.status(of: "Pick")?.state == .draft)
        _ = try store.review("Pick", revision: 1, decision: .requestReview, reviewers: ["Ben"], comment: "", author: "Ana")
        #expect(try store.status(of: "Pick")?.state == .inReview)
        _ = try store.review("Pick", revision: 1, decision: .requestChanges, reviewers: [], comment: "thinner", author: "Ben")
        #expect(try store.status(of: "Pick")?.state == .draft)
        _ = try store.save(try preset("Pick", marker: 2), ifMatch: "1", author: "Ana")
        _ = try store.review("Pick", revision: 2, decision: .approve, reviewers: [], comment: "good", author: "Ben")
        _ = try store.review("Pick", revision: 2, decision: .approve, reviewers: [], comment: "", author: "Cy")
        let approved = try #require(try store.status(of: "Pick"))
        #expect(approved.state == .approved && approved.approvedRevision == 2 && approved.approvers == ["Ben", "Cy"])
        _ = try store.save(try preset("Pick", marker: 7), ifMatch: "2", author: "Ana")
        let editing = try #require(try store.status(of: "Pick"))
        #expect(editing.state == .draft && editing.approvedRevision == 2 && editing.approvers == ["Ben", "Cy"])
        let export = try store.exportable("Pick", revision: "approved")
        #expect(export.provenance.revision == 2 && export.provenance.status == "approved")
        #expect(export.preset.style.values.first { $0.key == "markerRadius" }?.value == .number(2))
        #expect(try store.exportable("Pick", revision: nil).provenance.status == "draft")
        // Someone who approved and then asks for changes withdraws the approval.
        _ = try store.review("Pick", revision: 2, decision: .requestChanges, reviewers: [], comment: "", author: "Cy")
        #expect(try store.status(of: "Pick")?.approvedRevision == nil)
    }

    @Test func aKilledWriteIsRepairedAtStartAndHandEditsAreTakenIn() throws {
        do {
            let store = try PresetStore(folder: folder)
            _ = try store.save(try preset("Saved", marker: 3), ifMatch: nil)
            _ = try store.save(try preset("Renamed", marker: 3), ifMatch: nil)
            _ = try store.save(try preset("Deleted", marker: 3), ifMatch: nil)
            _ = try store.save(try preset("Edited", marker: 3), ifMatch: nil)
            _ = try store.save(try preset("Removed", marker: 3), ifMatch: nil)
        }
        let stale = try #require(file("saved.json")), renamedOld = try #require(file("renamed.json")), deletedOld = try #require(file("deleted.json"))
        do {
            let store = try PresetStore(folder: folder)
            _ = try store.save(try preset("Saved", marker: 8), ifMatch: nil)
            _ = try store.rename("Renamed", to: "New name", ifMatch: nil)
            _ = try store.delete("Deleted", ifMatch: nil)
        }
        // As if each process had been killed between the commit and the file.
        try stale.write(toFile: folder + "/saved.json", atomically: true, encoding: .utf8)
        try renamedOld.write(toFile: folder + "/renamed.json", atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: folder + "/new-name.json")
        try deletedOld.write(toFile: folder + "/deleted.json", atomically: true, encoding: .utf8)
        // By hand: one file edited, one removed, one added.
        try file("edited.json")!.replacingOccurrences(of: "\"markerRadius\": 3", with: "\"markerRadius\": 6")
            .write(toFile: folder + "/edited.json", atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: folder + "/removed.json")
        try Preset(name: "From git").fileText.write(toFile: folder + "/from-git.json", atomically: true, encoding: .utf8)

        let store = try PresetStore(folder: folder)
        #expect(store.get("Saved")?.preset.style.values.first { $0.key == "markerRadius" }?.value == .number(8))
        #expect(store.get("Saved")?.revision == 2)
        #expect(store.get("Renamed") == nil && store.get("New name") != nil && file("renamed.json") == nil)
        #expect(store.get("Deleted") == nil && file("deleted.json") == nil)
        let edited = try #require(store.get("Edited"))
        #expect(edited.revision == 2 && edited.preset.style.values.first { $0.key == "markerRadius" }?.value == .number(6))
        #expect(try store.revisions(of: "Edited")?.first?.author == PresetStore.folderAuthor)
        #expect(try store.revisions(of: "Removed")?.first?.deleted == true)
        #expect(store.get("From git")?.revision == 1)
        #expect(try store.database.integrityCheck() == "ok")
    }

    @Test func provenanceIsStampedSignedAndAnyChangeIsSeen() throws {
        let key = Ed25519.generate().key
        let provenance = Provenance(preset: "Désigner's -- pick\u{202E}", revision: 3, status: "approved", approvers: [.init(person: .init(name: "Bo", id: 4), despite: ["Line #DDDDDD on light: 1.35:1, needs 3:1"])], approvedAt: "t",
                                    parametersSHA256: String(repeating: "a", count: 64), signer: key)
        for (text, carrier) in [(Preset(name: "x").fileText, Provenance.Carrier.jsonObject), ("// header\nlet x = 1\n", .lineComment),
                                ("<?xml version=\"1.0\"?>\n<svg/>\n", .xmlComment)] {
            let stamped = provenance.stamp(text, as: carrier)
            let read = try #require(try Provenance.read(stamped))
            #expect(read.provenance.preset == provenance.preset && read.provenance.revision == 3 && read.provenance.approvers == provenance.approvers)
            // The signed content is the file without its provenance (JSON: canonical).
            let content = carrier == .jsonObject ? try JSONValue.parse(text).canonical : text
            #expect(read.content == content)
            #expect(read.block.last { $0.0 == "contentSha256" }?.1.stringValue == SHA256.hex(content))
            let signature = try #require(read.block.last { $0.0 == "signature" }?.1.stringValue.flatMap(Sodium.unbase64))
            #expect(Ed25519.verify(signature, of: Provenance.signedMessage(read.block), publicKey: key.publicKey))
            if carrier == .xmlComment {  // an XML comment cannot hold "--"
                let comment = try #require(stamped.range(of: "<!--").flatMap { open in stamped.range(of: "-->").map { stamped[open.upperBound..<$0.lowerBound] } })
                #expect(!comment.contains("--"))
            }
            // A changed fact no longer matches the signature; changed content no longer matches its hash.
            var forged = read.block
            forged[forged.firstIndex { $0.0 == "revision" }!].1 = .number(4)
            #expect(!Ed25519.verify(signature, of: Provenance.signedMessage(forged), publicKey: key.publicKey))
            let changed = try #require(try Provenance.read(stamped.replacingOccurrences(of: "x", with: "y")))
            #expect(SHA256.hex(changed.content) != read.block.last { $0.0 == "contentSha256" }?.1.stringValue)
        }
        #expect(try JSONValue.parse(provenance.stamp(Preset(name: "x").fileText, as: .jsonObject))["provenance"] != nil)
    }
}
