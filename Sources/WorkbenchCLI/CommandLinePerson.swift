import Foundation
import WorkbenchStores

/// Who a command's records name. The command line acts as the folder's owner, who holds its
/// files; `--by NAME` names someone else only with their secret in `WORKBENCH_SECRET`, as a page
/// proves itself with its secret. A name alone is a claim: an attack pass had an import made "by"
/// a reviewer, who could then not be the one to approve it, and anyone else could.
enum CommandLinePerson {
    static let secretVariable = "WORKBENCH_SECRET"

    /// The person's current name. `writes`: the command changes presets, which a viewer may not.
    static func name(by given: String?, people: PeopleStore, writes: Bool) throws -> String {
        guard let given else {
            do { return try people.owner().name } catch { throw InputError("the owner, as whom the command line acts, could not be read: \(error)") }
        }
        guard !given.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw InputError("--by needs a person's name") }
        // Said back on one line: a name with a line break is quoted and escaped (an attack pass
        // printed a false "Saved revision 9" under the refusal).
        let claimed = given.contains(where: { $0.isNewline || $0.unicodeScalars.contains { $0.properties.generalCategory == .control } })
            ? String(given.debugDescription.prefix(80)) : String(given.prefix(80))
        guard let secret = ProcessInfo.processInfo.environment[secretVariable], !secret.isEmpty else {
            throw InputError("--by \(claimed): set \(secretVariable) to \(claimed)'s secret (the one their page keeps); without --by the command line acts as the owner")
        }
        let person: PeopleStore.Person?
        do { person = try people.person(secret: secret) } catch { throw InputError("--by \(claimed): the people could not be read: \(error)") }
        // The name as given, not as said back (`person(named:)` compares names as names are: any
        // a person holds or held).
        guard let person, (try? people.person(named: given))?.id == person.id else {
            throw InputError("--by \(claimed): \(secretVariable) is not \(claimed)'s secret")
        }
        if person.revoked { throw InputError("--by \(claimed): \(person.name) was revoked, and a revoked person's secret proves nothing") }
        if writes && person.role != .editor { throw InputError("--by \(claimed): \(person.name) is a viewer, and viewers change nothing") }
        return person.name
    }
}
