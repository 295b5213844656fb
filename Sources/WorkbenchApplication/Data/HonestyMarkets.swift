import ChartEngine
import Foundation
import Synchronization
import PriceData
import WorkbenchExports
import WorkbenchStores
import WorkbenchSupport

/// The markets the honesty check judges a style on: every built-in scenario, or the ones named
/// (saved scenarios included), from the scenario library.
package enum HonestyMarkets {
    package static func named(_ names: [String], in library: ScenarioLibrary) throws(ScenarioLibrary.Failure) -> [(name: String, series: PriceSeries)] {
        let chosen = names.isEmpty ? MarketScenario.allCases.map(\.rawValue) : names
        var markets: [(name: String, series: PriceSeries)] = []
        for name in chosen { markets.append((name, try library.series(named: name).series)) }
        return markets
    }

    /// The report of a style on the markets named (all built-ins when none).
    package static func report(_ style: ChartStyle, scenarios: [String] = [], in library: ScenarioLibrary) throws(ScenarioLibrary.Failure) -> HonestyReport {
        HonestyReport(style: style, markets: try named(scenarios, in: library))
    }

    /// Every built-in scenario: deterministic, so anyone with the workbench gets the same report.
    package static var builtIn: [(name: String, series: PriceSeries)] {
        MarketScenario.allCases.map { ($0.rawValue, $0.series()) }
    }

    /// A handoff bundle's provenance with the honesty check's result signed in it (issue 39.5):
    /// the style on every built-in scenario and period, computed once for the whole bundle.
    package static func signing(_ provenance: Provenance?, style: ChartStyle) -> Provenance? {
        guard var provenance else { return nil }
        provenance.carry(honesty: HonestyReport(style: style, markets: builtIn))
        return provenance
    }

    /// The markets an approval (the review and the server's gate) and an Explore round with
    /// `honesty` judge a style on (docs/honesty.md): the three built-in scenarios whose planted
    /// event a measure is about — the flash crash (the largest move shown, the lag), the spike
    /// (overshoot, the largest move) and the outage (gaps) — on every period. The flat and
    /// parabolic markets and the decade plant nothing a curve or smoothing could hide, and the
    /// decade alone costs more than the three: a handoff bundle's signed result covers all six.
    package static let eventScenarios: [MarketScenario] = [.flashCrash, .spike, .outage]

    /// A style's report on `eventScenarios`, as a review of it finds it.
    package static func eventReport(_ style: ChartStyle) -> HonestyReport {
        HonestyReport(style: style, markets: eventScenarios.map { ($0.rawValue, $0.series()) })
    }

    /// Whether a style passes the check on `eventScenarios`; kept per style (a round asks again
    /// for the same candidates: its best, its answered points).
    package static func passesForExplore(_ style: ChartStyle) -> Bool {
        let key = JSONValue.object(style.values.map { ($0.key, $0.value.json) }).canonical
        if let kept = exploreVerdicts.withLock({ $0[key] }) { return kept }
        let verdict = eventReport(style).pass
        exploreVerdicts.withLock { kept in
            if kept.count >= 4096 { kept.removeAll() }
            kept[key] = verdict
        }
        return verdict
    }

    private static let exploreVerdicts = Mutex<[String: Bool]>([:])
}
