import ChartEngine
import ChartRendering
import Foundation
import PriceData
import Synchronization
import WorkbenchStores

/// The markets a chart can be viewed on: the built-in `MarketScenario`s and CSVs the team saved
/// under a name (files `NAME.csv` in the presets folder's `scenarios/`, written atomically, so
/// they live beside the history). A view setting, never part of a preset.
package final class ScenarioLibrary: Sendable {
    package enum Failure: Error, CustomStringConvertible {
        case unknown(String)
        case badName(String)
        case builtInName(String)
        case badCSV(CSVImport.Failure)
        case cannotWrite(String)

        package var description: String {
            switch self {
            case .unknown(let name): "no scenario named \"\(name)\" (built in: \(MarketScenario.allCases.map(\.rawValue).joined(separator: ", ")))"
            case .badName: "must be 1–40 lowercase letters, digits or '-'"
            case .builtInName(let name): "\"\(name)\" is a built-in scenario's name"
            case .badCSV(let failure): failure.description
            case .cannotWrite(let reason): reason
            }
        }
    }

    package struct Entry: Sendable, Encodable {
        package let name: String
        package let title: String
        package let builtIn: Bool
    }

    /// Where saved scenarios are kept; nil: built-ins only.
    let folder: String?
    private let saved = Mutex<[String: IndexedSeries]>([:])
    private let builtIns = Mutex<[MarketScenario: IndexedSeries]>([:])

    package init(folder: String?) { self.folder = folder }

    /// The name the honesty check gives the loaded series (never a saved scenario's).
    package static let loadedData = "data"

    /// The presets folder's `scenarios/`.
    package convenience init(presetsFolder: String) { self.init(folder: (presetsFolder as NSString).appendingPathComponent("scenarios")) }

    /// The built-ins, then the saved ones by name.
    package var entries: [Entry] {
        let builtIn = MarketScenario.allCases.map { Entry(name: $0.rawValue, title: $0.title, builtIn: true) }
        let files = folder.flatMap { try? FileManager.default.contentsOfDirectory(atPath: $0) } ?? []
        let names = files.filter { $0.hasSuffix(".csv") }.map { String($0.dropLast(4)) }.filter(ScenarioName.isValid).sorted()
        return builtIn + names.filter { MarketScenario(rawValue: $0) == nil }.map { Entry(name: $0, title: "Saved CSV \($0)", builtIn: false) }
    }

    /// The scenario's series with its index, built once per process (a saved one again after it is replaced).
    package func series(named name: String) throws(Failure) -> IndexedSeries {
        if let scenario = MarketScenario(rawValue: name) {
            if let kept = builtIns.withLock({ $0[scenario] }) { return kept }
            let made = scenario == .halvingDecade ? BuiltInData.indexed : IndexedSeries(scenario.series())
            builtIns.withLock { $0[scenario] = made }
            return made
        }
        guard ScenarioName.isValid(name) else { throw .badName(name) }
        if let kept = saved.withLock({ $0[name] }) { return kept }
        guard let folder, let contents = FileManager.default.contents(atPath: (folder as NSString).appendingPathComponent(name + ".csv")) else {
            throw .unknown(name)
        }
        let made: IndexedSeries
        do throws(CSVImport.Failure) { made = IndexedSeries(try CSVImport.parse(contents).series) } catch { throw .badCSV(error) }
        saved.withLock { $0[name] = made }
        return made
    }

    /// Saves a CSV as a named scenario once every row reads; returns its point count.
    @discardableResult
    package func save(name: String, csv: Data) throws(Failure) -> Int {
        guard ScenarioName.isValid(name) else { throw .badName(name) }
        guard MarketScenario(rawValue: name) == nil, name != Self.loadedData else { throw .builtInName(name) }
        guard let folder else { throw .cannotWrite("scenarios cannot be saved here") }
        let parsed: PriceSeries
        do throws(CSVImport.Failure) { parsed = try CSVImport.parse(csv).series } catch { throw .badCSV(error) }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try AtomicFile.write([UInt8](csv), to: (folder as NSString).appendingPathComponent(name + ".csv"))
        } catch let error as AtomicFile.WriteError {
            throw .cannotWrite(error.description)
        } catch {
            throw .cannotWrite("cannot make the scenarios folder")
        }
        let indexed = IndexedSeries(parsed)
        saved.withLock { $0[name] = indexed }
        return parsed.count
    }
}
