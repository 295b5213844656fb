/// Exponential smoothing: s₀ = x₀, sᵢ = α·xᵢ + (1−α)·sᵢ₋₁.
struct ExponentialSmoothing {
    let alpha: Double

    func smooth(_ run: UnsafeBufferPointer<Double>, into out: UnsafeMutableBufferPointer<Double>) {
        guard let first = run.first else { return }
        var s = first
        out[0] = s
        for i in 1..<run.count {
            s = alpha * run[i] + (1 - alpha) * s
            out[i] = s
        }
    }
}
