import WorkbenchSupport
import HTTPServer
import WorkbenchStores
import WorkbenchExports
import PriceData
import WorkbenchApplication
import ArgumentParser
import ChartEngine
import Foundation

/// `workbench inspect FILE…`: reads CSVs the way the importer does and prints what it found.
/// With several files each report starts with the file's name; a file that cannot be read is
/// one line on stderr, the others are still checked, and the exit status is 1.
struct Inspect: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Check price CSVs: rows, time span, prices, gaps and warnings.")

    @Argument(help: "The CSV files.")
    var files: [String]

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("expected at least one CSV file") }
    }

    func run() throws {
        var failed = false
        for file in files {
            if files.count > 1 { Output.write("\(file):\n") }
            do { try Output.reportingInputErrors { try inspect(file) } } catch { failed = true }
        }
        if failed { throw ExitCode(1) }
    }

    private func inspect(_ file: String) throws {
        let clock = ContinuousClock()
        let started = clock.now
        guard let contents = CSVFile.contents(file) else { throw InputError("cannot read \(file)") }
        let result: CSVImport.Result
        do throws(CSVImport.Failure) { result = try CSVImport.parse(contents) } catch { throw InputError("\(file): \(error.description)") }
        let indexed = IndexedSeries(result.series)
        let elapsed = clock.now - started
        let stats = SeriesStats(indexed)
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        let lines = [
            "rows: \(result.rows) (time from \(result.timeColumn), price from \(result.priceColumn))",
            "from \(ValueFormat.time(Double(stats.first ?? 0), withTime: true)) to \(ValueFormat.time(Double(stats.last ?? 0), withTime: true))",
            "first \(ValueFormat.price(stats.firstPrice ?? .nan)), last \(ValueFormat.price(stats.lastPrice ?? .nan)), "
                + "low \(ValueFormat.price(stats.low)), high \(ValueFormat.price(stats.high)), gaps \(stats.gaps)",
            String(format: "read, parsed and indexed in %.1f ms; %.1f bytes a point in memory", milliseconds, indexed.residentBytesPerPoint),
        ]
        Output.write(lines.joined(separator: "\n") + "\n")
        for warning in result.warnings { Output.error("\(file): warning: \(warning)") }
    }
}
