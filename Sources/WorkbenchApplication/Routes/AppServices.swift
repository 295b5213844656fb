import Foundation
import HTTPServer
import PriceData
import WorkbenchStores
import WorkbenchSupport

/// The application's stores and services, made once when the server starts: every route group
/// holds this one value (`app`) and takes from it what it uses.
package struct AppServices: Sendable {
    package let data: DataStore
    package let presets: PresetStore
    package let events: EventHub
    /// The live prices: stale past the preset's `outageStaleAfter`, the socket's frames show the outage.
    package let live: LiveFeed
    package let staticFiles: StaticFiles
    package let hostOriginGuard: HostOriginGuard
    package let presence = Presence()
    /// A new id each time the server starts: a page that sees another one after its connection
    /// came back knows the server restarted (the event stream's hello and `GET /api/session`).
    package let startID = Sodium.randomHex(bytes: 8)
    /// Each preset's live document: its saved revision and the team's unsaved changes.
    package let drafts: DraftStore
    package let comments: CommentStore
    /// Blind rounds; a candidate is drawn by its token, so the page never holds its parameters.
    package let rounds: RoundStore
    /// Who may write: every write is by a person with a secret.
    package let people: PeopleStore
    /// Which event streams are whose, for notices to one person.
    let notices: Notices
    /// What revoking a person does to their open pages, sockets and presence.
    let access: PersonAccess
    /// Explore rounds, kept in the workbench database.
    package let explore: ExploreStore
    /// Each round's best as the API says it, computed once for each count of answers.
    let exploreBests = ExploreBestReadings()
    /// The markets a chart can be viewed on: built in and saved CSVs (the presets folder's `scenarios/`).
    package let scenarios: ScenarioLibrary
    /// The OpenAPI document, derived from the routes once they are all added.
    let apiDocument = APIDocument()
    /// The join tokens under `serve --share`, nil when serving loopback only.
    package let share: ShareAccess?
    /// `http://LAN-ADDRESS:PORT` of the join links under `--share`.
    package let shareBaseURL: String?
    /// Render sockets open now: each holds a connection and its thread; shared out fairly
    /// between clients (addresses).
    package let sockets = ClientBudget(total: 64)
    /// The decision log's entries the API writes, each announced.
    let decisions: DecisionRecorder
    /// The one limit on heavy work (renders, exports, imports) that the groups doing it share.
    let heavyWork = HeavyWorkLimit()

    /// `page`: the page's files, built in or from a folder (`serve --public-folder`).
    /// `share` and `servedAddresses` under `serve --share`: the join tokens and the addresses served.
    init(data: DataStore, presets: PresetStore, page: StaticFiles, host: String, port: Int, liveInterval: Double,
         share: ShareAccess?, servedAddresses: [String]?, people: PeopleStore) {
        self.data = data
        self.presets = presets
        comments = CommentStore(records: SQLiteCommentRecords(database: presets.database))
        // Rounds are kept in the workbench database; when it cannot hold them, rounds are refused
        // (with the reason) rather than kept where a restart would lose them.
        do { rounds = try RoundStore(database: presets.database) } catch {
            Output.error("blind rounds cannot be kept in the workbench database (\(error)); starting a round will be refused")
            rounds = RoundStore(unavailable: "\(error)")
        }
        scenarios = ScenarioLibrary(presetsFolder: presets.folder)
        explore = ExploreStore(records: SQLiteExploreRecords(database: presets.database))
        let events = EventHub()
        self.events = events
        self.people = people
        notices = Notices(events: events)
        access = PersonAccess(notices: notices, presence: presence)
        access.watch(people)
        drafts = DraftStore(clock: Preset.now) { snapshot, change in events.publish("draft", DraftRoutes.draftEvent(snapshot, change)) }
        live = LiveFeed(data: data, events: events, interval: liveInterval)
        staticFiles = page
        hostOriginGuard = HostOriginGuard(boundHost: host, port: port, servedAddresses: servedAddresses)
        self.share = share
        shareBaseURL = servedAddresses.map { "http://\(NetworkAddresses.lanAddress(in: $0)):\(port)" }
        decisions = DecisionRecorder(log: presets.log, events: events)
    }
}

/// A route group built from the application's services.
protocol AppRouteGroup: RouteGroup {
    var app: AppServices { get }
}
