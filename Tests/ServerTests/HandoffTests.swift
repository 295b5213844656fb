import ChartEngine
import Testing
@testable import WorkbenchExports

@Suite struct HandoffTests {
    @Test func valueNamesNeverUseKeywordsOrMembers() {
        #expect(CodeName.valueName("Default") == "defaultStyle")
        #expect(CodeName.valueName("in") == "inStyle")
        #expect(CodeName.valueName("Return") == "returnStyle")
        #expect(CodeName.valueName("line colour") == "lineColour")
        #expect(CodeName.valueName("Line color") == "lineColorStyle")  // a ChartStyle member
        #expect(CodeName.valueName("Designer's favourite") == "designersFavourite")
        #expect(CodeName.valueName("🚀") == "preset")
        #expect(CodeName.valueName("1st") == "p1st")
    }

    @Test func kotlinBlockCommentsCannotOpenOrCloseAComment() {
        #expect(CodeString.blockComment("a /* b */ c") == "a / * b * / c")
    }

    @Test func crc32MatchesTheStandardCheckValue() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum([]) == 0)
    }

    @Test func zipHasLocalHeadersACentralDirectoryAndItsEnd() {
        var archive = ZipArchive()
        archive.add(path: "a/b.txt", contents: Array("hello".utf8))
        archive.add(path: "c.json", contents: Array("{}".utf8))
        let data = archive.data
        #expect(Array(data.prefix(4)) == [0x50, 0x4B, 0x03, 0x04])
        let end = Array(data.suffix(22))
        #expect(Array(end.prefix(4)) == [0x50, 0x4B, 0x05, 0x06])
        #expect(end[10] == 2)  // two entries
    }

    @Test func springInEachPlatformsTermsDescribesTheSameOscillator() throws {
        var style = ChartStyle()
        style.easing = .spring
        style.springDamping = 0.4
        style.animationDuration = 0.6
        let spring = try #require(MotionExport(style: style).spring)
        // SwiftUI Spring(duration:bounce:) → stiffness (2π/d)², damping 4π(1−b)/d.
        let d = spring.perceptualDuration, b = spring.bounce
        let k = (2 * Double.pi / d) * (2 * Double.pi / d)
        let c = 4 * Double.pi * (1 - b) / d
        #expect(abs(k - spring.stiffness) < 1e-9 * spring.stiffness)
        #expect(abs(c - spring.damping) < 1e-9 * spring.damping)
        #expect(abs(spring.damping - 2 * 0.4 * spring.stiffness.squareRoot()) < 1e-9)
    }

    @Test func aBezierEasingIsExportedAsABezier() {
        var style = ChartStyle()
        style.easing = .easeOut
        let motion = MotionExport(style: style)
        #expect(motion.spring == nil)
        #expect(motion.cssTimingFunction().text == "cubic-bezier(0, 0, 0.58, 1)")
    }

    @Test func cssLinearStopsStayWithinTheirToleranceOfTheEasing() {
        var style = ChartStyle()
        style.easing = .spring
        style.springDamping = 0.05
        let easing = style.easingFunction
        let css = MotionExport.cssLinear(easing)
        // Parse the stops back and check the straight segments between them on a finer grid.
        let body = css.text.dropFirst("linear(".count).dropLast()
        var stops: [(x: Double, y: Double)] = []
        for (i, part) in body.split(separator: ",").enumerated() {
            let fields = part.split(separator: " ")
            let y = Double(fields[0])!
            let x = i == 0 ? 0 : Double(fields[1].dropLast())! / 100
            stops.append((x, y))
        }
        #expect(stops.count == css.stops && stops.count < 2000)
        var worst = 0.0
        for i in 0..<40_000 {
            let x = (Double(i) + 0.5) / 40_000
            guard let j = stops.lastIndex(where: { $0.x <= x }), j + 1 < stops.count else { continue }
            let a = stops[j], b = stops[j + 1]
            let y = b.x > a.x ? a.y + (b.y - a.y) * (x - a.x) / (b.x - a.x) : b.y
            worst = max(worst, abs(y - easing(x)))
        }
        #expect(worst <= 1e-3)
    }
}
