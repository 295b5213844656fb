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

    public init(prices: PriceColumn) {
        update(prices: prices, from: 0)
    }

    /// Brings the index up to date after points were appended from `oldCount` on.
    public mutating func update(prices: PriceColumn, from oldCount: Int) {
        // Built on the stored values themselves (cents compare like the prices they stand for).
        switch prices.storage {
        case .cents(let cents): cents.withUnsafeBufferPointer { build($0, from: oldCount, isGap: { $0 == PriceColumn.gap }) }
        case .doubles(let doubles): doubles.withUnsafeBufferPointer { build($0, from: oldCount, isGap: { !$0.isFinite }) }
        }
    }

    public var gapCount: Int { gapPositions.count }

    /// Adds the complete blocks that do not exist yet: level 0 by scanning prices, higher levels
    /// by merging the level below.
    private mutating func build<T: Comparable>(_ p: UnsafeBufferPointer<T>, from oldCount: Int, isGap: (T) -> Bool) {
        let count = p.count
        for i in oldCount..<count where isGap(p[i]) { gapPositions.append(i) }
        var size = Self.fanOut
        var level = 0
        while count / size > 0 {
            if levels.count <= level { levels.append([]) }
            let complete = count / size
            let existing = levels[level].count
            if complete > existing {
                levels[level].reserveCapacity(complete)
                for block in existing..<complete {
                    levels[level].append(level == 0
                        ? Self.scan(p, block * size..<(block + 1) * size, isGap: isGap)
                        : Self.merge(levels[level - 1], children: block * Self.fanOut..<(block + 1) * Self.fanOut, prices: p))
                }
            }
            level += 1
            size *= Self.fanOut
        }
    }

    /// One pass over a block; gaps are skipped.
    @inline(__always)
    private static func scan<T: Comparable>(_ p: UnsafeBufferPointer<T>, _ range: Range<Int>, isGap: (T) -> Bool) -> Extremes {
        var i = range.lowerBound
        while i < range.upperBound && isGap(p[i]) { i += 1 }
        guard i < range.upperBound else { return Extremes(low: -1, high: -1) }
        var low = i, high = i, lo = p[i], hi = p[i]
        i += 1
        while i < range.upperBound {
            let v = p[i]
            if !isGap(v) {
                if v < lo { lo = v; low = i }
                if v > hi { hi = v; high = i }
            }
            i += 1
        }
        return Extremes(low: Int32(low), high: Int32(high))
    }

    private static func merge<T: Comparable>(_ below: [Extremes], children: Range<Int>, prices: UnsafeBufferPointer<T>) -> Extremes {
        var result = Extremes(low: -1, high: -1)
        for c in children { combine(&result, below[c], { prices[$0] }) }
        return result
    }

    /// Widens `into` by `other`; `value` reads the price at a position.
    @inline(__always)
    private static func combine<T: Comparable>(_ into: inout Extremes, _ other: Extremes, _ value: (Int) -> T) {
        guard other.low >= 0 else { return }
        if into.low < 0 || value(Int(other.low)) < value(Int(into.low)) { into.low = other.low }
        if into.high < 0 || value(Int(other.high)) > value(Int(into.high)) { into.high = other.high }
    }

    /// Positions of the lowest and highest finite price in `range`, or nil when it has none.
    public func extremes(in range: Range<Int>, prices: PriceColumn) -> (low: Int, high: Int)? {
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
                if prices[i].isFinite { Self.combine(&result, Extremes(low: Int32(i), high: Int32(i)), { prices[$0] }) }
            } else {
                Self.combine(&result, levels[level][i / size], { prices[$0] })
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
