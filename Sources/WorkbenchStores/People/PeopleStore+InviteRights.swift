import WorkbenchSupport
import Foundation

/// Who besides the owner may invite: a person the owner allows (`workbench people allow-invite
/// NAME`, the People… dialog). Kept as a row per allowed person in `invite_rights`, an entry of
/// the history's chain like every person change. Only editors are allowed (a viewer changes
/// nothing, inviting included); a revoked person, or one made a viewer since, invites nobody.
extension PeopleStore {
    static let inviteRightsTable = """
        CREATE TABLE IF NOT EXISTS invite_rights (
            person_id INTEGER PRIMARY KEY REFERENCES people(id),
            granted_at TEXT NOT NULL
        );
        """

    /// Allows (or stops allowing) `name` to invite people.
    @discardableResult
    package func allowInvite(_ name: String, _ allowed: Bool) throws(Failure) -> Person {
        guard let person = try person(named: name) else { throw .notFound(name) }
        guard try !isOwner(person) else { throw .ownerOnly("the owner always invites") }
        if allowed && person.revoked { throw .ownerOnly("\(person.name) is revoked: give the name back before allowing them to invite") }
        if allowed && person.role != .editor { throw .ownerOnly("\(person.name) is a viewer, and viewers change nothing, inviting included: make them an editor first") }
        try change(allowed ? "allowed to invite" : "no longer allowed to invite") { connection in
            if allowed {
                try connection.query("INSERT OR IGNORE INTO invite_rights(person_id, granted_at) VALUES (?1, ?2)", [.integer(person.id), .text(DecisionLog.timestamp())])
            } else {
                try connection.query("DELETE FROM invite_rights WHERE person_id = ?1", [.integer(person.id)])
                try Self.withdrawInvitations(issuedBy: person.id, on: connection)
            }
        }
        return person
    }

    /// The ids of the people the owner allows to invite (revoked ones included: `mayInvite` decides).
    package func inviters() throws(Failure) -> Set<Int64> {
        do {
            return try database.withConnection { connection in
                Set(try connection.query("SELECT person_id FROM invite_rights").compactMap { $0.integer(0) })
            }
        } catch {
            throw Self.failure(error)
        }
    }

    /// Whether `person` may issue invitations: the owner, or an editor the owner allows who is
    /// not revoked. Throws `.ownerOnly` with the reason when not.
    package func checkMayInvite(_ person: Person) throws(Failure) {
        let may: Bool
        do { may = try database.withConnection { try Self.mayInvite(person.id, on: $0) } } catch { throw Self.failure(error) }
        guard may else {
            throw .ownerOnly("only the owner, or a person the owner allows to invite (People…, or `workbench people allow-invite NAME`), invites people")
        }
    }

    /// The rule `checkMayInvite` says, as the database holds it now: a join asks it again of the
    /// invitation's issuer, in its own transaction.
    static func mayInvite(_ id: Int64, on connection: SQLiteConnection) throws -> Bool {
        if try ownerID(on: connection) == id { return true }
        return try !connection.query(
            "SELECT 1 FROM people p JOIN invite_rights r ON r.person_id = p.id WHERE p.id = ?1 AND p.revoked_at IS NULL AND p.role = ?2",
            [.integer(id), .text(Role.editor.rawValue)]).isEmpty
    }

    /// Withdraws the open invitations `id` issued, when they may no longer invite (revoked, made
    /// a viewer, no longer allowed): a code they kept must not bring anyone in.
    static func withdrawInvitations(issuedBy id: Int64, on connection: SQLiteConnection) throws {
        try connection.query("UPDATE invitations SET revoked_at = ?2 WHERE issued_by = ?1 AND used_by IS NULL AND revoked_at IS NULL",
                             [.integer(id), .text(DecisionLog.timestamp())])
    }
}
