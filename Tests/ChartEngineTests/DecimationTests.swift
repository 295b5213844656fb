import Foundation
import Testing
@testable import ChartEngine

/// The pipeline's decimation (Sources/ChartEngine/Decimation); LTTB and min/max are in DecimationTests.
@Suite struct DecimationTests {
    /// Both storages: whole cents (4 bytes) and arbitrary Doubles.
    @Test(arguments: [true, false])
    func indexAnswersLikeABruteForceScan(cents: Bool) {
        var generator = SplitMix64(seed: 11)
        var prices = (0..<50_000).map { _ in generator.normal() * 100 }
        if cents { prices = prices.map { ($0 * 100).rounded() / 100 } }
        for i in stride(from: 37, to: prices.count, by: 4099) { prices[i] = .nan }
        let column = PriceColumn(prices)
        // 4 bytes a point as cents, 8 as Doubles (capacity may round up by a page).
        #expect(column.residentBytes >= prices.count * (cents ? 4 : 8) && column.residentBytes < prices.count * (cents ? 5 : 9))
        let index = MinMaxIndex(prices: column)
        for _ in 0..<300 {
            let a = Int(generator.uniform() * Double(prices.count)), b = Int(generator.uniform() * Double(prices.count))
            let range = min(a, b)..<(max(a, b) + 1)
            let finite = range.filter { prices[$0].isFinite }
            let got = index.extremes(in: range, prices: column)
            if finite.isEmpty { #expect(got == nil); continue }
            #expect(prices[got!.low] == finite.map { prices[$0] }.min())
            #expect(prices[got!.high] == finite.map { prices[$0] }.max())
            #expect(index.containsGap(range) == range.contains { !prices[$0].isFinite })
        }
    }

    @Test func appendingKeepsTheIndexRight() {
        var generator = SplitMix64(seed: 5)
        let times = (0..<5000).map { Int64($0) * 60 }
        let prices = times.map { _ in generator.normal() }
        var data = IndexedSeries(PriceSeries(times: Array(times.prefix(3000)), prices: Array(prices.prefix(3000))))
        data.append(times: Array(times.dropFirst(3000)), prices: Array(prices.dropFirst(3000)))
        let column = PriceColumn(prices)
        let rebuilt = MinMaxIndex(prices: column)
        for range in [0..<5000, 17..<4999, 2990..<3300] {
            #expect(data.index.extremes(in: range, prices: column)! == rebuilt.extremes(in: range, prices: column)!)
        }
    }

    @Test func compactColumnsReadBackExactly() {
        let cents: [Double] = [0.01, 12345.67, 20_999_999.99, .nan, -3.5, 0.1 + 0.2 - 0.2]
        let column = PriceColumn(cents)
        if case .cents = column.storage { Issue.record("0.1 + 0.2 - 0.2 is not a whole cent; expected Doubles") }
        for (a, b) in zip(column, cents) { #expect(a == b || (a.isNaN && b.isNaN)) }
        var exact = PriceColumn([457.33, .nan, 48531.83])
        guard case .cents = exact.storage else { Issue.record("whole cents should be stored as cents"); return }
        exact.append(457.334015)  // a price with more digits turns the column into Doubles, losing nothing
        #expect(Array(exact).dropFirst(2) == [48531.83, 457.334015] && exact[1].isNaN && exact[0] == 457.33)

        var regular = TimeColumn([100, 160, 220])
        #expect(regular.residentBytes == 0 && regular[2] == 220 && regular.firstIndex(atOrAfter: 161) == 2)
        regular.append(280)
        #expect(regular.residentBytes == 0 && Array(regular) == [100, 160, 220, 280])
        regular.append(1000)  // an irregular step keeps every time, explicitly
        #expect(Array(regular) == [100, 160, 220, 280, 1000] && regular.firstIndex(atOrAfter: 281) == 4)
        let series = PriceSeries(times: [100, 160, 220], prices: [1, 2, 3])
        #expect(series.residentBytes <= 32, "\(series.residentBytes)")
        #expect(series.indices(from: 150) == 1..<3 && series.indices(from: 999) == 3..<3)
    }

    @Test func visiblePointsKeepTheWindowsExtremesAndGaps() {
        var generator = SplitMix64(seed: 9)
        let n = 200_000
        let times = (0..<n).map { Int64($0) * 60 }
        var prices = (0..<n).map { _ in 100 + generator.normal() }
        prices[123_456] = 500; prices[7] = -50; prices[150_000] = .nan
        let data = IndexedSeries(PriceSeries(times: times, prices: prices))
        let (t, p) = data.visiblePoints(0..<n, columns: 390)
        #expect(p.count <= 2 * 390 + 390)
        #expect(p.contains(500) && p.contains(-50))
        #expect(p.contains { $0.isNaN })
        #expect(zip(t, t.dropFirst()).allSatisfy { $0 <= $1 })
        // The window's true ends are kept, for any window.
        for window in [0..<n, 1000..<151_234, 99_999..<n] {
            let (wt, wp) = data.visiblePoints(window, columns: 390)
            #expect(wt.first == Double(times[window.lowerBound]) && wt.last == Double(times[window.upperBound - 1]))
            #expect(wp.first == prices[window.lowerBound] && wp.last == prices[window.upperBound - 1])
        }
    }
}
