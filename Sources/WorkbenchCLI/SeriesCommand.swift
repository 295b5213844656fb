import WorkbenchSupport
import HTTPServer
import WorkbenchStores
import WorkbenchExports
import PriceData
import WorkbenchApplication
import ArgumentParser
import ChartEngine

/// `workbench series`: the built-in price series as time,price lines, to study it or load it
/// elsewhere. With `--step`, one price every so many seconds (a day's close with 86400).
struct SeriesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "series",
        abstract: "Print the built-in price series as time,price lines (an empty price is an outage).",
        discussion: "Times are unix seconds; with --step, the price at each multiple of the step after the first time.")

    static let stepRange: ClosedRange<Int64> = 60...(366 * 86_400)

    @Option(parsing: .unconditional, help: "Seconds between printed prices, a multiple of 60 from 60 to \(stepRange.upperBound).")
    var step: Int64 = 60

    func validate() throws {
        guard Self.stepRange.contains(step), step % 60 == 0 else {
            throw ValidationError("--step must be a multiple of 60 from 60 to \(Self.stepRange.upperBound), got \(step)")
        }
    }

    func run() throws {
        let series = BuiltInData.series()
        guard let first = series.times.first else { return }
        var out = ""
        out.reserveCapacity(1 << 20)
        for i in 0..<series.count where (series.times[i] - first) % step == 0 {
            let price = series.prices[i]
            out += "\(series.times[i]),\(price.isFinite ? NumberText.shortest(price) : "")\n"
            if out.utf8.count >= 1 << 20 { Output.write(out); out = "" }
        }
        Output.write(out)
    }
}
