import Foundation
import Synchronization
import Testing
@testable import WorkbenchStores
@testable import WorkbenchSupport

@Suite struct PeopleStoreTests {
    private func store() throws -> PeopleStore { try PeopleStore(database: SQLiteDatabase.inMemory()) }

    @Test func aPersonGetsASecretOfWhichOnlyTheHashIsKept() throws {
        let people = try store()
        let (ada, secret) = try people.create(name: "  Ada ", role: .editor)
        #expect(ada.name == "Ada" && ada.role == .editor && !ada.revoked)
        #expect(secret.count == 64 && Sodium.unhex(secret) != nil)          // 256 bits
        #expect(try people.person(secret: secret) == ada)
        #expect(try people.person(secret: String(repeating: "0", count: 64)) == nil)
        #expect(try people.person(secret: "") == nil)
        let stored = try people.database.withConnection { try $0.query("SELECT secret_sha256 FROM people").compactMap { $0.text(0) } }
        #expect(stored == [SHA256.hex(secret)])
        let (_, other) = try people.create(name: "Ben", role: .viewer)
        #expect(other != secret)
    }

    @Test func anExpiredInvitationIsRefusedAndStaysUnused() throws {
        let now = Mutex(1_800_000_000.0)
        let people = try PeopleStore(database: SQLiteDatabase.inMemory(), clock: { now.withLock { $0 } })
        let (invitation, code) = try people.invite(role: .editor, by: try people.owner(), lifetime: 3600)
        now.withLock { $0 += 3601 }   // an hour and a second later
        #expect(invitation.state(now: people.clock()) == "expired")
        #expect(throws: PeopleStore.Failure.invitation("this invitation has expired; ask the owner for another")) {
            try people.join(invitation: code, name: "Late")
        }
        #expect(try people.person(named: "Late") == nil)
    }

    @Test func namesAreUniqueWithoutCaseAfterNFC() throws {
        let people = try store()
        _ = try people.create(name: "Zo\u{EB}", role: .editor)
        for taken in ["zo\u{EB}", "ZO\u{CB}", "Zoe\u{308}", "zoe\u{308}"] {
            #expect(throws: PeopleStore.Failure.nameTaken(taken.precomposedStringWithCanonicalMapping)) { try people.create(name: taken, role: .editor) }
        }
        #expect(throws: PeopleStore.Failure.self) { try people.create(name: "   ", role: .editor) }
        #expect(throws: PeopleStore.Failure.self) { try people.create(name: "a\u{0}b", role: .editor) }
        #expect(throws: PeopleStore.Failure.self) { try people.create(name: String(repeating: "x", count: 65), role: .editor) }
        #expect(try people.create(name: "Zoe", role: .editor).person.name == "Zoe")
    }

    @Test func revokeRenameAndTheOwner() throws {
        let people = try store()
        let owner = try people.owner()
        #expect(try people.owner() == owner && owner.name == PeopleStore.ownerName)
        let (_, secret) = try people.create(name: "Ada", role: .editor)
        let renamed = try people.rename("ada", to: "Ada L.")
        #expect(renamed.name == "Ada L.")
        #expect(try people.person(secret: secret)?.name == "Ada L.")
        // The old name stays hers: nobody else can take it, and it still finds her.
        #expect(throws: PeopleStore.Failure.nameTaken("ADA")) { try people.create(name: "ADA", role: .editor) }
        #expect(try people.person(named: "Ada")?.id == renamed.id)
        #expect(throws: PeopleStore.Failure.nameTaken("owner")) { try people.rename("Ada L.", to: "owner") }
        let revoked = try people.revoke("Ada L.")
        #expect(revoked.revoked)
        #expect(try people.person(secret: secret)?.revoked == true)
        #expect(throws: PeopleStore.Failure.notFound("Nobody")) { try people.revoke("Nobody") }
        #expect(try people.list().map(\.name) == ["owner", "Ada L."])
    }
}

@Suite struct ApprovalRuleTests {
    typealias R = PresetReviews
    /// Reviews in the order given (their ids).
    private func words(_ list: [(String, Int, R.Decision)]) -> [R.Review] {
        list.enumerated().map { i, w in
            R.Review(id: Int64(i + 1), presetID: 1, revision: w.1, author: w.0, decision: w.2, reviewers: [], comment: "", time: "t\(i)")
        }
    }

