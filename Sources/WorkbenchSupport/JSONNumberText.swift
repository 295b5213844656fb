/// How JSON here writes a number: the shortest decimal that reads back as the same Double, never
/// with an exponent (a reader in any language gets the same value, and a diff shows plain digits).
/// The engine writes its numbers the same way (`NumberText.shortest`); the HTTP core keeps its own
/// so that it does not depend on the engine (a test holds the two to the same text).
package enum JSONNumberText {
    package static func text(_ value: Double) -> String {
        if value == 0 { return "0" }
        // Whole numbers a Double holds exactly: their digits ("12", not Swift's "12.0").
        if value.rounded() == value, abs(value) <= 0x1p53 { return String(Int64(value)) }
        let description = value.description  // shortest round-trip digits, with an exponent below 1e-4 and from 2^53
        guard let e = description.firstIndex(of: "e") else { return description }
        let negative = description.hasPrefix("-")
        let mantissa = description[description.index(description.startIndex, offsetBy: negative ? 1 : 0)..<e]
        let exponent = Int(description[description.index(after: e)...].drop(while: { $0 == "+" })) ?? 0
        let point = mantissa.firstIndex(of: ".")
        let integerPart = point.map { mantissa[..<$0] } ?? mantissa
        var digits = mantissa.filter { $0 != "." }
        while digits.count > 1, digits.last == "0" { digits.removeLast() }
        // Where the decimal point falls in `digits` once the exponent is applied.
        let pointAt = integerPart.count + exponent
        let plain: String
        if pointAt <= 0 {
            plain = "0." + String(repeating: "0", count: -pointAt) + digits
        } else if pointAt >= digits.count {
            plain = digits + String(repeating: "0", count: pointAt - digits.count)
        } else {
            plain = digits.prefix(pointAt) + "." + digits.dropFirst(pointAt)
        }
        return negative ? "-" + plain : plain
    }
}
