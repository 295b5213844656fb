import Testing
@testable import ChartEngine

@Suite struct ReadabilityTests {
    func color(_ hex: String) -> SRGBColor { SRGBColor(hex: hex)! }

    @Test func parsesOnlyHashAndSixHexDigits() {
        #expect(SRGBColor(hex: "#ff8000") == SRGBColor(red: 1, green: 128.0 / 255, blue: 0))
        #expect(SRGBColor(hex: "#FF8000")?.hex == "#FF8000")
        for bad in ["", "#", "FF8000", "#FF800", "#FF80000", "#GG8000", "#ff 800", "#+F8000", "#ＦF8000"] {
            #expect(SRGBColor(hex: bad) == nil, "\(bad)")
        }
    }

    @Test func wcagContrastKnownValues() {
        #expect(abs(WCAGContrast.ratio(color("#FFFFFF"), color("#000000")) - 21) < 1e-12)
        #expect(WCAGContrast.ratio(color("#777777"), color("#FFFFFF")) == WCAGContrast.ratio(color("#FFFFFF"), color("#777777")))
        #expect(abs(WCAGContrast.ratio(color("#777777"), color("#FFFFFF")) - 4.47809) < 1e-5)  // WebAIM: 4.47:1, just failing text
        #expect(abs(WCAGContrast.ratio(color("#767676"), color("#FFFFFF")) - 4.54222) < 1e-5)  // the lightest grey passing 4.5:1
        #expect(WCAGContrast.ratio(color("#3A7BD5"), color("#3A7BD5")) == 1)
        // Below the 0.04045 threshold the decoding is linear: #0A0A0A is 10/255/12.92.
        #expect(abs(WCAGContrast.relativeLuminance(color("#0A0A0A")) - 10.0 / 255 / 12.92) < 1e-15)
        #expect(abs(WCAGContrast.relativeLuminance(color("#FF0000")) - 0.2126) < 1e-12)
    }

    @Test func labOfSRGBAsColourScience() {
        // colour.XYZ_to_Lab(colour.sRGB_to_XYZ(...)) of #F7931A: 69.9766, 30.2713, 71.0708.
        let lab = CIELAB(color("#F7931A"))
        #expect(abs(lab.L - 69.9766) < 1e-3 && abs(lab.a - 30.2713) < 1e-3 && abs(lab.b - 71.0708) < 1e-3)
        let white = CIELAB(color("#FFFFFF"))
        #expect(abs(white.L - 100) < 1e-3 && abs(white.a) < 0.02 && abs(white.b) < 0.02)
        #expect(CIELAB(color("#000000")) == CIELAB(L: 0, a: 0, b: 0))
    }

    /// Pairs from Sharma, Wu & Dalal (2005), table 1, with their ΔE00 to four decimals.
    @Test func ciede2000SharmaTestData() {
        let pairs: [((Double, Double, Double), (Double, Double, Double), Double)] = [
            ((50, 2.6772, -79.7751), (50, 0, -82.7485), 2.0425),
            ((50, 3.1571, -77.2803), (50, 0, -82.7485), 2.8615),
            ((50, 0, 0), (50, -1, 2), 2.3669),
            ((50, 2.49, -0.001), (50, -2.49, 0.0011), 7.2195),  // mean hue across 0°/360°
            ((50, 2.5, 0), (73, 25, -18), 27.1492),
            ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
            ((2.0776, 0.0795, -1.135), (0.9033, -0.0636, -0.5514), 0.9082),
        ]
        for (a, b, expected) in pairs {
            let one = CIELAB(L: a.0, a: a.1, b: a.2), two = CIELAB(L: b.0, a: b.1, b: b.2)
            #expect(abs(CIEDE2000.difference(one, two) - expected) < 5e-5, "\(a) \(b)")
            #expect(abs(CIEDE2000.difference(two, one) - expected) < 5e-5, "symmetric \(a) \(b)")
        }
        #expect(CIEDE2000.difference(CIELAB(L: 40, a: 0, b: 0), CIELAB(L: 40, a: 0, b: 0)) == 0)
    }