    private let revisions = [
        R.RevisionFacts(number: 1, author: "Ada", parametersSHA256: "P"),
        R.RevisionFacts(number: 2, author: "Ada", parametersSHA256: "P"),     // notes edit
        R.RevisionFacts(number: 3, author: "Ben", parametersSHA256: "P"),     // Ben renames it
        R.RevisionFacts(number: 4, author: "Ada", parametersSHA256: "Q"),     // a parameter change
        R.RevisionFacts(number: 5, author: "Cy", parametersSHA256: "P"),      // Cy restores revision 1
    ]

    @Test func selfApprovalDoesNotCount() {
        #expect(R.status(reviews: words([("Ada", 1, .approve)]), revisions: Array(revisions.prefix(1)), latest: 1).state == .draft)
        let approved = R.status(reviews: words([("Ada", 1, .approve), ("Ben", 1, .approve)]), revisions: Array(revisions.prefix(1)), latest: 1)
        #expect(approved.state == .approved && approved.approvers == ["Ben"])
    }

    @Test func approvalBelongsToTheParameters() {
        let reviews = words([("Ben", 1, .approve)])
        #expect(R.status(reviews: reviews, revisions: Array(revisions.prefix(3)), latest: 3).state == .approved)
        let edited = R.status(reviews: reviews, revisions: Array(revisions.prefix(4)), latest: 4)
        #expect(edited.state == .draft && edited.approvedRevision == 3)
        let restored = R.status(reviews: reviews, revisions: revisions, latest: 5)
        #expect(restored.state == .approved && restored.approvedRevision == 5 && restored.approvers == ["Ben"])
    }

    @Test func whoBroughtTheParametersInCannotApproveThemLater() {
        // Ben's rename (revision 3) carries Ada's parameters: Ada's approval of it still does not count.
        let status = R.status(reviews: words([("Ada", 3, .approve)]), revisions: Array(revisions.prefix(3)), latest: 3)
        #expect(status.state == .draft)
    }

    @Test func requiredApproversAreDistinctPeople() {
        let rule = R.Rule(required: 2)
        var list: [(String, Int, R.Decision)] = [("Ben", 1, .approve), ("Ben", 1, .approve), ("Ben", 2, .approve)]
        #expect(R.status(reviews: words(list), revisions: Array(revisions.prefix(2)), latest: 2, rule: rule).state == .draft)
        list.append(("Cy", 2, .approve))
        let status = R.status(reviews: words(list), revisions: Array(revisions.prefix(2)), latest: 2, rule: rule)
        #expect(status.state == .approved && Set(status.approvers) == ["Ben", "Cy"])
        // A request for changes by anyone else holds it back until they approve.
        list.append(("Dee", 2, .requestChanges))
        #expect(R.status(reviews: words(list), revisions: Array(revisions.prefix(2)), latest: 2, rule: rule).state == .draft)
    }

    @Test func aRenamedPersonIsStillThemselves() {
        // "Ada" was renamed "Ada L.": the identity maps both names to one person.
        let rule = R.Rule(required: 1) { $0.hasPrefix("Ada") ? "person 1" : $0 }
        #expect(R.status(reviews: words([("Ada L.", 1, .approve)]), revisions: Array(revisions.prefix(1)), latest: 1, rule: rule).state == .draft)
    }

    @Test func aRevokedApproverNoLongerCountsAndTheStatusSaysSo() {
        var rule = R.Rule(required: 1)
        rule.uncounted = { $0 == "Ben" ? "revoked" : nil }
        let status = R.status(reviews: words([("Ben", 1, .approve)]), revisions: Array(revisions.prefix(1)), latest: 1, rule: rule)
        #expect(status.state == .draft && status.approvers.isEmpty && status.uncounted == ["Ben (revoked)"])
        let counted = R.status(reviews: words([("Ben", 1, .approve), ("Cy", 1, .approve)]), revisions: Array(revisions.prefix(1)), latest: 1, rule: rule)
        #expect(counted.state == .approved && counted.approvers == ["Cy"])
    }

    @Test func whoBroughtTheParametersInElsewhereCannotApproveThem() {
        var rule = R.Rule(required: 1)
        rule.broughtIn = { who, _ in who == "Pat" }
        #expect(R.isOwnWork("Pat", revision: 1, revisions: Array(revisions.prefix(1)), rule: rule))
        #expect(R.status(reviews: words([("Pat", 1, .approve)]), revisions: Array(revisions.prefix(1)), latest: 1, rule: rule).state == .draft)
    }
}
