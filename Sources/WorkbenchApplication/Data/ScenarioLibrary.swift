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
    /// What the saved scenarios may hold: they sit in the team's presets folder (its repository),
    /// and each one read is kept in memory while it is among the last few used.
    package enum Limits {
        package static let saved = 64
        package static let bytes = 256 << 20
        package static let keptInMemory = 4
    }

    package enum Failure: Error, CustomStringConvertible {
        case unknown(String)
        case badName(String)
        case builtInName(String)
        case badCSV(CSVImport.Failure)
        case cannotWrite(String)
        case full(String)

        package var description: String {
            switch self {
            case .unknown(let name): "no scenario named \"\(name)\" (built in: \(MarketScenario.allCases.map(\.rawValue).joined(separator: ", ")))"
            case .badName: "must be 1–40 lowercase letters, digits or '-'"
            case .builtInName(let name): "\"\(name)\" is a built-in scenario's name"
            case .badCSV(let failure): failure.description
            case .cannotWrite(let reason), .full(let reason): reason
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
    /// The saved scenarios read lately, the most recent last (at most `Limits.keptInMemory`).
    private let saved = Mutex<[(name: String, series: IndexedSeries)]>([])
    private let builtIns = Mutex<[MarketScenario: IndexedSeries]>([:])
    private let indexing = Mutex<Void>(())

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
            // Indexed once, by the first of the requests that arrive together (see `MarketScenario.series`).
            return indexing.withLock { _ in
                if let kept = builtIns.withLock({ $0[scenario] }) { return kept }
                let made = scenario == .halvingDecade ? BuiltInData.indexed : IndexedSeries(scenario.series())
                builtIns.withLock { $0[scenario] = made }
                return made
            }
        }
        guard ScenarioName.isValid(name) else { throw .badName(name) }
        if let kept = recall(name) { return kept }
        guard let folder, let contents = FileManager.default.contents(atPath: (folder as NSString).appendingPathComponent(name + ".csv")) else {
            throw .unknown(name)
        }
        let made: IndexedSeries
        do throws(CSVImport.Failure) { made = IndexedSeries(try CSVImport.parse(contents).series) } catch { throw .badCSV(error) }
        keep(name, made)
        return made
    }

    /// A saved scenario kept in memory, now the most recently used; nil when it is not.
    private func recall(_ name: String) -> IndexedSeries? {
        saved.withLock { kept in
            guard let index = kept.firstIndex(where: { $0.name == name }) else { return nil }
            let entry = kept.remove(at: index)
            kept.append(entry)
            return entry.series
        }
    }

    private func keep(_ name: String, _ series: IndexedSeries) {
        saved.withLock { kept in
            kept.removeAll { $0.name == name }
            kept.append((name, series))
            if kept.count > Limits.keptInMemory { kept.removeFirst(kept.count - Limits.keptInMemory) }
        }
    }

    /// Refuses a save that would take the saved scenarios past `Limits`: `bytes` more under `name`
    /// (a scenario saved again counts its new size instead of its old one).
    private func checkRoom(for name: String, bytes: Int, in folder: String) throws(Failure) {
        var count = 0, total = bytes
        for file in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where file.hasSuffix(".csv") && file != name + ".csv" {
            count += 1
            total += ((try? FileManager.default.attributesOfItem(atPath: (folder as NSString).appendingPathComponent(file)))?[.size] as? Int) ?? 0
        }
        guard count < Limits.saved else { throw .full("\(count) scenarios are saved, the most a presets folder keeps; delete one from \(folder) first") }
        guard total <= Limits.bytes else {
            throw .full("the saved scenarios would hold \(total >> 20) MB, over the \(Limits.bytes >> 20) MB a presets folder keeps; delete some from \(folder) first")
        }
    }

    /// Saves a CSV as a named scenario once every row reads; returns its point count.
    @discardableResult
    package func save(name: String, csv: Data) throws(Failure) -> Int {
        guard ScenarioName.isValid(name) else { throw .badName(name) }
        guard MarketScenario(rawValue: name) == nil, name != Self.loadedData else { throw .builtInName(name) }
        guard let folder else { throw .cannotWrite("scenarios cannot be saved here") }
        try checkRoom(for: name, bytes: csv.count, in: folder)
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
        keep(name, IndexedSeries(parsed))
        return parsed.count
    }
}
