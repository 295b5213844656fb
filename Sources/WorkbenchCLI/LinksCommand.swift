import ArgumentParser
import Foundation
import WorkbenchApplication
import WorkbenchStores
import WorkbenchSupport

/// `workbench links [list | revoke ID | new --role editor|viewer]`: the join links of
/// `serve --share` and the personal invitations, kept (hashed) in the history so both outlive a
/// restart. IDs are `L<n>` for a join link and `I<n>` for an invitation.
struct LinksCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "links",
        abstract: "List, revoke or make the join links and invitations of a shared workbench (acting as its owner).",
        discussion: """
            A join link lets a browser on the network reach the workbench (serve --share); an invitation, single use, makes \
            one person. `new` makes both and prints the link a newcomer opens: http://ADDRESS:PORT/?token=…&invite=…. \
            A revoked join link answers 401 from then on; pages whose person joined keep working through their own secret \
            only while they also hold a live link.
            """)

    @Argument(help: "list, revoke ID (L<n> or I<n>), or new")
    var action: String = "list"

    @Argument(help: "The ID to revoke.")
    var id: String?

    @Option(help: "Folder of preset files and their history.")
    var presets: String = "Presets"

    @Option(help: "The workbench's own state folder for these presets (its signing key, its history's signed head); default $XDG_STATE_HOME/chart-workbench/<the presets folder's id>.")
    var state: String?

    @Option(help: "The role of a new link: editor or viewer.")
    var role: String = "editor"

    @Option(help: "The port the shared workbench listens on (for the printed link).")
    var port: Int = 8080

    @Option(help: "How many hours the new link's invitation stays valid: 1/60 to 720.")
    var hours: Double = PeopleStore.InvitationLimits.defaultLifetime / 3600

    func run() throws {
        try Output.reportingInputErrors {
            let store = try openPresets(presets, state: state)
            let people = try openPeople(store)
            do {
                switch (action, id) {
                case ("list", nil):
                    for link in try people.joinLinks() {
                        Output.write("L\(link.id)\tjoin link\t\(link.role.rawValue)\t\(link.revokedAt.map { "revoked \($0)" } ?? "live since \(link.createdAt)")\n")
                    }
                    let now = Date().timeIntervalSince1970
                    for invitation in try people.invitations().reversed() {
                        let what = invitation.restores.map { "gives \($0) back" } ?? "invitation"
                        Output.write("I\(invitation.id)\t\(what)\t\(invitation.role.rawValue)\t\(invitation.state(now: now)), by \(invitation.issuedBy) \(invitation.createdAt)\n")
                    }
                case ("revoke", let id?):
                    guard let number = Int64(id.dropFirst()), id.first == "L" || id.first == "I" else {
                        throw InputError("ID: must be L<n> (a join link) or I<n> (an invitation), as `workbench links list` shows")
                    }
                    if id.first == "L" { try people.revokeJoinLink(number) } else { try people.revokeInvitation(number) }
                    Output.write("\(id) is revoked\n")
                case ("new", nil):
                    guard let role = PeopleStore.Role(rawValue: role) else { throw InputError("--role: must be editor or viewer, not “\(role)”") }
                    guard (1...65535).contains(port) else { throw InputError("--port: must be 1–65535") }
                    guard PeopleStore.InvitationLimits.lifetime.contains(hours * 3600) else { throw InputError("--hours: must be from 1/60 to 720") }
                    let (link, token, _) = try people.addJoinLink(role: role)
                    let (invitation, code) = try people.invite(role: role, by: try people.owner(), lifetime: hours * 3600)
                    let address = NetworkAddresses.lanAddress(in: NetworkAddresses.ipv4())
                    Output.write("L\(link.id) (\(role.rawValue)) with invitation I\(invitation.id), single use:\nhttp://\(address):\(port)/?token=\(token)&invite=\(code)\n")
                default:
                    throw InputError("usage: workbench links [list | revoke ID | new --role editor|viewer [--port P] [--hours H]] [--presets DIR]")
                }
            } catch let failure as PeopleStore.Failure {
                throw InputError(failure.description)
            }
        }
    }
}

extension LinksCommand {
    /// `serve --share`'s access: this run's links, kept with earlier runs'.
    static func shareAccess(port: Int, people: PeopleStore) throws -> ShareAccess {
        do { return try ShareAccess.kept(port: port, people: people) } catch {
            throw InputError("--share: the join links could not be kept in the history: \(error)")
        }
    }

    /// `&invite=CODE` of a new single-use invitation from the owner, for a printed join link; empty when none can be made.
    static func invitation(_ role: PeopleStore.Role, _ people: PeopleStore) -> String {
        guard let owner = try? people.owner(), let made = try? people.invite(role: role, by: owner) else { return "" }
        return "&invite=" + made.code
    }
}