    /// colour-science: XYZ_to_Lab(RGB_to_XYZ(clip(vector_dot(matrix_cvd_Machado2009(d, 1), eotf_sRGB(rgb)), 0, 1))).
    @Test func machadoSimulationAsColourScience() {
        let expected: [(String, ColorVision, (Double, Double, Double))] = [
            ("#F7931A", .protanopia, (64.6386, -5.3835, 68.0029)),
            ("#F7931A", .deuteranopia, (73.1122, -6.598, 70.9887)),
            ("#F7931A", .tritanopia, (67.3426, 50.1649, 22.5442)),
            ("#FF0000", .protanopia, (40.2903, -3.6731, 47.4757)),
            ("#00FF00", .deuteranopia, (85.3546, -7.1996, 74.3943)),
            ("#0000FF", .tritanopia, (42.3851, -9.7545, -30.395)),
        ]
        for (hex, vision, lab) in expected {
            let seen = vision.lab(color(hex))
            #expect(abs(seen.L - lab.0) < 1e-3 && abs(seen.a - lab.1) < 1e-3 && abs(seen.b - lab.2) < 1e-3, "\(hex) \(vision)")
        }
        #expect(ColorVision.none.simulate(color("#F7931A")).hex == "#F7931A")
        // Greys stay grey (each matrix's rows sum to 1, within the published rounding).
        for vision in ColorVision.allCases {
            #expect(vision.simulate(color("#808080")).hex == "#808080", "\(vision)")
        }
    }

    @Test func reportOfTheDefaultStyle() {
        let report = ReadabilityReport(style: ChartStyle())
        #expect(!report.pass)
        #expect(report.backgrounds.map(\.color) == ["#FFFFFF", "#0F1115"])
        // Every element against both backgrounds; the line at rest and pressed with its widths.
        #expect(report.contrast.count == 12)
        let line = report.contrast.filter { $0.element == "line" && $0.background == .light }
        #expect(line.map(\.state) == [.rest, .active] && line.map(\.size) == [4, 2])
        #expect(line.allSatisfy { !$0.pass && abs($0.ratio - 2.29) < 0.01 && $0.threshold == 3 })
        let time = report.contrast.first { $0.element == "labelTime" && $0.background == .light }!
        #expect(time.color == Color.mix("#FFFFFF", "#15171C", 0.65) && time.kind == .text && time.threshold == 4.5)
        #expect(report.failures.contains("Line #F7931A on light (at rest, 4 px): 2.29:1, needs 3:1"))
        #expect(report.failures.contains("Trailing line #B8B8B8 on light (pressed, 2 px): 1.98:1, needs 3:1"))
        // Line vs trailing once (no background), line vs fill over each background; four visions each.
        #expect(report.distinctness.filter { $0.pair == "line-trailing" }.map(\.background) == [nil, nil, nil, nil])
        #expect(report.distinctness.filter { $0.pair == "line-fill" }.count == 8)
        let fill = report.distinctness.first { $0.pair == "line-fill" && $0.background == .light && $0.vision == .deuteranopia }!
        #expect(fill.second.color == Color.mix("#FFFFFF", "#F7931A", 0.7) && !fill.pass)
        #expect(report.failures.count == report.contrast.filter { !$0.pass }.count + report.distinctness.filter { !$0.pass }.count)
    }

    @Test func aReadableStylePassesAndOptionalPartsDropOut() {
        var style = ChartStyle()
        style.lineColor = "#1F6FEB"; style.trailingColor = "#8A6D00"; style.indicatorColor = "#C2185B"
        style.fillColor = "#1F6FEB"; style.fillTopOpacity = 0.2
        let report = ReadabilityReport(style: style)
        #expect(report.pass, "\(report.failures)")
        #expect(report.failures.isEmpty)
        style.labelEnabled = false
        style.fillEnabled = false
        let without = ReadabilityReport(style: style)
        #expect(!without.contrast.contains { $0.element.hasPrefix("label") })
        #expect(!without.distinctness.contains { $0.pair == "line-fill" })
    }

    @Test func failuresNeverRoundUpToTheThreshold() {
        #expect(ReadabilityReport.ratio(2.999) == "2.99")
        #expect(ReadabilityReport.ratio(4.5) == "4.5")
    }
}
