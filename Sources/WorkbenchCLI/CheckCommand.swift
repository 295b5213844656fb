import WorkbenchSupport
import ArgumentParser
import ChartEngine
import Foundation

/// `workbench check`: the engine's readability report of a preset (WCAG contrast against both
/// backgrounds, colour distinctness under simulated colour-vision deficiencies). Exit status 1
/// when any check fails, so a script or CI can gate on it.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check that everyone can read a preset's chart: contrast (WCAG 2.x) and colour distinctness (Machado 2009, CIEDE2000). Exits 1 when a check fails.")

    @Option(help: "Preset name (from --presets) or preset file.")
    var preset: String

    @Option(help: "Folder of preset files.")
    var presets: String = "Presets"

    @Option(help: "text or json.")
    var format = "text"

    func run() throws {
        var report: ReadabilityReport?
        var name = preset
        try Output.reportingInputErrors {
            guard format == "text" || format == "json" else { throw InputError("--format must be text or json") }
            guard let loaded = try loadPreset(preset, folder: presets) else { throw InputError("--preset is required") }
            name = loaded.name
            report = ReadabilityReport(style: loaded.style)
        }
        guard let report else { return }
        if format == "json" {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            Output.write(String(decoding: try encoder.encode(report), as: UTF8.self) + "\n")
        } else {
            Output.write(Self.text(report, name: name))
        }
        if !report.pass { throw ExitCode(1) }
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
