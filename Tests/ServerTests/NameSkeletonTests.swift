import Foundation
import Testing
@testable import WorkbenchStores
@testable import WorkbenchSupport

/// UTS #39 skeletons of people's names, and the refusals and invitations built on them.
@Suite struct NameSkeletonTests {
    private func store() throws -> PeopleStore { try PeopleStore(database: SQLiteDatabase.inMemory()) }

    @Test func lookAlikesShareASkeletonAndDifferentNamesDoNot() {
        let owner = NameSkeleton.skeleton("owner")
        #expect(NameSkeleton.skeleton("\u{043E}wner") == owner)                 // Cyrillic о
        #expect(NameSkeleton.skeleton("\u{1D428}wner") == owner)                // mathematical bold o
        #expect(NameSkeleton.skeleton("OWNER") == owner)
        #expect(NameSkeleton.skeleton("Ben\u{00A0}Smith") == NameSkeleton.skeleton("Ben Smith"))
        #expect(NameSkeleton.skeleton("Ben  Smith ") == NameSkeleton.skeleton("Ben Smith"))
        #expect(NameSkeleton.skeleton("\u{0391}da") == NameSkeleton.skeleton("Ada"))  // Greek Alpha
        #expect(NameSkeleton.skeleton("Ben") != NameSkeleton.skeleton("Ken"))
        #expect(NameSkeleton.skeleton("Zo\u{EB}") != NameSkeleton.skeleton("Zoe"))
    }

    @Test func aLookAlikeIsRefusedNamingTheNameItResembles() throws {
        let people = try store()
        _ = try people.create(name: "Ben Smith", role: .editor)
        #expect(throws: PeopleStore.Failure.lookAlike("B\u{0435}n Smith", resembles: "Ben Smith")) { try people.create(name: "B\u{0435}n Smith", role: .editor) }
        #expect(throws: PeopleStore.Failure.lookAlike("Presets Folder", resembles: "presets folder")) { try people.create(name: "Presets Folder", role: .editor) }
        let renamed = try people.create(name: "Cleo", role: .editor).person
        #expect(throws: PeopleStore.Failure.self) { try people.rename(renamed.name, to: "Ben\u{00A0}Smith") }
        #expect(try people.rename("Cleo", to: "Cleo B").name == "Cleo B")
    }

    @Test func onlyTheOwnerAndEditorsTheOwnerAllowsInvite() throws {
        let people = try store()
        let owner = try people.owner()
        let ada = try people.join(invitation: try people.invite(role: .editor, by: owner).code, name: "Ada").person
        let vic = try people.join(invitation: try people.invite(role: .viewer, by: owner).code, name: "Vic").person
        #expect(throws: PeopleStore.Failure.self) { try people.invite(role: .viewer, by: ada) }
        #expect(throws: PeopleStore.Failure.self) { try people.allowInvite("Vic", true) }
        try people.allowInvite("Ada", true)
        #expect(try people.inviters() == [ada.id])
        let made = try people.invite(role: .editor, by: ada)
        #expect(made.invitation.issuedBy == "Ada")
        _ = try people.revoke(vic.name)
        #expect(throws: PeopleStore.Failure.ownerOnly("only the owner gives a name back")) { try people.restore("Vic", by: ada) }
        try people.allowInvite("Ada", false)
        #expect(throws: PeopleStore.Failure.self) { try people.invite(role: .viewer, by: ada) }
    }

    @Test func anInvitationMakesOnePersonOnceWithItsRole() throws {
        let people = try store()
        let owner = try people.owner()
        let (_, code) = try people.invite(role: .viewer, by: owner)
        let (vic, _) = try people.join(invitation: code, name: "Vic")
        #expect(vic.role == .viewer && vic.invitation != nil)
        #expect(throws: PeopleStore.Failure.self) { try people.join(invitation: code, name: "Vic two") }
        // The message names the owner's allowance too since editors may be allowed to invite (#34.4).
        #expect(throws: PeopleStore.Failure.self) { try people.invite(role: .editor, by: vic) }
        let counted = try people.database.withConnection { PeopleStore.counted(on: $0) }
        #expect(counted.ids == [owner.id, vic.id])
        _ = try people.revoke("Vic")
        let after = try people.database.withConnection { PeopleStore.counted(on: $0) }
        #expect(after.ids == [owner.id] && after.uncounted[vic.id] == "revoked")
    }
}
