/// How the inactive line's values are smoothed. Every method keeps the count, and
/// gaps (non-finite values) split the series into runs that are smoothed on their own, so a
/// smoothed value never mixes prices from both sides of a gap.
public enum Smoothing: Sendable, Equatable {
    case none
    case movingAverage(window: Int)
    case exponential(alpha: Double)
    case gaussian(sigma: Double)

    public func apply(_ values: [Double]) -> [Double] {
        if case .none = self { return values }
        var output = values
        values.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                var start = 0
                while start < input.count {
                    guard input[start].isFinite else { start += 1; continue }
                    var end = start
                    while end < input.count && input[end].isFinite { end += 1 }
                    let run = UnsafeBufferPointer(rebasing: input[start..<end])
                    let target = UnsafeMutableBufferPointer(rebasing: out[start..<end])
                    smoothRun(run, into: target)
                    start = end
                }
            }
        }
        return output
    }

    private func smoothRun(_ run: UnsafeBufferPointer<Double>, into out: UnsafeMutableBufferPointer<Double>) {
        switch self {
        case .none: break
        case .movingAverage(let window): MovingAverage(window: window).smooth(run, into: out)
        case .exponential(let alpha): ExponentialSmoothing(alpha: alpha).smooth(run, into: out)
        case .gaussian(let sigma): GaussianSmoothing(sigma: sigma).smooth(run, into: out)
        }
    }
}

/// A weighted window whose indices beyond the ends are clamped to the first/last value. The
/// weighted sum is divided by `divisor` last, so an equal-weight window is an exact mean.
struct ClampedKernel {
    let weights: [Double]  // weights[k] applies to offset k - radius; they sum to `divisor`
    var divisor = 1.0
    var radius: Int { weights.count / 2 }

    func smooth(_ run: UnsafeBufferPointer<Double>, into out: UnsafeMutableBufferPointer<Double>) {
        let n = run.count, r = radius
        guard n > 0 else { return }
        weights.withUnsafeBufferPointer { w in
            for i in 0..<n {
                var sum = 0.0
                if i >= r && i + r < n {
                    for k in 0..<w.count { sum += w[k] * run[i - r + k] }
                } else {
                    for k in 0..<w.count { sum += w[k] * run[Swift.min(Swift.max(i - r + k, 0), n - 1)] }
                }
                out[i] = sum / divisor
            }
        }
    }
}
