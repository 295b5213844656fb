/// A multi-resolution index over a series (built once, like map tiles): level L holds, for each
/// complete block of 16^(L+1) points, the positions of its lowest and highest price. Any
/// range's extremes then cost O(levels × 16) instead of O(points), so a window of ten years of
/// minutes is drawn in time proportional to its pixels. About 0.5 bytes per point.
public struct MinMaxIndex: Sendable {
    static let fanOut = 16
    private(set) var levels: [[Extremes]] = []
    private(set) var gapPositions: [Int] = []  // sorted indices of non-finite prices

    struct Extremes: Sendable {
        var low: Int32   // -1 when the block holds no finite price
        var high: Int32
    }

    public init(prices: [Double]) {
        update(prices: prices, from: 0)
    }

    /// Brings the index up to date after points were appended from `oldCount` on.
    public mutating func update(prices: [Double], from oldCount: Int) {
        for i in oldCount..<prices.count where !prices[i].isFinite { gapPositions.append(i) }
        prices.withUnsafeBufferPointer { p in
            var size = Self.fanOut
            var level = 0
            while p.count / size > 0 {
                if levels.count <= level { levels.append([]) }
                let complete = p.count / size
                let existing = levels[level].count
                if complete > existing {
                    levels[level].reserveCapacity(complete)
                    for block in existing..<complete {
                        levels[level].append(level == 0
                            ? Self.scan(p, block * size..<(block + 1) * size)
                            : Self.merge(levels[level - 1], children: block * Self.fanOut..<(block + 1) * Self.fanOut, prices: p))
                    }
                }
                level += 1
                size *= Self.fanOut
            }
        }
    }

    /// One pass over a block; NaN never compares lower or higher, so gaps are skipped.
    @inline(__always)
    private static func scan(_ p: UnsafeBufferPointer<Double>, _ range: Range<Int>) -> Extremes {
        var i = range.lowerBound
        while i < range.upperBound && !p[i].isFinite { i += 1 }
        guard i < range.upperBound else { return Extremes(low: -1, high: -1) }
        var low = i, high = i, lo = p[i], hi = p[i]
        i += 1
        while i < range.upperBound {
            let v = p[i]
            if v < lo { lo = v; low = i }
            if v > hi { hi = v; high = i }
            i += 1
        }
        return Extremes(low: Int32(low), high: Int32(high))
    }

    private static func merge(_ below: [Extremes], children: Range<Int>, prices p: UnsafeBufferPointer<Double>) -> Extremes {
        var result = Extremes(low: -1, high: -1)
        for c in children { combine(&result, below[c], p) }
        return result
    }

    @inline(__always)
    private static func combine(_ into: inout Extremes, _ other: Extremes, _ p: UnsafeBufferPointer<Double>) {
        guard other.low >= 0 else { return }
        if into.low < 0 || p[Int(other.low)] < p[Int(into.low)] { into.low = other.low }
        if into.high < 0 || p[Int(other.high)] > p[Int(into.high)] { into.high = other.high }
    }

    /// Positions of the lowest and highest finite price in `range`, or nil when it has none.
    public func extremes(in range: Range<Int>, prices: UnsafeBufferPointer<Double>) -> (low: Int, high: Int)? {
        var result = Extremes(low: -1, high: -1)
        var i = range.lowerBound
        while i < range.upperBound {
            // The largest complete, aligned block starting at i that fits in the range.
            var level = -1, size = 1
            while level + 1 < levels.count {
                let next = size * Self.fanOut
                guard i % next == 0, i + next <= range.upperBound, i / next < levels[level + 1].count else { break }
                level += 1
                size = next
            }
            if level < 0 {
                if prices[i].isFinite { Self.combine(&result, Extremes(low: Int32(i), high: Int32(i)), prices) }
            } else {
                Self.combine(&result, levels[level][i / size], prices)
            }
            i += size
        }
        return result.low >= 0 ? (Int(result.low), Int(result.high)) : nil
    }

    /// Whether any price in `range` is a gap.
    public func containsGap(_ range: Range<Int>) -> Bool {
        var lo = 0, hi = gapPositions.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if gapPositions[mid] < range.lowerBound { lo = mid + 1 } else { hi = mid }
        }
        return lo < gapPositions.count && gapPositions[lo] < range.upperBound
    }

    public var residentBytes: Int {
        levels.reduce(0) { $0 + $1.capacity * MemoryLayout<Extremes>.stride } + gapPositions.capacity * 8
    }
}
