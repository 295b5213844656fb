/// Largest-Triangle-Three-Buckets downsampling with Steinarsson's bucket scheme: the first and
/// last point are kept; the others fall in `threshold − 2` buckets of equal index width, and
/// from each the point forming the largest triangle with the previously kept point and the
/// next bucket's average is kept. Returns the kept indices in order.
/// For `workbench downsample` and the benchmarks; the chart draws with `ColumnThinning` (ChartEngine).
public enum LTTB {
    public static func indices(xs: [Double], ys: [Double], threshold: Int) -> [Int] {
        xs.withUnsafeBufferPointer { x in ys.withUnsafeBufferPointer { y in indices(xs: x, ys: y, threshold: threshold) } }
    }

    public static func indices(xs: UnsafeBufferPointer<Double>, ys: UnsafeBufferPointer<Double>, threshold: Int) -> [Int] {
        let n = Swift.min(xs.count, ys.count)
        if threshold >= n || threshold <= 2 {
            if threshold <= 2 && n > 2 { return threshold <= 0 ? Array(0..<n) : (threshold == 1 ? [0] : [0, n - 1]) }
            return Array(0..<n)
        }
        var kept = [Int]()
        kept.reserveCapacity(threshold)
        kept.append(0)
        let every = Double(n - 2) / Double(threshold - 2)
        var a = 0
        for bucket in 0..<(threshold - 2) {
            // Average of the next bucket (the last point when this is the last bucket).
            let nextStart = Int(Double(bucket + 1) * every) + 1
            let nextEnd = Swift.min(Int(Double(bucket + 2) * every) + 1, n)
            var avgX = 0.0, avgY = 0.0
            for j in nextStart..<nextEnd { avgX += xs[j]; avgY += ys[j] }
            let length = Double(nextEnd - nextStart)
            avgX /= length; avgY /= length

            let start = Int(Double(bucket) * every) + 1
            let end = Int(Double(bucket + 1) * every) + 1
            let ax = xs[a], ay = ys[a]
            var maxArea = -1.0
            var chosen = start
            for j in start..<end {
                // Twice the triangle's area; the factor does not change which is largest.
                let area = ((ax - avgX) * (ys[j] - ay) - (ax - xs[j]) * (avgY - ay)).magnitude
                if area > maxArea { maxArea = area; chosen = j }
            }
            kept.append(chosen)
            a = chosen
        }
        kept.append(n - 1)
        return kept
    }
}
