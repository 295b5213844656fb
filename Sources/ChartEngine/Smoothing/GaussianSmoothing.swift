import Foundation

/// Gaussian smoothing: a normalised kernel of σ truncated at 4σ (radius ⌊4σ + ½⌋, as
/// scipy.ndimage does), ends clamped like the moving average.
struct GaussianSmoothing {
    let sigma: Double

    var kernel: ClampedKernel {
        let radius = Swift.max(0, Int(4 * sigma + 0.5))
        let raw = (-radius...radius).map { k in exp(-0.5 * Double(k * k) / (sigma * sigma)) }
        let total = raw.reduce(0, +)
        return ClampedKernel(weights: raw.map { $0 / total })
    }

    func smooth(_ run: UnsafeBufferPointer<Double>, into out: UnsafeMutableBufferPointer<Double>) {
        kernel.smooth(run, into: out)
    }
}
