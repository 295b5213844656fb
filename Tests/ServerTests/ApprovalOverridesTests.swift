import Foundation
import Testing
@testable import WorkbenchExports
@testable import WorkbenchStores
@testable import WorkbenchSupport

/// An approval given despite failing checks keeps them, and every export of what it approves
/// states them (issue 33); a history from before they were kept opens with none.
@Suite struct ApprovalOverridesTests {
    let folder = NSTemporaryDirectory() + "approval-overrides-\(UUID().uuidString)"

    @Test func anApprovalsOverridesAreSignedWithItsExports() throws {
        let store = try PresetStore(folder: folder)
        // Approvals count from invited people: Ana and Ben join by the owner's invitations.
        let people = try PeopleStore(database: store.database)
        let owner = try people.owner()
        _ = try people.join(invitation: try people.invite(role: .editor, by: owner).code, name: "Ana")
        let ben = try people.join(invitation: try people.invite(role: .editor, by: owner).code, name: "Ben").person
        var pale = Preset(name: "Pale")
        try pale.style.set("lineColor", .text("#DDDDDD"))
        _ = try store.save(pale, ifMatch: nil, author: "Ana")
        let failing = ["Line #DDDDDD on light (at rest, 4 px): 1.35:1, needs 3:1"]
        _ = try store.review("Pale", revision: 1, decision: .approve, reviewers: [], comment: "", author: "Ben", overrides: failing)
        let exported = try store.exportable("Pale", revision: "approved").provenance
        #expect(exported.approvers == [Provenance.Approver(person: .init(name: "Ben", id: ben.id), despite: failing)])
        #expect(exported.approvalRule == "1 approval from someone other than its author")
        #expect(exported.statement == "revision 1 of “Pale”, approved by Ben (person \(ben.id)) despite: \(failing[0]); approval rule: 1 approval from someone other than its author")
        // A notes-only revision carries the same parameters: the same approval, the same overrides.
        var noted = pale
        noted.notes = "pale on purpose"
        _ = try store.save(noted, ifMatch: "1", author: "Ana")
        #expect(try store.exportable("Pale", revision: "2").provenance.approvers.first?.despite == failing)
        // The signed block carries them and reads them back.
        let stamped = exported.stamp("// x\nlet x = 1\n", as: .lineComment)
        #expect(try Provenance.read(stamped)?.provenance.approvers == exported.approvers)
    }

    @Test func aHistoryFromBeforeOverridesOpensWithNone() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let database = try SQLiteDatabase(path: folder + "/old.sqlite")
        try database.withConnection { connection in
            try connection.execute("""
                CREATE TABLE reviews (id INTEGER PRIMARY KEY AUTOINCREMENT, preset_id INTEGER NOT NULL, revision INTEGER NOT NULL,
                    author TEXT NOT NULL, decision TEXT NOT NULL, reviewers TEXT NOT NULL, comment TEXT NOT NULL, time TEXT NOT NULL);
                INSERT INTO reviews(preset_id, revision, author, decision, reviewers, comment, time) VALUES (1, 1, 'Ben', 'approve', '[]', '', 't');
                """)
        }
        let reviews = try PresetReviews(database: database)
        let old = try reviews.reviews(of: 1)
        #expect(old.count == 1 && old[0].overrides.isEmpty && old[0].decision == .approve)
        _ = try PresetReviews(database: database)  // opening again changes nothing
        #expect(try reviews.reviews(of: 1).count == 1)
    }
}
