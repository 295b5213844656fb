import WorkbenchSupport
import Foundation

/// The people of a workbench: every write is by one of them. A person is a display name (unique
/// per workbench, compared case-insensitively after Unicode NFC) and a personal secret the store
/// issues once (256 random bits from libsodium); only its SHA-256 is kept. Kept in the workbench
/// database beside the history; knows nothing of HTTP.
///
/// Every name a person has held stays theirs (`person_names`): after a rename nobody else can
/// claim the old name, so the history's names keep meaning one person each. A name that looks
/// like a held one (the same UTS #39 skeleton, `NameSkeleton`) is refused too, naming the one it
/// resembles.
///
/// One human, one person: people join by a personal invitation (`PeopleStore+Invitations`):
/// single use, with a role and an expiry, issued by the owner. The owner exists from the start;
/// the first page that asks on loopback gets the owner's secret (`claimOwnerPage`), once.
///
/// Every change to a person (joining, renaming, a role, revoking, restoring, the owner's page)
/// is written here, through `change(_:_:)`, so whatever must see each one (the history's chain)
/// hooks in at one place.
package final class PeopleStore: Sendable {
    package enum Role: String, Sendable, CaseIterable {
        case editor, viewer

        /// "an editor", "a viewer": as the log, the notices and the command line say it.
        package var withArticle: String { self == .editor ? "an editor" : "a viewer" }
    }

    package struct Person: Sendable, Equatable {
        package let id: Int64
        package let name: String
        package let role: Role
        package let createdAt: String
        /// When the person's secret was revoked; a revoked person can no longer write.
        package let revokedAt: String?
        /// The invitation the person joined by; nil for the owner and for people made before invitations.
        package let invitation: Int64?

        package var revoked: Bool { revokedAt != nil }

        package init(id: Int64, name: String, role: Role, createdAt: String, revokedAt: String?, invitation: Int64? = nil) {
            self.id = id; self.name = name; self.role = role; self.createdAt = createdAt; self.revokedAt = revokedAt; self.invitation = invitation
        }
    }

    package enum Failure: Error, Equatable, CustomStringConvertible {
        /// The name is empty, too long, or holds control characters.
        case invalidName(String)
        /// Someone holds (or held) this name already.
        case nameTaken(String)
        /// The name looks like one someone holds (`resembles`): the same confusable skeleton.
        case lookAlike(String, resembles: String)
        /// The invitation is unknown, used, revoked or expired (the words say which).
        case invitation(String)
        /// Only the owner may do this.
        case ownerOnly(String)
        case notFound(String)
        /// The workbench holds as many people as it may.
        case full
        case storage(String)
        /// The history database refused the write (removed, replaced, read-only, full).
        case history(HistoryError)

        package var description: String {
            switch self {
            case .invalidName(let why): why
            case .nameTaken(let name): "the name “\(name)” is taken; choose another"
            case .lookAlike(let name, let held): "the name “\(name)” looks like “\(held)”, which is taken; choose one that reads differently"
            case .invitation(let why): why
            case .ownerOnly(let why): why
            case .notFound(let name): "nobody is called “\(name)”"
            case .full: "this workbench has \(PeopleStore.Limits.people) people already"
            case .storage(let why): "the people could not be stored: \(why)"
            case .history(let refusal): refusal.message
            }
        }
    }

    package enum Limits {
        package static let nameCharacters = 64, nameBytes = 256
        package static let people = 1_000
        /// Bytes of the secret: 256 bits.
        package static let secretBytes = 32
    }

    /// Who the command line is: created on first start, its secret never handed out.
    package static let ownerName = "owner"

    package let database: SQLiteDatabase
    /// Seconds since 1970: when invitations are made and whether they have expired.
    let clock: @Sendable () -> Double

    package init(database: SQLiteDatabase, clock: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }) throws {
        self.database = database
        self.clock = clock
        try database.withConnection { connection in
            try connection.execute("""
                CREATE TABLE IF NOT EXISTS people (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    name TEXT NOT NULL,
                    secret_sha256 TEXT NOT NULL UNIQUE,
                    role TEXT NOT NULL,
                    created_at TEXT NOT NULL,
                    revoked_at TEXT
                );
                CREATE TABLE IF NOT EXISTS person_names (
                    name_key TEXT PRIMARY KEY,
                    person_id INTEGER NOT NULL REFERENCES people(id)
                ) WITHOUT ROWID;
                CREATE TABLE IF NOT EXISTS people_facts (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
                """ + Self.invitationTables + Self.inviteRightsTable)
            // A history from before invitations: its people gain the column, empty (not invited).
            let columns = try connection.query("PRAGMA table_info(people)").compactMap { $0.text(1) }
            if !columns.contains("invitation_id") { try connection.execute("ALTER TABLE people ADD COLUMN invitation_id INTEGER") }
        }
    }

    /// Names nobody may take, nor anything that looks like them: the author of what the presets folder brought in.
    package static let reservedNames = ["presets folder"]

    /// Every person change runs here, in one transaction: `what` names the change (for whatever
    /// records them), `body` writes it. Errors come back as `Failure`s.
    @discardableResult
    func change<T: Sendable>(_ what: String, _ body: (SQLiteConnection) throws -> T) throws(Failure) -> T {
        do {
            return try database.withConnection { connection in
                try connection.transaction {
                    // Every row of the people's tables the change wrote (a person joined, renamed,
                    // revoked, restored, a new role or secret, a name held, an invitation, a join
                    // link, an allowance) is an entry of the history's chain, in the same transaction.
                    let before = try HistoryChain.rowHashes(HistoryChain.peopleKinds, on: connection)
                    let result = try body(connection)
                    try HistoryChain.recordChanges(since: before, on: connection)
                    return result
                }
            }
        } catch {
            throw Self.failure(error)
        }
    }

    /// Refuses `name` when someone (other than `person`) holds it, or one that looks like it.
    static func checkFree(_ name: String, for person: Int64?, on connection: SQLiteConnection) throws {
        let holder = try connection.query("SELECT person_id FROM person_names WHERE name_key = ?1", [.text(nameKey(name))]).first?.integer(0)
        if let holder, holder != person { throw Failure.nameTaken(name) }
        if holder != nil { return }
        let skeleton = NameSkeleton.skeleton(name)
        if let reserved = reservedNames.first(where: { NameSkeleton.skeleton($0) == skeleton }) { throw Failure.lookAlike(name, resembles: reserved) }
        for row in try connection.query("SELECT n.name_key, n.person_id, p.name FROM person_names n JOIN people p ON p.id = n.person_id") {
            guard let key = row.text(0), row.integer(1) != person, NameSkeleton.skeleton(key) == skeleton else { continue }
            throw Failure.lookAlike(name, resembles: row.text(2) ?? key)
        }
    }

    /// The form two names are compared in: as people read them (`NameRules.key`: NFC, case
    /// folded, without invisible characters), the same rule as for preset names.
    package static func nameKey(_ name: String) -> String { NameRules.key(name) }

    /// A name as it is stored: trimmed, NFC; refused when empty, too long or with control characters.
    package static func cleanName(_ raw: String) throws(Failure) -> String {
        let name = raw.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping
        guard !name.isEmpty else { throw .invalidName("choose a name others will know you by") }
        guard name.count <= Limits.nameCharacters, name.utf8.count <= Limits.nameBytes else {
            throw .invalidName("a name has at most \(Limits.nameCharacters) characters")
        }
        if let refusal = NameRules.refusal(name) { throw .invalidName("a name cannot hold invisible characters: it \(refusal)") }
        return name
    }

    package static func hash(secret: String) -> String { SHA256.hex(secret) }

    // MARK: Writing

    /// A new person named `name`: the person and their secret, which is never shown again.
    package func create(name raw: String, role: Role) throws(Failure) -> (person: Person, secret: String) {
        let name = try Self.cleanName(raw)
        let secret = Sodium.randomHex(bytes: Limits.secretBytes)
        let person = try create(name: name, role: role, secretHash: Self.hash(secret: secret))
        return (person, secret)
    }

    private func create(name: String, role: Role, secretHash: String) throws(Failure) -> Person {
        try change("joined") { try Self.insert(name: name, role: role, secretHash: secretHash, invitation: nil, on: $0) }
    }

    static func insert(name: String, role: Role, secretHash: String, invitation: Int64?, on connection: SQLiteConnection) throws -> Person {
        let time = DecisionLog.timestamp()
        let count = try connection.query("SELECT count(*) FROM people").first?.int(0) ?? 0
        guard count < Limits.people else { throw Failure.full }
        try checkFree(name, for: nil, on: connection)
        try connection.query("INSERT INTO people(name, secret_sha256, role, created_at, invitation_id) VALUES (?1, ?2, ?3, ?4, ?5)",
                             [.text(name), .text(secretHash), .text(role.rawValue), .text(time), invitation.map(SQLiteValue.integer) ?? .null])
        let id = connection.lastInsertedRowID
        try connection.query("INSERT INTO person_names(name_key, person_id) VALUES (?1, ?2)", [.text(nameKey(name)), .integer(id)])
        return Person(id: id, name: name, role: role, createdAt: time, revokedAt: nil, invitation: invitation)
    }

    /// The owner, created the first time it is asked for (the command line's person).
    @discardableResult
    package func owner() throws(Failure) -> Person {
        if let owner = try person(named: Self.ownerName) { return owner }
        // Nobody ever holds the owner's secret: the command line is the owner by running here.
        return try create(name: Self.ownerName, role: .editor, secretHash: Self.hash(secret: Sodium.randomHex(bytes: Limits.secretBytes)))
    }

    /// Gives `old` the name `new`; the old name stays theirs (nobody else can claim it).
    package func rename(_ old: String, to raw: String) throws(Failure) -> Person {
        let new = try Self.cleanName(raw)
        guard let person = try person(named: old) else { throw .notFound(old) }
        try change("renamed") { connection in
            try Self.checkFree(new, for: person.id, on: connection)
            if try connection.query("SELECT 1 FROM person_names WHERE name_key = ?1", [.text(Self.nameKey(new))]).isEmpty {
                try connection.query("INSERT INTO person_names(name_key, person_id) VALUES (?1, ?2)", [.text(Self.nameKey(new)), .integer(person.id)])
            }
            try connection.query("UPDATE people SET name = ?2 WHERE id = ?1", [.integer(person.id), .text(new)])
        }
        return Person(id: person.id, name: new, role: person.role, createdAt: person.createdAt, revokedAt: person.revokedAt, invitation: person.invitation)
    }

    /// Revokes `name`'s secret: their requests answer 401 from now on, their approvals stop
    /// counting, and their open invitations are withdrawn. Their name stays theirs until the owner
    /// restores them. The owner cannot be revoked.
    package func revoke(_ name: String) throws(Failure) -> Person {
        guard let person = try person(named: name) else { throw .notFound(name) }
        guard try !isOwner(person) else { throw .ownerOnly("the owner cannot be revoked") }
        if person.revoked { return person }
        let time = DecisionLog.timestamp()
        try change("revoked") { connection in
            try connection.query("UPDATE people SET revoked_at = ?2 WHERE id = ?1", [.integer(person.id), .text(time)])
            try Self.withdrawInvitations(issuedBy: person.id, on: connection)
        }
        return Person(id: person.id, name: person.name, role: person.role, createdAt: person.createdAt, revokedAt: time, invitation: person.invitation)
    }

    /// Makes `name` an editor or a viewer (the owner stays an editor).
    package func setRole(_ name: String, _ role: Role) throws(Failure) -> Person {
        guard let person = try person(named: name) else { throw .notFound(name) }
        if try isOwner(person), role != .editor { throw .ownerOnly("the owner is always an editor") }
        try change("role") { connection in
            try connection.query("UPDATE people SET role = ?2 WHERE id = ?1", [.integer(person.id), .text(role.rawValue)])
            if role != .editor { try Self.withdrawInvitations(issuedBy: person.id, on: connection) }
        }
        return Person(id: person.id, name: person.name, role: role, createdAt: person.createdAt, revokedAt: person.revokedAt, invitation: person.invitation)
    }

    /// Whether `person` is the owner (the command line's person, whose page the first loopback visit got).
    package func isOwner(_ person: Person) throws(Failure) -> Bool {
        try self.person(named: Self.ownerName)?.id == person.id
    }

    /// The first page on loopback becomes the owner's: a new secret for the owner, once. `name`,
    /// when given and free, becomes the owner's name (the owner still answers to "owner").
    package func claimOwnerPage(name raw: String?) throws(Failure) -> (person: Person, secret: String) {
        let owner = try owner()
        let name = try raw.map(Self.cleanName)
        let secret = Sodium.randomHex(bytes: Limits.secretBytes)
        try change("owner's page") { connection in
            guard try connection.query("SELECT 1 FROM people_facts WHERE key = 'owner_page'").isEmpty else {
                throw Failure.invitation("this workbench's owner has a page already: joining needs an invitation from the owner")
            }
            try connection.query("INSERT INTO people_facts(key, value) VALUES ('owner_page', ?1)", [.text(DecisionLog.timestamp())])
            try connection.query("UPDATE people SET secret_sha256 = ?2 WHERE id = ?1", [.integer(owner.id), .text(Self.hash(secret: secret))])
        }
        guard let name, Self.nameKey(name) != Self.nameKey(owner.name) else { return (owner, secret) }
        // A name that is taken leaves the owner as they were: the page still gets the owner's secret.
        return ((try? rename(owner.name, to: name)) ?? owner, secret)
    }

    // MARK: Reading

    /// The person whose secret this is, revoked ones included (the caller refuses them); nil for an unknown secret.
    package func person(secret: String) throws(Failure) -> Person? {
        guard (16...256).contains(secret.utf8.count) else { return nil }
        let hash = Self.hash(secret: secret)
        let found = try select("SELECT id, name, role, created_at, revoked_at, secret_sha256, invitation_id FROM people WHERE secret_sha256 = ?1", [.text(hash)])
        // The lookup is by hash; the comparison that decides is constant-time all the same.
        return found.first { Sodium.constantTimeEqual($0.hash, hash) }?.person
    }

    /// The person who holds (or held) `name`, compared as names are.
    package func person(named name: String) throws(Failure) -> Person? {
        try select("""
            SELECT p.id, p.name, p.role, p.created_at, p.revoked_at, p.secret_sha256, p.invitation_id FROM person_names n JOIN people p ON p.id = n.person_id
            WHERE n.name_key = ?1
            """, [.text(Self.nameKey(name))]).first?.person
    }

    /// Everyone, oldest first.
    package func list() throws(Failure) -> [Person] {
        try select("SELECT id, name, role, created_at, revoked_at, secret_sha256, invitation_id FROM people ORDER BY id", []).map(\.person)
    }

    /// Every name ever held, by its key, to the person's id: how the history's names are told apart.
    package static func identities(on connection: SQLiteConnection) -> [String: Int64] {
        guard let rows = try? connection.query("SELECT name_key, person_id FROM person_names") else { return [:] }
        var out: [String: Int64] = [:]
        for row in rows { if let key = row.text(0), let id = row.integer(1) { out[key] = id } }
        return out
    }

    /// What a write that failed inside a transaction tells the caller: its own refusal as it is,
    /// the history's fault (refused, damaged, read-only) as every store says it, anything else as storage.
    static func failure(_ error: any Error) -> Failure {
        if let failure = error as? Failure { return failure }
        return HistoryError.of(error).map(Failure.history) ?? .storage("\(error)")
    }

    private func select(_ sql: String, _ parameters: [SQLiteValue]) throws(Failure) -> [(person: Person, hash: String)] {
        do {
            return try database.withConnection { connection in
                try connection.query(sql, parameters).map { row in
                    (Person(id: row.integer(0) ?? 0, name: row.text(1) ?? "", role: Role(rawValue: row.text(2) ?? "") ?? .viewer,
                            createdAt: row.text(3) ?? "", revokedAt: row.text(4), invitation: row.integer(6)), row.text(5) ?? "")
                }
            }
        } catch {
            if let refusal = (error as? SQLiteError)?.refusal { throw .history(refusal) }
            throw .storage("\(error)")
        }
    }
}
