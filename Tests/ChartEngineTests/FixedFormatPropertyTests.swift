import Foundation
import Testing
@testable import ChartEngine

@Suite struct FixedFormatPropertyTests {
    /// Every magnitude and digit count: the text reads back within half a unit of the last
    /// digit, has no trailing zeros or exponent, and agrees with printf's rounding except at ties.
    @Test func fixedFormatAgreesWithPrintf() {
        var generator = SplitMix64(seed: 77)
        for _ in 0..<20_000 {
            let digits = Int(generator.uniform() * 13)
            let magnitude = pow(10, Double(Int(generator.uniform() * 16)) - 3)
            let value = (generator.uniform() - 0.3) * magnitude
            guard abs(value) * pow(10, Double(digits)) < 9e15 else { continue }
            let text = NumberText.format(value, digits: digits)
            #expect(!text.contains("e") && !(text.contains(".") && text.hasSuffix("0")) && text != "-0")
            let unit = pow(10, -Double(digits))
            #expect(abs(Double(text)! - value) <= unit / 2 * (1 + 1e-9) + abs(value) * 1e-15, "\(value) at \(digits): \(text)")
            var reference = String(format: "%.\(digits)f", value)
            if reference.contains(".") { while reference.hasSuffix("0") { reference.removeLast() }; if reference.hasSuffix(".") { reference.removeLast() } }
            if reference == "-0" { reference = "0" }
            // Near a tie, or where value × 10^digits is beyond double precision, either rounding is right.
            let scaled = abs(value * pow(10, Double(digits)))
            let tie = abs(scaled.truncatingRemainder(dividingBy: 1) - 0.5) < 1e-9 + scaled * 4.5e-16
            #expect(tie || reference == text, "\(value) at \(digits): \(text) vs printf \(reference)")
        }
    }
}
