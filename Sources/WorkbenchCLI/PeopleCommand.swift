import ArgumentParser
import Foundation
import WorkbenchStores
import WorkbenchSupport

/// The people of a presets folder's workbench, and the command line's own person: the owner.
func openPeople(_ presets: PresetStore) throws -> PeopleStore {
    let people: PeopleStore
    do {
        do {
            people = try PeopleStore(database: presets.database)
        } catch where presets.database.isReadOnly {
            // A read-only history that has no people's table yet: nothing can be written there,
            // so the people of this run are kept for the run only.
            people = try PeopleStore(database: SQLiteDatabase.inMemory())
        }
        if !presets.database.isReadOnly { try people.owner() }
    } catch {
        throw InputError("--presets \(presets.folder): the people could not be read: \(error)")
    }
    return people
}

/// `workbench people [list|rename OLD NEW|revoke NAME|role NAME editor|viewer|restore NAME|invite|allow-invite NAME|disallow-invite NAME] [--presets DIR]`, acting as the owner.
struct PeopleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "people",
        abstract: "List, invite, rename, revoke, restore or change the role of the people of a workbench (acting as its owner).",
        discussion: """
            People join by a personal invitation (`invite --role editor|viewer [--hours H]` prints its code; hand it on as \
            http://HOST:PORT/?invite=CODE, or through a join link: workbench links new). A revoked person's secret answers 401 \
            from then on and their approvals stop counting; their name stays theirs until `restore NAME`, which prints a \
            single-use invitation that gives them back (same name, same votes). `allow-invite NAME` lets an editor invite \
            others too; `disallow-invite NAME` takes it back. A running server on the same folder closes \
            a revoked person's pages within a second.
            """)

    @Argument(help: "list, invite, rename OLD NEW, revoke NAME, restore NAME, role NAME editor|viewer, allow-invite NAME or disallow-invite NAME")
    var action: String = "list"

    @Argument(help: "The names (and role) the action needs.")
    var names: [String] = []

    @Option(help: "Folder of preset files and their history.")
    var presets: String = "Presets"

    @Option(help: "The role an invitation gives (invite): editor or viewer.")
    var role: String = "editor"

    @Option(help: "How many hours an invitation (invite, restore) stays valid: 1/60 to 720.")
    var hours: Double = PeopleStore.InvitationLimits.defaultLifetime / 3600

    @Option(help: "The workbench's own state folder for these presets (its signing key, its history's signed head); default $XDG_STATE_HOME/chart-workbench/<the presets folder's id>.")
    var state: String?

    func run() throws {
        try Output.reportingInputErrors {
            let store = try openPresets(presets, state: state)
            let people = try openPeople(store)
            // By the owner's current name, as the command line's imports and exports are logged.
            let owner = (try? people.owner().name) ?? PeopleStore.ownerName
            func log(_ summary: String, _ details: [(String, JSONValue)]) {
                _ = try? store.log.append(DecisionLog.Kind("people"), author: owner, summary: summary, details: JSONValue.object(details))
            }
            do {
                switch (action, names.count) {
                case ("list", 0):
                    for person in try people.list() {
                        let state = person.revokedAt.map { "revoked \($0)" } ?? "since \(person.createdAt)" + (person.invitation == nil ? "" : ", invited")
                        Output.write("\(person.name)\t\(person.role.rawValue)\t\(state)\n")
                    }
                case ("rename", 2):
                    let renamed = try people.rename(names[0], to: names[1])
                    log("renamed \(names[0]) to \(renamed.name)", [("from", .string(names[0])), ("to", .string(renamed.name))])
                    Output.write("\(names[0]) is now \(renamed.name)\n")
                case ("revoke", 1):
                    guard PeopleStore.nameKey(names[0]) != PeopleStore.nameKey(PeopleStore.ownerName) else {
                        throw InputError("the owner is the command line itself and cannot be revoked")
                    }
                    let revoked = try people.revoke(names[0])
                    log("revoked \(revoked.name)'s access", [("person", .string(revoked.name))])
                    Output.write("\(revoked.name) is revoked: their secret no longer works\n")
                case ("allow-invite", 1), ("disallow-invite", 1):
                    let allowed = action == "allow-invite"
                    let person = try people.allowInvite(names[0], allowed)
                    log(allowed ? "allowed \(person.name) to invite people" : "stopped allowing \(person.name) to invite people",
                        [("person", .string(person.name)), ("mayInvite", .bool(allowed))])
                    Output.write(allowed ? "\(person.name) may now invite people\n"
                                 : "\(person.name) may no longer invite people\n")
                case ("role", 2):
                    guard let role = PeopleStore.Role(rawValue: names[1]) else { throw InputError("role: must be editor or viewer, not “\(names[1])”") }
                    let changed = try people.setRole(names[0], role)
                    log("made \(changed.name) \(role.withArticle)", [("person", .string(changed.name)), ("role", .string(role.rawValue))])
                    Output.write("\(changed.name) is now \(role.withArticle)\n")
                case ("restore", 1):
                    let (invitation, code) = try people.restore(names[0], by: try people.owner(), lifetime: try lifetime())
                    log("gave \(invitation.restores ?? names[0]) back their name", [("person", .string(invitation.restores ?? names[0]))])
                    Output.write("\(invitation.restores ?? names[0]) gets their name back by opening /?invite=\(code) (single use)\n\(code)\n")
                case ("invite", 0):
                    guard let role = PeopleStore.Role(rawValue: role) else { throw InputError("--role: must be editor or viewer, not “\(role)”") }
                    let (invitation, code) = try people.invite(role: role, by: try people.owner(), lifetime: try lifetime())
                    Output.write("invitation \(invitation.id) for one \(role.rawValue), open /?invite=\(code) on the workbench (single use)\n\(code)\n")
                default:
                    throw InputError("usage: workbench people [list | invite [--role R] [--hours H] | rename OLD NEW | revoke NAME | restore NAME | role NAME editor|viewer | allow-invite NAME | disallow-invite NAME] [--presets DIR]")
                }
            } catch let failure as PeopleStore.Failure {
                throw InputError(failure.description)
            }
        }
    }

    private func lifetime() throws -> Double {
        guard PeopleStore.InvitationLimits.lifetime.contains(hours * 3600) else { throw InputError("--hours: must be from 1/60 to 720") }
        return hours * 3600
    }
}
