import Foundation
import Testing
import Decimation

/// LTTB and min/max decimation (`workbench downsample`), kept out of ChartEngine and so out of the
/// iOS bundle; the pipeline's decimation (column thinning, the min/max index) is tested in ChartEngineTests.
@Suite struct DecimationTests {
    @Test func lttbByHand() {
        #expect(LTTB.indices(xs: [0, 1, 2, 3, 4], ys: [0, 10, 0, 0, 0], threshold: 3) == [0, 1, 4])
        // Two buckets of width 1.5: [1, 2.5) and [2.5, 4); averages of the next bucket decide.
        let xs: [Double] = [0, 1, 2, 3, 4, 5], ys: [Double] = [0, 4, 1, -3, 2, 0]
        #expect(LTTB.indices(xs: xs, ys: ys, threshold: 4) == [0, 1, 3, 5])
        #expect(LTTB.indices(xs: xs, ys: ys, threshold: 10) == Array(0..<6))
    }

    @Test func minMaxKeepsEveryBucketsExtremes() {
        var generator = SplitMix64(seed: 3)
        let ys = (0..<10_000).map { _ in generator.normal() }
        let kept = MinMaxDecimation.indices(ys: ys, threshold: 100)
        #expect(kept.count <= 100 && kept == kept.sorted())
        #expect(kept.contains(ys.indices.min { ys[$0] < ys[$1] }!))
        #expect(kept.contains(ys.indices.max { ys[$0] < ys[$1] }!))
    }
}

/// The same seeded generator as ChartEngine's (internal there), so the inputs are unchanged.
private struct SplitMix64 {
    private var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func uniform() -> Double { (Double(next() >> 11) + 0.5) / 9_007_199_254_740_992 }

    /// A standard normal (Box–Muller).
    mutating func normal() -> Double { (-2 * log(uniform())).squareRoot() * cos(2 * Double.pi * uniform()) }
}
