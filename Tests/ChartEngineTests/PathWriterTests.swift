import Foundation
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

    @Test func plainDescriptionsPassAsTheyAreAndTheOthersAreRewritten() {
        #expect(NumberText.plainDecimal("0.123456789") == "0.123456789")
        #expect(NumberText.plainDecimal("-1234.5678") == "-1234.5678")
        #expect(NumberText.plainDecimal("12345678901234.0") == "12345678901234")
        #expect(NumberText.plainDecimal("-12.0") == "-12")
        #expect(NumberText.plainDecimal("1.25e-05") == "0.0000125")
        #expect(NumberText.plainDecimal("9.007199254740993e+15") == "9007199254740993")
        #expect(NumberText.plainDecimal("1E+2") == "100")
        #expect(NumberText.plainDecimal("0.0001") == "0.0001")
    }

    @Test func wholeCentsAreWrittenAsSwiftsShortestDigits() {
        var generator = SplitMix64(seed: 11)
        var values: [Double] = [0.29, 0.1, -0.07, 1477958400, 699.42, 86752.3, 235589.43, 1e12 + 0.01, -9_999_999_999_999.99, 0.005, 12.5, 100]
        for _ in 0..<20000 {
            let cents = Double(Int64(generator.uniform() * 2e12) - 1_000_000_000_000)
            values.append(cents / 100)
            values.append((generator.uniform() - 0.5) * pow(10, Double(Int(generator.uniform() * 16) - 3)))
        }
        for v in values where v != 0 {
            #expect(NumberText.shortest(v) == NumberText.plainDecimal(v.description), "\(v)")
        }
    }

    @Test func digitsMatchRounding() {
        #expect(NumberText.format(0.12345, digits: 2) == "0.12")
        #expect(NumberText.format(2.675, digits: 0) == "3")
        #expect(NumberText.format(-1.005, digits: 1) == "-1")
        #expect(NumberText.format(123.4, digits: 6) == "123.4")
    }
}
