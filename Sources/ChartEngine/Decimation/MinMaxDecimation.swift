/// Min/max decimation: the index range is cut into equal buckets and each keeps its lowest and
/// highest point, in index order, so no visible extreme is lost.
public enum MinMaxDecimation {
    /// Kept indices for about `threshold` output points (two per bucket).
    public static func indices(ys: [Double], threshold: Int) -> [Int] {
        ys.withUnsafeBufferPointer { indices(ys: $0, range: 0..<$0.count, buckets: Swift.max(1, threshold / 2)) }
    }

    public static func indices(ys: UnsafeBufferPointer<Double>, range: Range<Int>, buckets: Int) -> [Int] {
        let n = range.count
        if n <= buckets * 2 { return Array(range) }
        var kept = [Int]()
        kept.reserveCapacity(buckets * 2)
        for b in 0..<buckets {
            let lo = range.lowerBound + n * b / buckets
            let hi = range.lowerBound + n * (b + 1) / buckets
            guard let (minIndex, maxIndex) = extremes(ys, lo..<hi) else { continue }
            appendOrdered(minIndex, maxIndex, to: &kept)
        }
        return kept
    }

    /// Indices of the lowest and highest finite value in `range`, or nil when it holds none.
    /// Eight lanes at once: each lane keeps its own extreme and where it was, then the lanes
    /// are merged (first occurrence wins on ties, as a plain scan would).
    @inline(__always)
    static func extremes(_ ys: UnsafeBufferPointer<Double>, _ range: Range<Int>) -> (Int, Int)? {
        typealias Lanes = SIMD8<Double>
        typealias Positions = SIMD8<Int64>
        var i = range.lowerBound
        var lo = Lanes(repeating: .infinity), hi = Lanes(repeating: -.infinity)
        var loAt = Positions(repeating: -1), hiAt = Positions(repeating: -1)
        if range.count >= 64, let base = ys.baseAddress {
            var at = Positions(0, 1, 2, 3, 4, 5, 6, 7) &+ Positions(repeating: Int64(i))
            let step = Positions(repeating: 8)
            let raw = UnsafeRawPointer(base)
            while i + 8 <= range.upperBound {
                let v = raw.loadUnaligned(fromByteOffset: i * 8, as: Lanes.self)
                let lower = v .< lo, higher = v .> hi
                lo.replace(with: v, where: lower); loAt.replace(with: at, where: lower)
                hi.replace(with: v, where: higher); hiAt.replace(with: at, where: higher)
                at &+= step
                i += 8
            }
        }
        var low = -1, high = -1, lowValue = Double.infinity, highValue = -Double.infinity
        for lane in 0..<8 where loAt[lane] >= 0 {
            if lo[lane] < lowValue || (lo[lane] == lowValue && Int(loAt[lane]) < low) { lowValue = lo[lane]; low = Int(loAt[lane]) }
            if hi[lane] > highValue || (hi[lane] == highValue && Int(hiAt[lane]) < high) { highValue = hi[lane]; high = Int(hiAt[lane]) }
        }
        while i < range.upperBound {
            let v = ys[i]
            if v < lowValue { lowValue = v; low = i }
            if v > highValue { highValue = v; high = i }
            i += 1
        }
        return low >= 0 ? (low, high) : nil
    }

    @inline(__always)
    static func appendOrdered(_ a: Int, _ b: Int, to kept: inout [Int]) {
        if a == b { kept.append(a) } else if a < b { kept.append(a); kept.append(b) } else { kept.append(b); kept.append(a) }
    }
}
