import Testing
@testable import WorkbenchKit
import ChartEngine

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

    @Test func springInEachPlatformsTermsDescribesTheSameOscillator() {
        var style = ChartStyle()
        style.easing = .spring
        style.springDamping = 0.4
        style.animationDuration = 0.6
        let motion = SpringMotion(style: style)
        // SwiftUI Spring(duration:bounce:) → stiffness (2π/d)², damping 4π(1−b)/d.
        let d = motion.swiftUIDuration, b = motion.swiftUIBounce
        #expect(abs((2 * Double.pi / d) * (2 * Double.pi / d) - motion.stiffness) < 1e-9 * motion.stiffness)
        #expect(abs(4 * Double.pi * (1 - b) / d - motion.dampingCoefficient) < 1e-9 * motion.dampingCoefficient)
        #expect(abs(motion.dampingCoefficient - 2 * 0.4 * motion.stiffness.squareRoot()) < 1e-9)
    }
}
