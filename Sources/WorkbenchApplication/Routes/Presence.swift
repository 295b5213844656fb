import WorkbenchSupport
import HTTPServer
import WorkbenchStores
import WorkbenchExports
import PriceData
import Synchronization

/// Who is here: one entry per open event stream (a page), with the name they gave, the preset
/// they have open and whether they are pressing the chart. Pages hear the whole list as a
/// `presence` event whenever it changes.
package final class Presence: Sendable {
    /// As answers and the `presence` event show it: the page by its alias, never its key.
    package struct Person: Sendable, Encodable {
        @WrittenAs<AsAlias> package var client: String
        /// The secret the page's own event stream was given: only a request that shows it may
        /// describe or remove this page (a page id alone is no proof: anyone can send it).
        package var key: String
        package var user: String
        package var role: ShareAccess.Role
        package var preset: String?
        package var pressing = false
        /// Where on the chart's width (0…1) the press started, for whoever follows this person.
        package var selection: Double?
        /// The period, size and theme the page shows, for whoever follows this person.
        package var view: JSONValue?

        private enum CodingKeys: String, CodingKey { case client, user, role, preset, pressing, selection, view }
    }

    /// At most this many people are listed; more streams still work, unlisted.
    package static let limit = 200
    private let people = Mutex<[Int: Person]>([:])  // by event stream id

    @discardableResult
    package func join(stream: Int, _ person: Person) -> Bool {
        people.withLock { people in
            guard people.count < Self.limit else { return false }
            people[stream] = person
            return true
        }
    }

    package func leave(stream: Int) -> Bool { people.withLock { $0.removeValue(forKey: stream) != nil } }

    /// What others see of a page's id (`X-Workbench-Client`, `?client=`): a keyed one-way hash of
    /// it, new with each run of the server, so an answer or event never hands out an id anyone
    /// could send as theirs. The page learns its own from its stream's hello (`page`). Empty stays empty.
    package static func alias(_ client: String) -> String {
        client.isEmpty ? "" : String(SHA256.hex(aliasKey + "\n" + client).prefix(32))
    }

    private static let aliasKey = Sodium.randomHex(bytes: 32)

    /// A page id written out only as its alias.
    package enum AsAlias: JSONForm {
        package static func written(_ client: String) -> String { Presence.alias(client) }
    }

    /// A new secret for a page's stream: 128 random bits as hex.
    package static func newKey() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in String(generator.next() as UInt64, radix: 16).leftPadded(to: 16) }.joined()
    }

    /// A page that says it is closing; its stream ends later. Only its own key removes it.
    package func remove(client: String, key: String) -> Bool {
        people.withLock { people in
            let before = people.count
            people = people.filter { $0.value.client != client || !ShareAccess.constantTimeEqual($0.value.key, key) }
            return people.count != before
        }
    }

    /// Updates every stream of this page that `key` belongs to; `found` is false when the page has
    /// no open stream, `refused` when it has one but the key is not its own (someone else's page).
    /// `openedAnother` says whether the page now has a different preset open.
    @discardableResult
    package func update(client: String, key: String, user: String?, preset: String??, pressing: Bool?, selection: Double? = nil,
                view: JSONValue? = nil) -> (found: Bool, openedAnother: Bool, refused: Bool) {
        people.withLock { people in
            var found = false, openedAnother = false, other = false
            for (id, var person) in people where person.client == client {
                guard ShareAccess.constantTimeEqual(person.key, key) else { other = true; continue }
                if let preset, preset != person.preset { openedAnother = true }
                if let user { person.user = user }
                if let preset { person.preset = preset }
                if let pressing { person.pressing = pressing; person.selection = pressing ? selection : nil }
                if let view { person.view = view }
                people[id] = person
                found = true
            }
            return (found, openedAnother, other && !found)
        }
    }

    /// One entry per page (a reconnecting page may briefly hold two streams), oldest first.
    var list: [Person] {
        let list = people.withLock { $0.sorted { $0.key < $1.key }.map(\.value) }
        var seen = Set<String>()
        return list.filter { seen.insert($0.client).inserted }
    }
}

private extension String {
    func leftPadded(to length: Int) -> String { count >= length ? self : String(repeating: "0", count: length - count) + self }
}
