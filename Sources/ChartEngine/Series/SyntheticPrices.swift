import Foundation

/// A deterministic, Bitcoin-like price series for working offline: one price a minute.
/// Daily log-returns follow a GARCH(1,1) with Student-t innovations (ν = 6), calibrated to
/// Bitcoin's published daily statistics 2016–2025: σ ≈ 3.5 % a day, excess kurtosis ≈ 5–10,
/// volatility that clusters over weeks (α = 0.10, β = 0.86). Each day is filled with minutes by a
/// Brownian bridge whose per-minute σ is σ_day/√1440 times a slowly varying intraday factor
/// (busy and quiet hours), so variation scales with √time at every resolution. A few outages
/// leave gaps. The same seed always gives the same series.
public struct SyntheticPrices: Sendable {
    public var seed: UInt64
    public var start: Int64
    public var minutes: Int
    public var startPrice: Double
    /// Where the long-run drift heads: the price at the start of the last day. The last day
    /// then moves freely, so the last price is whatever the market made of it, never this round number.
    public var endPrice: Double

    /// Ten years of minutes ending 2026-11-01 00:00 UTC, from about $700 to about $90,000.
    public static let tenYears = SyntheticPrices(seed: 0xB17C0, start: 1_477_958_400, minutes: 5_256_000, startPrice: 700, endPrice: 90_000)

    /// GARCH(1,1) for the daily variance: σ²ₜ₊₁ = ω + α·r²ₜ + β·σ²ₜ, long-run σ = `dailyVolatility`.
    public static let dailyVolatility = 0.035
    static let garchAlpha = 0.10
    static let garchBeta = 0.86
    /// Degrees of freedom of the Student-t innovations (even, so χ² is a sum of exponentials).
    static let tDegrees = 6
    static let minutesPerDay = 1440

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
        let perDay = Self.minutesPerDay
        let longRunVariance = Self.dailyVolatility * Self.dailyVolatility
        let omega = longRunVariance * (1 - Self.garchAlpha - Self.garchBeta)
        let nu = Double(Self.tDegrees)
        let tScale = ((nu - 2) / nu).squareRoot()  // unit variance
        var variance = longRunVariance
        var dayStart = 0.0           // log price at the start of the day
        var intraday = 0.0           // intraday log-volatility, mean-reverting over ~4 hours
        let intradayKick = 0.5 * (2.0 / 240).squareRoot()  // stationary σ 0.5
        var cumulative = [Double](repeating: 0, count: perDay)
        var day = 0
        while day * perDay < n {
            let first = day * perDay, count = Swift.min(perDay, n - first)
            // The day's return: σₜ · t_ν (scaled to unit variance).
            var chi2 = 0.0
            for _ in 0..<(Self.tDegrees / 2) { chi2 -= 2 * log(random.uniform()) }
            let daySigma = variance.squareRoot()
            let dayReturn = daySigma * tScale * random.normal() / (chi2 / nu).squareRoot()
            variance = omega + Self.garchAlpha * dayReturn * dayReturn + Self.garchBeta * variance
            // A random walk of minutes with clustered σ, then bent (a bridge) to end on the day's
            // return; exp(−0.25) keeps the intraday factor's mean square at 1.
            let minuteSigma = daySigma / Double(perDay).squareRoot() * exp(-0.25)
            var walk = 0.0, spent = 0.0
            var k = 0
            while k < count {
                let (z1, z2) = random.normalPair()
                intraday += -intraday / 240 + intradayKick * z2
                let sigma = minuteSigma * exp(intraday)
                walk += sigma * z1
                spent += sigma * sigma
                logPrices[first + k] = walk
                cumulative[k] = spent
                k += 1
            }
            let miss = (count == perDay ? dayReturn : walk) - walk
            for k in 0..<count { logPrices[first + k] = dayStart + logPrices[first + k] + miss * cumulative[k] / spent }
            dayStart += count == perDay ? dayReturn : walk
            day += 1
        }
        // Tilt the path so its long-run drift reaches the end price at the start of the last day.
        let anchor = Swift.max(0, n - perDay - 1)
        let tilt = n > 1 && anchor > 0 ? (log(endPrice / startPrice) - logPrices[anchor]) / Double(anchor) : 0
        var prices = [Double](repeating: .nan, count: n)
        var gapLeft = 0
        for i in 0..<n {
            let drift = tilt * Double(Swift.min(i, anchor))
            prices[i] = (startPrice * exp(logPrices[i] + drift) * 100).rounded() / 100
            if gapLeft > 0 { prices[i] = .nan; gapLeft -= 1 } else if i > 0 && i < n - perDay && random.uniform() < 1 / 500_000.0 {
                gapLeft = 30 + Int(random.uniform() * 240)  // an exchange outage of half an hour to a few hours
            }
        }
        return PriceSeries(times: times, prices: prices)
    }

    /// The series' times: one a minute from `start`.
    public var times: [Int64] { (0..<Swift.max(0, minutes)).map { start + Int64($0) * 60 } }
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
