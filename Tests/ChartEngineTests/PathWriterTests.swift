import Testing
@testable import ChartEngine

@Suite struct PathWriterTests {
    @Test func fixedDigitsTrimZerosAndNeverWriteNegativeZero() {
        var w = PathWriter(digits: 3)
        w.moveTo(1.5, -0.0001)
        w.lineTo(2.0, 1.23456)
        w.lineTo(-0.0004, 100)
        #expect(w.text == "M1.5,0L2,1.235L0,100")
    }

    @Test func largeAndTinyNumbersHaveNoExponent() {
        #expect(NumberText.shortest(1e21) == "1000000000000000000000")
        #expect(NumberText.shortest(1.5e-7) == "0.00000015")
        #expect(NumberText.shortest(-2.5e-8) == "-0.000000025")
        #expect(NumberText.shortest(-0.0) == "0")
        #expect(NumberText.format(1e17, digits: 3) == "100000000000000000")
        var w = PathWriter(digits: 2)
        w.moveTo(1e18, 3)
        #expect(w.text == "M1000000000000000000,3")
    }

    @Test func shortestFormRoundTrips() {
        var generator = SplitMix64(seed: 7)
        for _ in 0..<2000 {
            let magnitude = pow(10, Double(Int(generator.uniform() * 24) - 10))
            let v = (generator.uniform() - 0.5) * magnitude
            let text = NumberText.shortest(v)
            #expect(!text.contains("e"))
            #expect(Double(text) == v, "\(v) → \(text)")
        }
    }

    @Test func digitsMatchRounding() {
        #expect(NumberText.format(0.12345, digits: 2) == "0.12")
        #expect(NumberText.format(2.675, digits: 0) == "3")
        #expect(NumberText.format(-1.005, digits: 1) == "-1")
        #expect(NumberText.format(123.4, digits: 6) == "123.4")
    }
}

import Foundation

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
