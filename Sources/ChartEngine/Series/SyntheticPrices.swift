import Foundation

/// A deterministic, Bitcoin-like price series for working offline: one price a minute, with
/// slow bull and bear regimes, volatility that clusters (calm weeks, wild days), rare jumps
/// and crashes, and a few short outages (gaps). The same seed always gives the same series.
public struct SyntheticPrices: Sendable {
    public var seed: UInt64
    public var start: Int64
    public var minutes: Int
    public var startPrice: Double
    public var endPrice: Double

    /// Ten years of minutes ending 2026-11-01 00:00 UTC, from about $700 to about $90,000.
    public static let tenYears = SyntheticPrices(seed: 0xB17C0, start: 1_477_958_400, minutes: 5_256_000, startPrice: 700, endPrice: 90_000)

    public init(seed: UInt64, start: Int64, minutes: Int, startPrice: Double, endPrice: Double) {
        self.seed = seed
        self.start = start
        self.minutes = minutes
        self.startPrice = startPrice
        self.endPrice = endPrice
    }

    public func generate() -> PriceSeries {
        let n = Swift.max(0, minutes)
        var random = SplitMix64(seed: seed)
        var logPrices = [Double](repeating: 0, count: n)
        var times = [Int64](repeating: 0, count: n)
        let minutesPerYear = 525_600.0
        let baseVol = 0.65 / minutesPerYear.squareRoot()  // ~65 % a year
        var regimeVol = 0.0      // slow log-volatility (weeks)
        var burst = 0.0          // fast log-volatility (hours)
        var trend = 0.0          // slow drift regime (months), log-return per minute
        var logPrice = 0.0
        var gapLeft = 0
        for i in 0..<n {
            times[i] = start + Int64(i) * 60
            let (z1, z2) = random.normalPair()
            regimeVol += -regimeVol / 20_160 + 0.006 * z2          // mean-reverts over ~2 weeks
            burst += -burst / 240 + 0.02 * random.normal()          // ~4 hours
            trend += -trend / 129_600 + 4e-9 * random.normal()      // ~3 months
            let sigma = baseVol * exp(regimeVol + burst)
            var r = trend + sigma * z1
            if random.uniform() < 1 / 40_000.0 { r += 0.025 * random.normal() }          // a jump every ~4 weeks
            if random.uniform() < 1 / 1_500_000.0 { r -= 0.08 + 0.1 * random.uniform() } // a crash every ~3 years
            logPrice += r
            logPrices[i] = logPrice
        }
        // Tilt the path so it runs from the start price to the end price.
        let total = n > 1 ? logPrices[n - 1] : 0
        let target = log(endPrice / startPrice)
        var prices = [Double](repeating: .nan, count: n)
        for i in 0..<n {
            let tilt = n > 1 ? (target - total) * Double(i) / Double(n - 1) : 0
            prices[i] = (startPrice * exp(logPrices[i] + tilt) * 100).rounded() / 100
            if gapLeft > 0 { prices[i] = .nan; gapLeft -= 1 } else if i > 0 && random.uniform() < 1 / 1_200_000.0 {
                gapLeft = 30 + Int(random.uniform() * 240)  // an outage of half an hour to a few hours
            }
        }
        return PriceSeries(times: times, prices: prices)
    }
}

/// SplitMix64: a tiny, fast, well-mixed seeded generator.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in (0, 1).
    mutating func uniform() -> Double { (Double(next() >> 11) + 0.5) / 9_007_199_254_740_992 }

    mutating func normal() -> Double { normalPair().0 }

    /// Two independent standard normals (Box–Muller).
    mutating func normalPair() -> (Double, Double) {
        let r = (-2 * log(uniform())).squareRoot()
        let angle = 2 * Double.pi * uniform()
        return (r * cos(angle), r * sin(angle))
    }
}
