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

/// `workbench people [list|rename OLD NEW|revoke NAME] [--presets DIR]`, acting as the owner.
struct PeopleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "people",
        abstract: "List, rename or revoke the people of a workbench (acting as its owner).",
        discussion: "A revoked person's secret answers 401 from then on; their name stays theirs, as do the names they held before a rename.")

    @Argument(help: "list, rename OLD NEW, or revoke NAME")
    var action: String = "list"

    @Argument(help: "The names the action needs.")
    var names: [String] = []

    @Option(help: "Folder of preset files and their history.")
    var presets: String = "Presets"

    @Option(help: "The workbench's own state folder for these presets (its signing key, its history's signed head); default $XDG_STATE_HOME/chart-workbench/<the presets folder's id>.")
    var state: String?

    func run() throws {
        try Output.reportingInputErrors {
            let store = try openPresets(presets, state: state)
            let people = try openPeople(store)
            func log(_ summary: String, _ details: [(String, JSONValue)]) {
                _ = try? store.log.append(DecisionLog.Kind("people"), author: PeopleStore.ownerName, summary: summary, details: .object(details))
            }
            do {
                switch (action, names.count) {
                case ("list", 0):
                    for person in try people.list() {
                        let state = person.revokedAt.map { "revoked \($0)" } ?? "since \(person.createdAt)"
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
                default:
                    throw InputError("usage: workbench people [list | rename OLD NEW | revoke NAME] [--presets DIR]")
                }
            } catch let failure as PeopleStore.Failure {
                throw InputError(failure.description)
            }
        }
    }
}
