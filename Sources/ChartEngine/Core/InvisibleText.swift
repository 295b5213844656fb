/// Characters that change how text reads without being seen: controls (Cc, U+0085 among them),
/// format characters (Cf: bidi embeddings, overrides and isolates, zero-width spaces and marks,
/// the byte-order mark) and the line and paragraph separators. Text that reaches code, tokens or
/// a page never carries them raw (Trojan Source, CVE-2021-42574): each target writes them its
/// own way (`\u{202E}` in Swift, `\u202E` in Kotlin and JSON, `&#x202E;` in HTML and SVG).
public enum InvisibleText {
    public static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }

    /// "202E": the scalar's code in upper-case hex, at least four digits.
    public static func hex(_ scalar: Unicode.Scalar) -> String {
        let digits = String(scalar.value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// The UTF-16 code units of a scalar as `\uXXXX` escapes (a pair above U+FFFF), as JSON and Kotlin write them.
    public static func utf16Escape(_ scalar: Unicode.Scalar) -> String {
        String(scalar).utf16.map { unit in
            let digits = String(unit, radix: 16, uppercase: true)
            return "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
        }.joined()
    }

    /// "U+202E": how a comment or prose shows a character it may not carry.
    public static func codePoint(_ scalar: Unicode.Scalar) -> String { "U+" + hex(scalar) }
}
