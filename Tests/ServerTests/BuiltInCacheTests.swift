import ChartEngine
import Foundation
import Testing
@testable import PriceData

/// The built-in series read back from this build's cache file is the series generated, bit for
/// bit; a damaged file is generated again, never read.
@Suite struct BuiltInCacheTests {
    // Three days of minutes, long enough for gaps to be possible and the bridge to matter.
    let prices = SyntheticPrices(seed: 7, start: 1_700_000_000, minutes: 3 * 1440, startPrice: 700, endPrice: 900)

    func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("built-in-cache-\(UUID().uuidString)")
    }

    @Test func theCachedSeriesIsTheGeneratedOne() throws {
        let folder = folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let generated = prices.generate()
        let first = BuiltInCache.series(prices, in: folder)            // generated, then written
        let file = try #require(BuiltInCache.file(for: prices, in: folder))
        #expect(FileManager.default.fileExists(atPath: file.path))
        let second = BuiltInCache.series(prices, in: folder)           // read back
        #expect(first == generated && second == generated)
        #expect(zip(Array(second.prices), Array(generated.prices)).allSatisfy { $0.bitPattern == $1.bitPattern || ($0.isNaN && $1.isNaN) })
    }

    @Test func aDamagedFileIsGeneratedAgainAndRewritten() throws {
        let folder = folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = BuiltInCache.series(prices, in: folder)
        let file = try #require(BuiltInCache.file(for: prices, in: folder))
        var data = try Data(contentsOf: file)
        data[100] ^= 1
        try data.write(to: file)
        #expect(BuiltInCache.decode(data, count: prices.minutes) == nil)
        #expect(BuiltInCache.series(prices, in: folder) == prices.generate())
        #expect(BuiltInCache.decode(try Data(contentsOf: file), count: prices.minutes) != nil)
        // Cut short, or of another length: not read either.
        #expect(BuiltInCache.decode(data.prefix(40), count: prices.minutes) == nil)
    }

    @Test func onlyWholeCentsAreWritten() {
        #expect(BuiltInCache.encode([1.25, .nan, 86_752.3]) != nil)
        #expect(BuiltInCache.encode([1.255]) == nil)          // would not read back as itself
        #expect(BuiltInCache.encode([30_000_000]) == nil)     // past Int32 cents
    }
}
