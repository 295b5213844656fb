import ChartEngine
import Foundation
import HTTPServer
import PriceData

/// The markets a chart can be viewed on (docs/scenarios.md): the list, and a CSV saved as a named
/// scenario. A render, scene, frames or data request names one with `scenario=`.
struct ScenarioRoutes: AppRouteGroup {
    let app: AppServices

    func addRoutes(to r: inout Router) {
        r.get("/api/scenarios", "The market scenarios: built in (seeded) and saved from CSVs", answers: [.json("the scenarios", ScenariosAnswer.self)]) { _ in
            .answer(ScenariosAnswer(scenarios: app.scenarios.entries))
        }
        r.post("/api/scenarios", "Save a CSV price series as a named scenario of the workbench (kept in the presets folder's scenarios/: at most \(ScenarioLibrary.Limits.saved) of them and \(ScenarioLibrary.Limits.bytes >> 20) MB in all)",
               query: [.init("name", OpenAPIDocument.string, "1–40 lowercase letters, digits or '-'; not a built-in name")], body: .csv,
               schema: OpenAPIDocument.csvRows, answers: [.json("the scenarios", ScenariosAnswer.self)], errors: [507]) { try save($0) }
    }

    func save(_ context: RequestContext) throws(HTTPError) -> HTTPResponse {
        let name = context.query["name"] ?? ""
        guard let body = context.request.spooled.map({ $0.contents() }) ?? Data(context.request.body) else {
            throw HTTPError(507, "upload_failed", "the upload could not be stored on the server's disk")
        }
        let saved = DataRoutes.readingOneCSVAtATime { () throws(ScenarioLibrary.Failure) in try app.scenarios.save(name: name, csv: body) }
        let count: Int
        switch saved {
        case .success(let value): count = value
        case .failure(let error): throw HTTPError(error)
        }
        app.decisions.record("data", preset: nil, by: context.author.user, summary: "saved \(count) prices as the scenario \(name)")
        return .answer(ScenariosAnswer(scenarios: app.scenarios.entries))
    }
}

struct ScenariosAnswer: Encodable, DocumentedAnswer {
    let scenarios: [ScenarioLibrary.Entry]
    /// The scenarios an approval's honesty check (the review's and the server's gate) and an
    /// honest Explore round judge on (`HonestyMarkets.eventScenarios`).
    var approvalScenarios: [String] = HonestyMarkets.eventScenarios.map(\.rawValue)
    static var example: ScenariosAnswer { ScenariosAnswer(scenarios: [.init(name: "flash-crash", title: MarketScenario.flashCrash.title, builtIn: true)]) }
}

extension HTTPError {
    init(_ failure: ScenarioLibrary.Failure) {
        switch failure {
        case .unknown: self.init(404, "not_found", failure.description, field: "scenario")
        case .badName, .builtInName: self.init(400, "invalid_name", failure.description, field: "name")
        case .badCSV(let csv): self.init(400, "invalid_csv", csv.description, field: csv.line.map { "line \($0)" })
        case .cannotWrite: self.init(507, "cannot_save", failure.description)
        case .full: self.init(507, "scenarios_full", failure.description)
        }
    }
}

extension ScenarioLibrary {
    /// The series a chart draws: its scenario's, else the loaded one.
    func data(named name: String?, else loaded: DataStore) throws(HTTPError) -> IndexedSeries {
        guard let name else { return loaded.snapshot.data }
        do throws(Failure) { return try series(named: name) } catch { throw HTTPError(error) }
    }
}
