/// Escapes text for XML/HTML content and attribute values.
public enum XMLText {
    public static func escape(_ text: String) -> String {
        // Most values (numbers, path data, colours) are plain ASCII that needs nothing: check the bytes first.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 >= 0x7F || $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">")
            || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "'") }) {
            return text
        }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\n", "\t", "\r": out.unicodeScalars.append(scalar)
            default:
                // XML 1.0 forbids most control characters even as references; drop them.
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF { continue }
                // Any other invisible character (a bidi override, a zero-width space) is written
                // as a reference, never raw (InvisibleText).
                if InvisibleText.isInvisible(scalar) { out += "&#x" + InvisibleText.hex(scalar) + ";"; continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
