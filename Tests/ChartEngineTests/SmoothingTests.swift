import Foundation
import Testing
@testable import ChartEngine

@Suite struct SmoothingTests {
    func close(_ a: [Double], _ b: [Double], _ tolerance: Double = 1e-12) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { ($0.isNaN && $1.isNaN) || abs($0 - $1) <= tolerance * max(1, abs($1)) }
    }

    @Test func movingAverageClampsTheEnds() {
        let out = Smoothing.movingAverage(window: 3).apply([1, 2, 3, 4, 5])
        #expect(close(out, [4.0 / 3, 2, 3, 4, 14.0 / 3]))
        #expect(Smoothing.movingAverage(window: 1).apply([3, 1, 2]) == [3, 1, 2])
        // A window wider than the data: every index clamps.
        let wide: [Double] = [11.0 / 5, 14.0 / 5]
        #expect(close(Smoothing.movingAverage(window: 5).apply([1, 4]), wide))
    }

    @Test func exponentialMatchesItsClosedForm() {
        let x: [Double] = [10, 20, 5, 7]
        let a = 0.3
        var s = x[0], expected = [x[0]]
        for v in x.dropFirst() { s = a * v + (1 - a) * s; expected.append(s) }
        #expect(close(Smoothing.exponential(alpha: a).apply(x), expected))
        // Closed form for a step from 0 to 1: s_n = 1 − (1−α)^n.
        let step = Smoothing.exponential(alpha: a).apply([0] + Array(repeating: 1.0, count: 10))
        for n in 1...10 { #expect(abs(step[n] - (1 - pow(1 - a, Double(n)))) < 1e-12) }
    }

    @Test func gaussianKeepsConstantsAndLinesAndIsTruncatedAtFourSigma() {
        let constant = Smoothing.gaussian(sigma: 3).apply(Array(repeating: 7.5, count: 40))
        #expect(constant.allSatisfy { abs($0 - 7.5) < 1e-12 })
        let line = (0..<60).map { Double($0) * 2 + 1 }
        let smoothed = Smoothing.gaussian(sigma: 2).apply(line)
        for i in 8..<52 { #expect(abs(smoothed[i] - line[i]) < 1e-9) }  // symmetric kernel, away from the ends
        let kernel = GaussianSmoothing(sigma: 2.4).kernel.weights
        #expect(kernel.count == 2 * 10 + 1)  // radius ⌊4·2.4 + ½⌋ = 10
        #expect(abs(kernel.reduce(0, +) - 1) < 1e-12)
        // An impulse spreads as the normalised kernel.
        var impulse = Array(repeating: 0.0, count: 41); impulse[20] = 1
        let spread = Smoothing.gaussian(sigma: 2.4).apply(impulse)
        for k in -10...10 {
            let difference: Double = abs(spread[20 + k] - kernel[k + 10])
            #expect(difference < 1e-15)
        }
    }

    @Test func smoothingNeverCrossesAGap() {
        let out = Smoothing.movingAverage(window: 3).apply([1, 2, .nan, 10, 20])
        let expected: [Double] = [4.0 / 3, 5.0 / 3, .nan, 40.0 / 3, 50.0 / 3]
        #expect(close(out, expected))
        let g = Smoothing.gaussian(sigma: 1).apply([100, 100, .nan, 0, 0, 0])
        #expect(g[0] == 100 && g[1] == 100 && g[2].isNaN && g[3] == 0)
        let e = Smoothing.exponential(alpha: 0.5).apply([4, .nan, 8, 0])
        #expect(close(e, [4, .nan, 8, 4]))
    }
}
