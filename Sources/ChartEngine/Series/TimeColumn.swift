/// Times of a series (Unix seconds, increasing). A regular series — one point a minute, say —
/// is stored as its start and step, costing nothing per point; anything else as an array.
public struct TimeColumn: RandomAccessCollection, Sendable, Equatable {
    enum Storage: Sendable, Equatable {
        case regular(start: Int64, step: Int64, count: Int)
        case explicit([Int64])
    }

    private(set) var storage: Storage

    public init(_ times: [Int64]) {
        if times.count >= 2, times[1] > times[0] {
            let step = times[1] - times[0]
            var regular = true
            for i in 2..<times.count where times[i] - times[i - 1] != step { regular = false; break }
            storage = regular ? .regular(start: times[0], step: step, count: times.count) : .explicit(times)
        } else {
            storage = .explicit(times)
        }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int {
        switch storage {
        case .regular(_, _, let count): count
        case .explicit(let times): times.count
        }
    }

    @inline(__always)
    public subscript(i: Int) -> Int64 {
        switch storage {
        case .regular(let start, let step, _): start + Int64(i) * step
        case .explicit(let times): times[i]
        }
    }

    /// Appends a later time; a regular column stays regular while the step holds.
    mutating func append(_ time: Int64) {
        switch storage {
        case .regular(let start, let step, let count) where time == start + Int64(count) * step:
            storage = .regular(start: start, step: step, count: count + 1)
        case .regular:
            storage = .explicit(Array(self) + [time])
        case .explicit(var times):
            storage = .explicit([])  // release the reference so the append does not copy
            times.append(time)
            storage = times.count == 2 ? TimeColumn(times).storage : .explicit(times)
        }
    }

    /// First index whose time is ≥ `time`.
    public func firstIndex(atOrAfter time: Int64) -> Int {
        if case .regular(let start, let step, let count) = storage {
            guard time > start else { return 0 }
            return Swift.min(count, Int((time - start + step - 1) / step))
        }
        var lo = 0, hi = count
        while lo < hi {
            let mid = (lo + hi) / 2
            if self[mid] < time { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// First index in `range` whose time is ≥ `time` (`range.upperBound` when none is).
    public func firstIndex(atOrAfter time: Int64, in range: Range<Int>) -> Int {
        if case .regular = storage { return Swift.min(Swift.max(firstIndex(atOrAfter: time), range.lowerBound), range.upperBound) }
        var lo = range.lowerBound, hi = range.upperBound
        while lo < hi {
            let mid = (lo + hi) / 2
            if self[mid] < time { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    var residentBytes: Int {
        if case .explicit(let times) = storage { return times.capacity * 8 }
        return 0
    }
}
