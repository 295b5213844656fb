import ChartEngine
import WorkbenchExports

/// `workbench check --honesty`'s text: one line per period, scenario and state, then the failures.
enum HonestyText {
    static func text(_ report: HonestyReport, name: String, timings: [(String, Double)]) -> String {
        func two(_ v: Double) -> String { NumberText.format((v * 100).rounded() / 100, digits: 2) }
        let t = report.thresholds
        var lines = ["Honesty of \"\(name)\": \(report.pass ? "pass" : "FAIL (\(report.failures.count))")",
                     "Thresholds: ≤ \(two(t.beyondRangePercent)) % beyond the range, ≥ \(two(t.largestMoveShownPercent)) % of the largest move, "
                     + "end within \(two(t.endPercent)) % of the range, extremes within \(two(t.extremeShiftSpacings)) point spacings, gaps drawn", ""]
        for m in report.measures {
            let move = m.largestMove.map { "move \(two($0.shownPercent)) %" } ?? "no move"
            lines.append("  \(m.pass ? "ok  " : "FAIL") \(m.scenario) \(m.period) \(m.state.rawValue): beyond \(two(m.overshootPercent)) %, \(move), "
                         + "end \(two(m.endPercent)) %, gaps \(m.gaps - m.gapsBridged)/\(m.gaps) drawn")
        }
        if !timings.isEmpty {
            lines.append("")
            lines.append("Time on ALL: " + timings.map { "\($0.0) \(two($0.1 * 1000)) ms" }.joined(separator: ", "))
        }
        if !report.failures.isEmpty {
            lines.append("")
            lines.append("Failures:")
            lines += report.failures.map { "  " + $0 }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
