/// Min/max decimation: the index range is cut into equal buckets and each keeps its lowest and
/// highest point, in index order, so no visible extreme is lost.
/// For `workbench downsample` and the benchmarks; the chart draws with `ColumnThinning` (ChartEngine).
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

    /// Indices of the lowest and highest finite value in `range` (first occurrence), or nil
    /// when it holds none. The values are scanned in chunks of 256 with four independent
    /// accumulators (no position bookkeeping, so it runs at memory speed), remembering which
    /// chunk held each extreme; only those two chunks are searched for the position.
    /// NaN never compares lower or higher, so gaps are skipped.
    @inline(__always)
    static func extremes(_ ys: UnsafeBufferPointer<Double>, _ range: Range<Int>) -> (Int, Int)? {
        let chunk = 256
        var lowValue = Double.infinity, highValue = -Double.infinity
        var lowChunk = range.lowerBound, highChunk = range.lowerBound
        var start = range.lowerBound
        while start < range.upperBound {
            let end = Swift.min(start &+ chunk, range.upperBound)
            var l0 = Double.infinity, l1 = l0, l2 = l0, l3 = l0
            var h0 = -Double.infinity, h1 = h0, h2 = h0, h3 = h0
            var i = start
            while i &+ 4 <= end {
                let a = ys[i], b = ys[i &+ 1], c = ys[i &+ 2], d = ys[i &+ 3]
                l0 = a < l0 ? a : l0; l1 = b < l1 ? b : l1; l2 = c < l2 ? c : l2; l3 = d < l3 ? d : l3
                h0 = a > h0 ? a : h0; h1 = b > h1 ? b : h1; h2 = c > h2 ? c : h2; h3 = d > h3 ? d : h3
                i &+= 4
            }
            while i < end {
                let v = ys[i]
                l0 = v < l0 ? v : l0
                h0 = v > h0 ? v : h0
                i &+= 1
            }
            let l = Swift.min(Swift.min(l0, l1), Swift.min(l2, l3)), h = Swift.max(Swift.max(h0, h1), Swift.max(h2, h3))
            if l < lowValue { lowValue = l; lowChunk = start }
            if h > highValue { highValue = h; highChunk = start }
            start = end
        }
        guard lowValue <= highValue else { return nil }
        var low = lowChunk, high = highChunk
        while ys[low] != lowValue { low &+= 1 }
        while ys[high] != highValue { high &+= 1 }
        return (low, high)
    }

    @inline(__always)
    static func appendOrdered(_ a: Int, _ b: Int, to kept: inout [Int]) {
        if a == b { kept.append(a) } else if a < b { kept.append(a); kept.append(b) } else { kept.append(b); kept.append(a) }
    }
}
