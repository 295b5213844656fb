import Foundation

/// The standard normal's density, distribution and the ratio φ/Φ, computed stably far in the tails.
enum Normal {
    static let invSqrt2Pi = 0.398_942_280_401_432_7

    @inline(__always) static func pdf(_ z: Double) -> Double { invSqrt2Pi * exp(-0.5 * z * z) }

    @inline(__always) static func cdf(_ z: Double) -> Double { 0.5 * erfc(-z / 2.0.squareRoot()) }

    /// log Φ(z).
    static func logCDF(_ z: Double) -> Double {
        if z > -10 { return log(cdf(z)) }
        // Φ(z) ≈ φ(z)/|z| · (1 − 1/z² + 3/z⁴ − 15/z⁶)
        let z2 = z * z
        return -0.5 * z2 - log(-z) - 0.5 * log(2 * Double.pi) + log(1 - 1 / z2 + 3 / (z2 * z2) - 15 / (z2 * z2 * z2))
    }

    /// φ(z)/Φ(z) (the inverse Mills ratio of −z).
    static func ratio(_ z: Double) -> Double {
        if z > -10 { return pdf(z) / cdf(z) }
        let z2 = z * z
        return -z / (1 - 1 / z2 + 3 / (z2 * z2) - 15 / (z2 * z2 * z2))
    }
}
