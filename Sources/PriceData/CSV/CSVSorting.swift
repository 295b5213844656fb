extension CSVImport {
    /// Stable sort by time; of rows sharing a time the last one read wins.
    static func sortKeepingLast(_ times: [Int64], _ prices: [Double]) -> ([Int64], [Double], Int, Bool) {
        let order = times.indices.sorted { times[$0] < times[$1] || (times[$0] == times[$1] && $0 < $1) }
        var wasUnordered = false
        for k in 1..<Swift.max(1, times.count) where times[k] < times[k - 1] { wasUnordered = true; break }
        var t: [Int64] = [], p: [Double] = []
        t.reserveCapacity(times.count); p.reserveCapacity(times.count)
        var duplicates = 0
        for i in order {
            if let last = t.last, last == times[i] { p[p.count - 1] = prices[i]; duplicates += 1; continue }
            t.append(times[i]); p.append(prices[i])
        }
        return (t, p, duplicates, wasUnordered)
    }
}
