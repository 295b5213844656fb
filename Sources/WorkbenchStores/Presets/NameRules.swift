import ChartEngine
import Foundation

/// Names as people read them, for presets and people alike: NFC, no character that is invisible
/// or moves text around (controls, format characters such as zero-width spaces and bidi
/// overrides, line and paragraph separators), and two names that read the same (differing only
/// by case or by such characters) are one name.
package enum NameRules {
    /// The first character a name may not hold, in words ("contains U+200B ZERO WIDTH SPACE"); nil when there is none.
    package static func refusal(_ name: String) -> String? {
        for scalar in name.unicodeScalars where isRefused(scalar) {
            return "contains \(describe(scalar))"
        }
        return nil
    }

    package static func isRefused(_ scalar: Unicode.Scalar) -> Bool {
        // The zero-width joiner is how emoji are spelled (👩‍💻): kept, though names compare without it.
        if scalar.value == 0x200D { return false }
        return InvisibleText.isInvisible(scalar) || blankLetters.contains(scalar.value)
    }

    /// Letters and symbols drawn as blank space that no invisible category catches: the Braille blank
    /// (a symbol, "Ben⠀" read as "Ben" and was a new person) and the Hangul fillers, which only
    /// legacy encodings need.
    static let blankLetters: Set<UInt32> = [0x2800, 0x115F, 0x1160, 0x3164, 0xFFA0]

    /// "U+200B ZERO WIDTH SPACE" (controls have no name: their alias or "control character").
    package static func describe(_ scalar: Unicode.Scalar) -> String {
        let code = InvisibleText.codePoint(scalar)
        let name = scalar.properties.name ?? scalar.properties.nameAlias ?? (scalar.properties.generalCategory == .control ? "control character" : nil)
        return name.map { "\(code) \($0)" } ?? code
    }

    /// What two names that read the same share: NFC, case-folded, without ignorable characters.
    package static func key(_ name: String) -> String {
        let kept = String(String.UnicodeScalarView(name.precomposedStringWithCanonicalMapping.unicodeScalars.filter { !isRefused($0) && !$0.properties.isDefaultIgnorableCodePoint }))
        return kept.folding(options: [.caseInsensitive, .widthInsensitive], locale: nil).precomposedStringWithCanonicalMapping
    }
}
