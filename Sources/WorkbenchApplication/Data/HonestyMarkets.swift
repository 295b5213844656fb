import ChartEngine
import Foundation
import PriceData
import WorkbenchExports

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
}
