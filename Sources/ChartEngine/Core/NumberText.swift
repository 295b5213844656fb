/// Writes numbers for SVG path data: never exponent notation, never `-0`.
public enum NumberText {
    static let powersOfTen: [Int64] = (0...18).map { e in (0..<e).reduce(Int64(1)) { p, _ in p * 10 } }

    /// Largest magnitude (after scaling) that the integer fast path handles exactly.
    static let fastPathLimit = 9.0e15

    /// Appends `value` rounded to `digits` fractional digits with trailing zeros trimmed.
    /// Returns the number of bytes written into `out`, which must hold 40 bytes; returns nil
    /// when the value is too large for the fast path (the caller falls back to `shortest`).
    @inline(__always)
    static func writeFixed(_ value: Double, digits: Int, scale: Double, into out: UnsafeMutablePointer<UInt8>) -> Int? {
        let scaled = (value * scale).rounded()
        guard scaled.magnitude < fastPathLimit else { return nil }
        var n = Int64(scaled)
        if n == 0 { out[0] = UInt8(ascii: "0"); return 1 }
        var length = 0
        if n < 0 { out[0] = UInt8(ascii: "-"); length = 1; n = -n }
        let unit = powersOfTen[digits]
        length += writeInteger(UInt64(n / unit), into: out + length)
        var fraction = n % unit
        if fraction != 0 {
            var fractionDigits = digits
            while fraction % 10 == 0 { fraction /= 10; fractionDigits -= 1 }
            out[length] = UInt8(ascii: ".")
            length += 1
            var i = fractionDigits
            while i > 0 {
                i -= 1
                out[length + i] = UInt8(truncatingIfNeeded: fraction % 10) &+ 48
                fraction /= 10
            }
            length += fractionDigits
        }
        return length
    }

    @inline(__always)
    static func writeInteger(_ value: UInt64, into out: UnsafeMutablePointer<UInt8>) -> Int {
        var v = value
        var count = 1
        var probe = v / 10
        while probe > 0 { count += 1; probe /= 10 }
        var i = count
        repeat {
            i -= 1
            out[i] = UInt8(truncatingIfNeeded: v % 10) &+ 48
            v /= 10
        } while v > 0
        return count
    }

    /// The shortest text that reads back as the same Double, written without an exponent.
    public static func shortest(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        if value == 0 { return "0" }
        let text = value.description  // shortest round-trip digits, maybe with an exponent
        return plainDecimal(text)
    }

    /// `value` rounded to `digits` fractional digits (trailing zeros trimmed), or in its
    /// shortest round-trip form when `digits` is nil.
    public static func format(_ value: Double, digits: Int?) -> String {
        guard let digits else { return shortest(value) }
        let scale = Double(powersOfTen[digits])
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 48) { buffer in
            guard let n = writeFixed(value, digits: digits, scale: scale, into: buffer.baseAddress!) else {
                return shortest((value * scale).rounded() / scale)
            }
            return String(decoding: UnsafeBufferPointer(start: buffer.baseAddress!, count: n), as: UTF8.self)
        }
    }

    /// Rewrites Swift's `description` form ("1.5e-07", "12.0", "-3.25e+20") as plain decimal text.
    static func plainDecimal(_ text: String) -> String {
        var sign = ""
        var body = Substring(text)
        if body.hasPrefix("-") { sign = "-"; body = body.dropFirst() }
        var exponent = 0
        if let e = body.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            exponent = Int(body[body.index(after: e)...]) ?? 0
            body = body[..<e]
        }
        let parts = body.split(separator: ".", omittingEmptySubsequences: false)
        let integerDigits = String(parts[0])
        let fractionDigits = parts.count > 1 ? String(parts[1]) : ""
        var digits = integerDigits + fractionDigits
        var pointPosition = integerDigits.count + exponent
        // Normalise: strip leading zeros (adjusting the point) and trailing zeros.
        while digits.hasPrefix("0") && digits.count > 1 { digits.removeFirst(); pointPosition -= 1 }
        while digits.hasSuffix("0") && digits.count > 1 { digits.removeLast() }
        if digits == "0" { return "0" }
        let result: String
        if pointPosition <= 0 {
            result = "0." + String(repeating: "0", count: -pointPosition) + digits
        } else if pointPosition >= digits.count {
            result = digits + String(repeating: "0", count: pointPosition - digits.count)
        } else {
            let split = digits.index(digits.startIndex, offsetBy: pointPosition)
            result = digits[..<split] + "." + digits[split...]
        }
        return sign + result
    }
}
