import WorkbenchSupport
import Foundation

/// Personal invitations and join links, kept in the history database so both outlive a restart.
/// Only SHA-256 hashes of the codes and tokens are kept; the raw ones are shown once.
///
/// - An **invitation** makes one person: single use, with a role and an expiry, issued by the
///   owner. A restoring invitation gives a revoked person back (same id, name and votes) with a
///   new secret.
/// - A **join link** (`serve --share`) lets a browser reach the workbench at all: its token opens
///   the API with its role and its page key (the cookie) the page's files. Links last until the
///   owner revokes them (`workbench links revoke ID`).
extension PeopleStore {
    package struct Invitation: Sendable, Equatable {
        package let id: Int64
        package let role: Role
        package let issuedBy: String
        package let createdAt: String
        /// Unix seconds.
        package let expiresAt: Double
        package let usedBy: String?
        package let revokedAt: String?
        /// The revoked person a restoring invitation gives back.
        package let restores: String?

        package init(id: Int64, role: Role, issuedBy: String, createdAt: String, expiresAt: Double, usedBy: String?, revokedAt: String?, restores: String?) {
            self.id = id; self.role = role; self.issuedBy = issuedBy; self.createdAt = createdAt; self.expiresAt = expiresAt
            self.usedBy = usedBy; self.revokedAt = revokedAt; self.restores = restores
        }

        package func state(now: Double) -> String {
            if revokedAt != nil { return "revoked" }
            if let usedBy { return "used by \(usedBy)" }
            return expiresAt <= now ? "expired" : "open"
        }
    }

    package struct JoinLink: Sendable, Equatable {
        package let id: Int64
        package let role: Role
        package let createdAt: String
        package let revokedAt: String?
    }

    package enum InvitationLimits {
        package static let open = 500, links = 200
        package static let lifetime: ClosedRange<Double> = 60...(30 * 86_400)
        package static let defaultLifetime: Double = 7 * 86_400
    }

    static let invitationTables = """
        CREATE TABLE IF NOT EXISTS invitations (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            code_sha256 TEXT NOT NULL UNIQUE,
            role TEXT NOT NULL,
            issued_by INTEGER NOT NULL,
            created_at TEXT NOT NULL,
            expires_at REAL NOT NULL,
            used_by INTEGER,
            revoked_at TEXT,
            restores INTEGER
        );
        CREATE TABLE IF NOT EXISTS join_links (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            token_sha256 TEXT NOT NULL UNIQUE,
            page_key_sha256 TEXT NOT NULL UNIQUE,
            role TEXT NOT NULL,
            created_at TEXT NOT NULL,
            revoked_at TEXT
        );
        """


    // MARK: Invitations

