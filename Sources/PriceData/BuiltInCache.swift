import ChartEngine
import Foundation

/// The built-in series kept on disk between runs, so that a server or a command starts at once
/// instead of generating 5 million prices (about 0.4 s each time): the prices as whole cents
/// (they are generated rounded to cents, so they read back bit for bit), a gap as `Int32.min`,
/// then an FNV-1a checksum. One file per build of the program (named by the executable's size,
/// time and inode, and the generator's settings): a rebuilt program never reads another's, and
/// files no program has written for a day go. Any failure to read or write only means
/// generating again.
enum BuiltInCache {
    /// `$XDG_CACHE_HOME/chart-workbench`, else `~/.cache/chart-workbench`.
    static var folder: URL? {
        let environment = ProcessInfo.processInfo.environment
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
            return URL(fileURLWithPath: cache).appendingPathComponent("chart-workbench")
        }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return URL(fileURLWithPath: home).appendingPathComponent(".cache/chart-workbench")
    }

    /// This build's file for `prices` in `folder`, nil when the executable cannot be identified.
    static func file(for prices: SyntheticPrices, in folder: URL?) -> URL? {
        guard let folder, let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"),
              let exe = try? FileManager.default.attributesOfItem(atPath: path),
              let size = exe[.size] as? NSNumber, let time = exe[.modificationDate] as? Date,
              let inode = exe[.systemFileNumber] as? NSNumber else { return nil }
        let build = "\(size.uint64Value)-\(Int64(time.timeIntervalSince1970 * 1_000_000))-\(inode.uint64Value)"
        let settings = "\(prices.seed)-\(prices.start)-\(prices.minutes)-\(prices.startPrice)-\(prices.endPrice)"
        return folder.appendingPathComponent("built-in-\(settings)-\(build).prices")
    }

    /// The series from the cache, else generated (and written to the cache for the next run).
    static func series(_ prices: SyntheticPrices, in folder: URL? = folder) -> PriceSeries {
        guard let file = file(for: prices, in: folder) else { return prices.generate() }
        if let data = try? Data(contentsOf: file, options: .alwaysMapped), let read = decode(data, count: max(0, prices.minutes)) {
            return PriceSeries(times: prices.times, prices: read)
        }
        let series = prices.generate()
        write(Array(series.prices), to: file)
        return series
    }

    static func decode(_ data: Data, count: Int) -> [Double]? {
        guard data.count == count * 4 + 8 else { return nil }
        return data.withUnsafeBytes { raw -> [Double]? in
            let cents = raw.bindMemory(to: Int32.self)
            guard raw.loadUnaligned(fromByteOffset: count * 4, as: UInt64.self) == checksum(UnsafeRawBufferPointer(rebasing: raw.prefix(count * 4))) else { return nil }
            return (0..<count).map { cents[$0] == Int32.min ? .nan : Double(cents[$0]) / 100 }
        }
    }

    static func encode(_ prices: [Double]) -> Data? {
        var cents = [Int32]()
        cents.reserveCapacity(prices.count)
        for price in prices {
            if price.isNaN { cents.append(Int32.min); continue }
            let c = (price * 100).rounded()
            // Only prices that are whole cents within Int32 read back as they are.
            guard abs(c) < Double(Int32.max), Double(Int32(c)) / 100 == price else { return nil }
            cents.append(Int32(c))
        }
        var data = cents.withUnsafeBytes { Data($0) }
        var sum = data.withUnsafeBytes { checksum(UnsafeRawBufferPointer($0)) }
        withUnsafeBytes(of: &sum) { data.append(contentsOf: $0) }
        return data
    }

    /// Written whole or not at all (a file of its own, renamed into place). Other builds' files go
    /// once a day old (builds running side by side, a test binary and the server, keep theirs).
    static func write(_ prices: [Double], to file: URL) {
        guard let data = encode(prices) else { return }
        let folder = file.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let temporary = folder.appendingPathComponent(".\(file.lastPathComponent).\(UUID().uuidString)")
            try data.write(to: temporary)
            if rename(temporary.path, file.path) != 0 { try? FileManager.default.removeItem(at: temporary); return }
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            where name.hasPrefix("built-in-") && name.hasSuffix(".prices") && name != file.lastPathComponent {
                let other = folder.appendingPathComponent(name)
                let written = (try? FileManager.default.attributesOfItem(atPath: other.path))?[.modificationDate] as? Date
                if let written, written.timeIntervalSinceNow < -86_400 { try? FileManager.default.removeItem(at: other) }
            }
        } catch {
            return
        }
    }

    /// FNV-1a, 64 bits, over 8-byte words (then the bytes left).
    static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        let words = bytes.count / 8
        for i in 0..<words { hash = (hash ^ bytes.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self)) &* 0x100_0000_01B3 }
        for byte in bytes[(words * 8)...] { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        return hash
    }
}
