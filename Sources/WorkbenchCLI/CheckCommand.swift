import ArgumentParser
import ChartEngine
import Foundation
import WorkbenchSupport
import WorkbenchStores
import WorkbenchExports
import WorkbenchApplication

/// `workbench check`: the engine's readability report of a preset (WCAG contrast against both
/// backgrounds, colour distinctness under simulated colour-vision deficiencies). Exit status 1
/// when any check fails, so a script or CI can gate on it.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check that everyone can read a preset's chart: contrast (WCAG 2.x) and colour distinctness (Machado 2009, CIEDE2000); with --honesty, that it tells the truth about prices on every period and market scenario (docs/honesty.md). Exits 1 when a check fails.")

    @OptionGroup var chosen: PresetChoice

    @Option(help: "text or json.")
    var format = "text"

    @Flag(help: "The honesty check instead: overshoot, the largest move shown, the end on the price, extremes in time and gaps, for every period and scenario.")
    var honesty = false

    @Option(help: "With --honesty: a scenario to judge on (repeat for more; every built-in one when absent).")
    var scenario: [String] = []

    func run() throws {
        if honesty { return try runHonesty() }
        var report: ReadabilityReport?
        var name = chosen.preset
        try Output.reportingInputErrors {
            guard format == "text" || format == "json" else { throw InputError("--format must be text or json") }
            let loaded = try chosen.load()
            name = loaded.name
            report = ReadabilityReport(style: loaded.style)
        }
        guard let report else { return }
        try write(report, passed: report.pass) { Self.text(report, name: name) }
    }

    func runHonesty() throws {
        var report: HonestyReport?
        var name = chosen.preset
        var timings: [(String, Double)] = []
        try Output.reportingInputErrors {
            guard format == "text" || format == "json" else { throw InputError("--format must be text or json") }
            let loaded = try chosen.load()
            name = loaded.name
            let library = ScenarioLibrary(presetsFolder: chosen.presets)
            let markets: [(name: String, series: PriceSeries)]
            do throws(ScenarioLibrary.Failure) { markets = try HonestyMarkets.named(scenario, in: library) } catch {
                throw InputError("--scenario: \(error.description)")
            }
            // Each market's ALL alone, timed: the check's cost on the longest window.
            for market in markets {
                let start = DispatchTime.now().uptimeNanoseconds
                _ = HonestyCheck(style: loaded.style).measure(market.series, scenario: market.name, period: .all)
                timings.append((market.name, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9))
            }
            report = HonestyReport(style: loaded.style, markets: markets)
        }
        guard let report else { return }
        try write(report, passed: report.pass) { HonestyText.text(report, name: name, timings: timings) }
    }

    /// Either report on stdout, as `--format` asks (pretty JSON, or the words `text` gives);
    /// exit status 1 when it did not pass.
    private func write(_ report: some Encodable, passed: Bool, text: () -> String) throws {
        if format == "json" {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            Output.write(String(decoding: try encoder.encode(report), as: UTF8.self) + "\n")
        } else {
            Output.write(text())
        }
        if !passed { throw ExitCode(1) }
    }

    static func text(_ report: ReadabilityReport, name: String) -> String {
        func two(_ v: Double) -> String { String(format: "%.2f", (v * 100).rounded(.down) / 100) }
        var lines = ["Readability of \"\(name)\": \(report.pass ? "pass" : "FAIL (\(report.failures.count))")", ""]
        for background in report.backgrounds {
            lines.append("On \(background.name.rawValue) (\(background.color), text \(background.text)):")
            for c in report.contrast where c.background == background.name {
                let state = c.state == .rest ? "at rest" : "pressed"
                lines.append("  \(c.pass ? "ok  " : "FAIL") \(c.name) \(c.color) (\(state), \(NumberText.format(c.size, digits: 2)) px): "
                             + "\(two(c.ratio)):1, needs \(NumberText.format(c.threshold, digits: 2)):1")
            }
            lines.append("")
        }
        lines.append("Colour distinctness (ΔE00, needs \(NumberText.format(report.thresholds.distinctness, digits: 2))):")
        for d in report.distinctness {
            let over = d.background.map { " over \($0.rawValue)" } ?? ""
            lines.append("  \(d.pass ? "ok  " : "FAIL") \(d.name) \(d.first.color) / \(d.second.color)\(over), \(d.vision.rawValue): "
                         + "\(two(d.deltaE)) (seen as \(d.first.seen) / \(d.second.seen))")
        }
        if !report.failures.isEmpty {
            lines.append("")
            lines.append("Failures:")
            lines += report.failures.map { "  " + $0 }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
