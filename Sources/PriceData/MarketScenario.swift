import ChartEngine
import Foundation
import Synchronization

/// The markets a preset must survive (issue 39, docs/scenarios.md): deterministic, seeded series
/// of one price a minute. Each but the decade is 400 days of `SyntheticPrices` (so every period
/// up to 1Y has its own data) with the event planted on the last day, where 1D shows it and
/// every longer period still holds it. All end where the built-in series ends.
package enum MarketScenario: String, CaseIterable, Sendable {
    case flashCrash = "flash-crash"
    case spike
    case outage
    case flat
    case parabolic
    case halvingDecade = "halving-decade"

    package var title: String {
        switch self {
        case .flashCrash: "Flash crash: −20 % in 5 minutes, 60 % of it won back over 2 hours"
        case .spike: "A single-minute spike of +8 %"
        case .outage: "An exchange outage: 6 hours without prices"
        case .flat: "A flat, quiet market (±0.5 % a year)"
        case .parabolic: "A parabolic run: ×4 over the last 120 days"
        case .halvingDecade: "The halving-era decade: ten years of minutes (the built-in series)"
        }
    }

    /// Minutes of every scenario but the decade.
    static let minutes = 400 * 1440
    static let end = SyntheticPrices.tenYears.start + Int64(SyntheticPrices.tenYears.minutes) * 60
    /// Where on the last day the event happens, in minutes before the last point.
    package static let eventMinutesBeforeEnd = 600
    package static let crashMinutes = 5, recoveryMinutes = 120
    package static let crashDepth = 0.20, recoveredShare = 0.60
    package static let spikeHeight = 0.08
    package static let outageMinutes = 360

    /// The series, generated once per process on first use.
    package func series() -> PriceSeries {
        if self == .halvingDecade { return BuiltInData.series() }
        if let kept = Self.generated.withLock({ $0[self] }) { return kept }
        // One generation at a time: the requests that arrive together on a fresh server (a
        // page's checks, a flood) wait for the first one's series instead of each making it.
        return Self.generating.withLock { _ in
            if let kept = Self.generated.withLock({ $0[self] }) { return kept }
            let made = generate()
            Self.generated.withLock { $0[self] = made }
            return made
        }
    }

    private static let generated = Mutex<[MarketScenario: PriceSeries]>([:])
    private static let generating = Mutex<Void>(())

    private func generate() -> PriceSeries {
        let n = Self.minutes
        let base = SyntheticPrices(seed: 0x5CE0 &+ UInt64(Self.allCases.firstIndex(of: self) ?? 0), start: Self.end - Int64(n) * 60,
                                   minutes: n, startPrice: 60_000, endPrice: 70_000).generate()
        var prices = (0..<n).map { base.prices[$0] }
        let event = n - Self.eventMinutesBeforeEnd
        switch self {
        case .flashCrash:
            for i in event..<n where prices[i].isFinite {
                let k = i - event
                let factor: Double
                if k <= Self.crashMinutes { factor = 1 - Self.crashDepth * Double(k) / Double(Self.crashMinutes) }
                else if k <= Self.crashMinutes + Self.recoveryMinutes {
                    factor = 1 - Self.crashDepth * (1 - Self.recoveredShare * Double(k - Self.crashMinutes) / Double(Self.recoveryMinutes))
                } else { factor = 1 - Self.crashDepth * (1 - Self.recoveredShare) }
                prices[i] *= factor
            }
        case .spike:
            if prices[event].isFinite { prices[event] *= 1 + Self.spikeHeight } else { prices[event] = prices[event - 1] * (1 + Self.spikeHeight) }
        case .outage:
            for i in event..<(event + Self.outageMinutes) { prices[i] = .nan }
        case .flat:
            // The same walk with its moves scaled down 200 times around 60,000.
            let first = prices.first(where: \.isFinite) ?? 60_000
            for i in 0..<n where prices[i].isFinite { prices[i] = 60_000 * exp(log(prices[i] / first) / 200) }
        case .parabolic:
            let start = n - 120 * 1440
            for i in start..<n where prices[i].isFinite {
                let t = Double(i - start) / Double(n - 1 - start)
                prices[i] *= exp(log(4) * t * t * t)
            }
        case .halvingDecade: break
        }
        for i in 0..<n where prices[i].isFinite { prices[i] = (prices[i] * 100).rounded() / 100 }
        return PriceSeries(times: (0..<n).map { base.times[$0] }, prices: prices)
    }
}
