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
    @inline(__always)
    static func extremes(_ ys: UnsafeBufferPointer<Double>, _ range: Range<Int>) -> (Int, Int)? {
        var lo = Double.infinity, hi = -Double.infinity
        // First pass on values only (vectorises), second pass finds where they are.
        for i in range {
            let v = ys[i]
            lo = v < lo ? v : lo
            hi = v > hi ? v : hi
        }
        guard lo <= hi else { return nil }
        var minIndex = -1, maxIndex = -1
        for i in range {
            let v = ys[i]
            if minIndex < 0 && v == lo { minIndex = i }
            if maxIndex < 0 && v == hi { maxIndex = i }
            if minIndex >= 0 && maxIndex >= 0 { break }
        }
        return (minIndex, maxIndex)
    }

    @inline(__always)
    static func appendOrdered(_ a: Int, _ b: Int, to kept: inout [Int]) {
        if a == b { kept.append(a) } else if a < b { kept.append(a); kept.append(b) } else { kept.append(b); kept.append(a) }
    }
}
