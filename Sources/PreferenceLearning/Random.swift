/// A small seeded generator (SplitMix64): deterministic, Codable, not for secrets.
public struct SplitMix64: RandomNumberGenerator, Codable, Sendable, Equatable {
    public private(set) var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    public mutating func uniform() -> Double { Double(next() >> 11) * 0x1.0p-53 }

    /// Uniform integer in 0..<n.
    public mutating func index(_ n: Int) -> Int { Int(next() % UInt64(max(1, n))) }

    /// Standard normal (Box–Muller).
    public mutating func normal() -> Double {
        let u1 = max(uniform(), 0x1.0p-60), u2 = uniform()
        return (-2 * Foundation.log(u1)).squareRoot() * Foundation.cos(2 * Double.pi * u2)
    }
}

import Foundation