    /// A new invitation for one person with `role`, valid for `lifetime` seconds; the code is shown once.
    package func invite(role: Role, by issuer: Person, lifetime: Double = InvitationLimits.defaultLifetime, restoring: Person? = nil) throws(Failure) -> (invitation: Invitation, code: String) {
        if restoring != nil { guard try isOwner(issuer) else { throw .ownerOnly("only the owner gives a name back") } }
        try checkMayInvite(issuer)
        guard InvitationLimits.lifetime.contains(lifetime) else {
            throw .invitation("an invitation lasts from a minute to 30 days")
        }
        let code = Sodium.randomHex(bytes: Limits.secretBytes)
        let created = DecisionLog.timestamp(), expires = clock() + lifetime
        let id = try change("invited") { connection -> Int64 in
            let open = try connection.query("SELECT count(*) FROM invitations WHERE used_by IS NULL AND revoked_at IS NULL AND expires_at > ?1",
                                            [.real(clock())]).first?.int(0) ?? 0
            guard open < InvitationLimits.open else { throw Failure.invitation("\(InvitationLimits.open) invitations are open; revoke some first") }
            try connection.query("INSERT INTO invitations(code_sha256, role, issued_by, created_at, expires_at, restores) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                                 [.text(Self.hash(secret: code)), .text(role.rawValue), .integer(issuer.id), .text(created), .real(expires),
                                  restoring.map { .integer($0.id) } ?? .null])
            return connection.lastInsertedRowID
        }
        return (Invitation(id: id, role: role, issuedBy: issuer.name, createdAt: created, expiresAt: expires, usedBy: nil, revokedAt: nil,
                           restores: restoring?.name), code)
    }

    /// The invitation's person: a new person named `name` with the invitation's role, or, for a
    /// restoring invitation, the revoked person back with a new secret. The invitation is used up.
    package func join(invitation code: String, name raw: String) throws(Failure) -> (person: Person, secret: String) {
        let secret = Sodium.randomHex(bytes: Limits.secretBytes)
        let codeHash = Self.hash(secret: code)
        let personID = try change("joined") { connection -> Int64 in
            guard (16...256).contains(code.utf8.count),
                  let row = try connection.query("SELECT id, role, expires_at, used_by, revoked_at, restores, code_sha256, issued_by FROM invitations WHERE code_sha256 = ?1",
                                                 [.text(codeHash)]).first,
                  Sodium.constantTimeEqual(row.text(6) ?? "", codeHash), let id = row.integer(0) else {
                throw Failure.invitation("this invitation is not known here; ask the owner for one")
            }
            guard row.integer(3) == nil else { throw Failure.invitation("this invitation was used already: each one makes one person; ask the owner for another") }
            guard row.text(4) == nil else { throw Failure.invitation("this invitation was revoked; ask the owner for another") }
            guard (row.real(2) ?? 0) > clock() else { throw Failure.invitation("this invitation has expired; ask the owner for another") }
            // Asked again now: an invitation is only as good as its issuer's right to invite.
            guard try Self.mayInvite(row.integer(7) ?? 0, on: connection) else {
                throw Failure.invitation("whoever made this invitation may no longer invite people; ask the owner for another")
            }
            let person: Int64
            if let restored = row.integer(5) {
                try connection.query("UPDATE people SET revoked_at = NULL, secret_sha256 = ?2 WHERE id = ?1", [.integer(restored), .text(Self.hash(secret: secret))])
                person = restored
            } else {
                person = try Self.insert(name: try Self.cleanName(raw), role: Role(rawValue: row.text(1) ?? "") ?? .viewer, secretHash: Self.hash(secret: secret),
                                         invitation: id, on: connection).id
            }
            try connection.query("UPDATE invitations SET used_by = ?2 WHERE id = ?1", [.integer(id), .integer(person)])
            return person
        }
        guard let person = try list().first(where: { $0.id == personID }) else { throw .storage("the new person could not be read back") }
        return (person, secret)
    }

    /// Gives a revoked person back: an invitation that, once opened, restores them with a new secret.
    package func restore(_ name: String, by issuer: Person, lifetime: Double = InvitationLimits.defaultLifetime) throws(Failure) -> (invitation: Invitation, code: String) {
        guard let person = try person(named: name) else { throw .notFound(name) }
        guard person.revoked else { throw .invitation("\(person.name) is not revoked: nothing to restore") }
        return try invite(role: person.role, by: issuer, lifetime: lifetime, restoring: person)
    }

    /// Every invitation, newest first.
    package func invitations() throws(Failure) -> [Invitation] {
        let names = Dictionary(try list().map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
        do {
            return try database.withConnection { connection in
                try connection.query("SELECT id, role, issued_by, created_at, expires_at, used_by, revoked_at, restores FROM invitations ORDER BY id DESC LIMIT 1000").map { row in
                    Invitation(id: row.integer(0) ?? 0, role: Role(rawValue: row.text(1) ?? "") ?? .viewer, issuedBy: row.integer(2).flatMap { names[$0] } ?? "",
                               createdAt: row.text(3) ?? "", expiresAt: row.real(4) ?? 0, usedBy: row.integer(5).flatMap { names[$0] },
                               revokedAt: row.text(6), restores: row.integer(7).flatMap { names[$0] })
                }
            }
        } catch {
            throw Self.failure(error)
        }
    }

    /// Revokes an unused invitation.
    package func revokeInvitation(_ id: Int64) throws(Failure) {
        try change("invitation revoked") { connection in
            guard let row = try connection.query("SELECT used_by FROM invitations WHERE id = ?1", [.integer(id)]).first else {
                throw Failure.notFound("invitation \(id)")
            }
            guard row.integer(0) == nil else { throw Failure.invitation("invitation \(id) was used already; revoke the person instead") }
            try connection.query("UPDATE invitations SET revoked_at = ?2 WHERE id = ?1 AND revoked_at IS NULL", [.integer(id), .text(DecisionLog.timestamp())])
        }
    }

    // MARK: Join links

    /// A new join link with `role`: its token and its page key, shown once.
    package func addJoinLink(role: Role) throws(Failure) -> (link: JoinLink, token: String, pageKey: String) {
        let token = Sodium.randomHex(bytes: 24), pageKey = Sodium.randomHex(bytes: 24), created = DecisionLog.timestamp()
        let id = try change("join link") { connection -> Int64 in
            let live = try connection.query("SELECT count(*) FROM join_links WHERE revoked_at IS NULL").first?.int(0) ?? 0
            guard live < InvitationLimits.links else { throw Failure.invitation("\(InvitationLimits.links) join links are live; revoke some first (workbench links)") }
            try connection.query("INSERT INTO join_links(token_sha256, page_key_sha256, role, created_at) VALUES (?1, ?2, ?3, ?4)",
                                 [.text(Self.hash(secret: token)), .text(Self.hash(secret: pageKey)), .text(role.rawValue), .text(created)])
            return connection.lastInsertedRowID
        }
        return (JoinLink(id: id, role: role, createdAt: created, revokedAt: nil), token, pageKey)
    }

    /// The role a live join link's token (or, with `pageKey`, its page key) grants; nil for anything else.
    package func joinLinkRole(token: String, pageKey: Bool = false) -> Role? {
        guard (16...256).contains(token.utf8.count) else { return nil }
        let hash = Self.hash(secret: token), column = pageKey ? "page_key_sha256" : "token_sha256"
        let row = try? database.withConnection { try $0.query("SELECT role, \(column) FROM join_links WHERE \(column) = ?1 AND revoked_at IS NULL", [.text(hash)]).first }
        guard let row = row ?? nil, Sodium.constantTimeEqual(row.text(1) ?? "", hash) else { return nil }
        return Role(rawValue: row.text(0) ?? "")
    }

    package func joinLinks() throws(Failure) -> [JoinLink] {
        do {
            return try database.withConnection { connection in
                try connection.query("SELECT id, role, created_at, revoked_at FROM join_links ORDER BY id").map { row in
                    JoinLink(id: row.integer(0) ?? 0, role: Role(rawValue: row.text(1) ?? "") ?? .viewer, createdAt: row.text(2) ?? "", revokedAt: row.text(3))
                }
            }
        } catch {
            throw Self.failure(error)
        }
    }

    package func revokeJoinLink(_ id: Int64) throws(Failure) {
        try change("join link revoked") { connection in
            guard !(try connection.query("SELECT 1 FROM join_links WHERE id = ?1", [.integer(id)]).isEmpty) else { throw Failure.notFound("join link \(id)") }
            try connection.query("UPDATE join_links SET revoked_at = ?2 WHERE id = ?1 AND revoked_at IS NULL", [.integer(id), .text(DecisionLog.timestamp())])
        }
    }

    // MARK: Who counts

    /// The people whose approvals count, by id: the owner and the people who joined by an
    /// invitation, unless revoked. Everyone else (revoked, made before invitations) is listed in
    /// `uncounted` with the reason shown beside their name.
    package static func counted(on connection: SQLiteConnection) -> (ids: Set<Int64>, uncounted: [Int64: String]) {
        let owner: Int64?
        do { owner = try ownerID(on: connection) } catch { return ([], [:]) }
        guard let rows = try? connection.query("SELECT id, revoked_at, invitation_id FROM people") else { return ([], [:]) }
        var ids = Set<Int64>(), uncounted: [Int64: String] = [:]
        for row in rows {
            guard let id = row.integer(0) else { continue }
            if row.text(1) != nil { uncounted[id] = "revoked" } else if row.integer(2) != nil || owner == id { ids.insert(id) } else { uncounted[id] = "not invited" }
        }
        return (ids, uncounted)
    }

    /// The owner's id (the person who holds the owner's name), nil before there is an owner.
    static func ownerID(on connection: SQLiteConnection) throws -> Int64? {
        try connection.query("SELECT person_id FROM person_names WHERE name_key = ?1", [.text(nameKey(ownerName))]).first?.integer(0)
    }
}
