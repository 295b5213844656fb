import ChartEngine
import WorkbenchSupport

/// The honesty check's result as a signed fact of a handoff bundle (issue 39.5): the mobile
/// team's CI reads in `PROVENANCE.json` whether the exported revision tells the truth on every
/// built-in scenario and period, which thresholds it was held to, and what fails, in words.
/// Kept under `honesty` among the provenance's `extraFacts`, so the signature covers it and a
/// bundle made again from the same provenance (`workbench verify`) writes the same README.
package enum HonestyFact {
    package static let key = "honesty"
    /// The check's version: raised when a measure or a default threshold changes meaning.
    package static let checkVersion = 1

    /// `{"version", "pass", "scenarios", "periods", "width", "height", "thresholds",
    /// "failures": [{"scenario", "period", "failures": [sentence]}]}`: one entry per scenario and
    /// period that fails (at rest and pressed together), in the report's order.
    package static func json(_ report: HonestyReport) -> JSONValue { JSONValueEncoder.encode(Fact(report)) }

    struct Fact: Encodable {
        struct Failing: Encodable { let scenario: String, period: String, failures: [String] }
        let version = HonestyFact.checkVersion
        let pass: Bool
        let scenarios: [String], periods: [String]
        let width: Double, height: Double
        let thresholds: HonestyThresholds
        let failures: [Failing]

        init(_ report: HonestyReport) {
            var failing: [Failing] = []
            for scenario in report.scenarios {
                for period in report.periods {
                    let sentences = report.measures.filter { $0.scenario == scenario && $0.period == period }.flatMap(\.failures)
                    if !sentences.isEmpty { failing.append(Failing(scenario: scenario, period: period, failures: sentences)) }
                }
            }
            pass = report.pass; scenarios = report.scenarios; periods = report.periods
            width = report.width; height = report.height; thresholds = report.thresholds
            failures = failing
        }
    }

    /// The fact in words, first line the verdict: "honesty check: passes on 6 scenarios × 5
    /// periods" or "honesty check: fails on 3 of 30 scenario periods (6 scenarios × 5 periods)",
    /// then "spike 1D: sentence; sentence" per failing scenario and period, then the thresholds
    /// and the check's version. Nil when `fact` is no honesty fact.
    package static func words(_ fact: JSONValue) -> [String]? {
        guard let pass = fact["pass"]?.boolValue, let scenarios = fact["scenarios"]?.arrayValue, let periods = fact["periods"]?.arrayValue,
              let failing = fact["failures"]?.arrayValue else { return nil }
        let grid = counted(scenarios.count, "scenario") + " × " + counted(periods.count, "period")
        var lines = [pass ? "honesty check: passes on \(grid)"
                          : "honesty check: fails on \(failing.count) of \(scenarios.count * periods.count) scenario periods (\(grid))"]
        for entry in failing {
            let sentences = entry["failures"]?.arrayValue?.compactMap(\.stringValue) ?? []
            lines.append("\(entry["scenario"]?.stringValue ?? "?") \(entry["period"]?.stringValue ?? "?"): " + sentences.joined(separator: "; "))
        }
        if let t = fact["thresholds"] {
            func n(_ key: String) -> String { t[key]?.numberValue.map { NumberText.shortest($0) } ?? "?" }
            lines.append("thresholds: at most \(n("beyondRangePercent")) % of the range beyond it, at least \(n("largestMoveShownPercent")) % of the largest move shown, "
                         + "the end within \(n("endPercent")) % of the range from the price, extremes within \(n("extremeShiftSpacings")) point spacings, "
                         + "gaps of \(n("gapSpacings")) spacings drawn as gaps (honesty check version \(fact["version"]?.numberValue.map { NumberText.shortest($0) } ?? "?"))")
        }
        return lines
    }

    private static func counted(_ count: Int, _ one: String) -> String { "\(count) \(one)" + (count == 1 ? "" : "s") }
}

extension Provenance {
    /// The honesty fact this provenance signs, if any.
    package var honesty: JSONValue? { extraFacts.last { $0.0 == HonestyFact.key }?.1 }

    /// Signs the honesty check's result with the rest (once per export: every file of a bundle
    /// shares it).
    package mutating func carry(honesty report: HonestyReport) {
        extraFacts.removeAll { $0.0 == HonestyFact.key }
        extraFacts.append((HonestyFact.key, HonestyFact.json(report)))
    }
}
