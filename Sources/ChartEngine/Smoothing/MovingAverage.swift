/// Centred moving average over an odd window; the ends are clamped to the first/last value.
/// Summed directly rather than with a running sum, so values of very different magnitudes
/// cannot cancel each other's precision away.
struct MovingAverage {
    let window: Int

    func smooth(_ run: UnsafeBufferPointer<Double>, into out: UnsafeMutableBufferPointer<Double>) {
        let size = Swift.max(1, window | 1)  // odd, at least 1
        ClampedKernel(weights: Array(repeating: 1, count: size), divisor: Double(size)).smooth(run, into: out)
    }
}
