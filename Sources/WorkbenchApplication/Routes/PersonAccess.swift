import HTTPServer
import WorkbenchStores
import WorkbenchSupport
import Synchronization
import Dispatch

/// Which open event streams are whose, so a notice reaches one person's pages only.
package final class Notices: Sendable {
    private let streams = Mutex<[Int: Int64]>([:])
    let events: EventHub

    init(events: EventHub) { self.events = events }

    func opened(stream: Int, by person: Int64) { streams.withLock { $0[stream] = person } }
    func closed(stream: Int) { _ = streams.withLock { $0.removeValue(forKey: stream) } }

    /// The open streams of `person`'s pages.
    func streams(of person: Int64) -> Set<Int> { streams.withLock { Set($0.filter { $0.value == person }.keys) } }

    /// Whose pages have an open stream.
    var people: Set<Int64> { streams.withLock { Set($0.values) } }

    /// Sends `event` to every page of `person`.
    func notify(_ person: Int64, _ event: String, _ payload: JSONValue) {
        events.publish(event, payload, to: streams(of: person))
    }
}

/// What a change to a person does to the pages open now: a revoked person's event streams and
/// render sockets end at once and they leave presence; a new role reaches their pages.
package final class PersonAccess: Sendable {
    let notices: Notices
    let presence: Presence
    private let sockets = Mutex<[ObjectIdentifier: (socket: WebSocket, person: Int64)]>([:])

    private let watch = Mutex<DispatchSourceTimer?>(nil)

    init(notices: Notices, presence: Presence) {
        self.notices = notices
        self.presence = presence
    }

    /// Looks once a second for people revoked elsewhere (`workbench people revoke` on the same
    /// history) who still have pages open here, and closes them as a revoke from the page would.
    func watch(_ people: PeopleStore) {
        watch.withLock { timer in
            timer?.cancel()
            let source = DispatchSource.makeTimerSource(queue: .global())
            source.schedule(deadline: .now() + 1, repeating: 1)
            source.setEventHandler { [weak self] in self?.closeRevoked(people) }
            source.resume()
            timer = source
        }
    }

    private func closeRevoked(_ people: PeopleStore) {
        let open = notices.people.union(sockets.withLock { Set($0.values.map(\.person)) })
        guard !open.isEmpty, let everyone = try? people.list() else { return }
        for person in everyone where person.revoked && open.contains(person.id) { revoked(person) }
    }

    func stop() { watch.withLock { $0?.cancel(); $0 = nil } }

    /// A render socket of `person` is open until `closed(socket:)`.
    func opened(socket: WebSocket, by person: Int64) { sockets.withLock { $0[ObjectIdentifier(socket)] = (socket, person) } }
    func closed(socket: WebSocket) { _ = sockets.withLock { $0.removeValue(forKey: ObjectIdentifier(socket)) } }

    func revoked(_ person: PeopleStore.Person) {
        let streams = notices.streams(of: person.id)
        notices.notify(person.id, "notice", JSONValueEncoder.encode(AccessNotice.revoked(person)))
        var left = false
        for id in streams { if presence.leave(stream: id) { left = true } }
        notices.events.finish(streams)
        for socket in sockets.withLock({ $0.values.filter { $0.person == person.id }.map(\.socket) }) { socket.close(code: 1008) }
        if left { notices.events.publish("presence", JSONValueEncoder.encode(PeopleAnswer(people: presence.list))) }
        notices.events.publish("people", JSONValueEncoder.encode(PersonChangedEvent.revoked(person)))
    }

    func changed(_ person: PeopleStore.Person) {
        notices.notify(person.id, "notice", JSONValueEncoder.encode(AccessNotice.roleChanged(person)))
        notices.events.publish("people", JSONValueEncoder.encode(PersonChangedEvent.roleChanged(person)))
    }
}
