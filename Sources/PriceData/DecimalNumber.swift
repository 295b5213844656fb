import Foundation

/// Decimal numbers read straight from bytes, shared by the CSV importer (prices) and the engine
/// commands (stdin): no String, no Foundation scanner on the usual path.
package enum DecimalNumber {
    /// `s` without leading and trailing spaces and tabs.
    @inline(__always)
    package static func trim(_ s: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var lo = 0, hi = s.count
        while lo < hi && (s[lo] == 32 || s[lo] == 9) { lo += 1 }
        while hi > lo && (s[hi - 1] == 32 || s[hi - 1] == 9) { hi -= 1 }
        return UnsafeBufferPointer(rebasing: s[lo..<hi])
    }

    package static func read(_ text: String, decimalComma: Bool = false) -> Double? {
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBufferPointer { read(UnsafeBufferPointer($0), decimalComma: decimalComma) }
    }

    /// A decimal number (surrounding spaces allowed): exact fast path for up to 15 significant
    /// digits, else strtod. With `decimalComma`, a field holding a comma uses it as the decimal
    /// mark; `thousands` is a grouping separator to skip before the mark. Nil when unreadable
    /// (which includes "inf" and "nan": callers decide what a gap looks like).
    @inline(__always)
    package static func read(_ raw: UnsafeBufferPointer<UInt8>, decimalComma: Bool = false, thousands: UInt8? = nil) -> Double? {
        let s = trim(raw)
        guard !s.isEmpty else { return nil }
        let commaDecimal = decimalComma && s.contains(UInt8(ascii: ","))
        let point = commaDecimal ? UInt8(ascii: ",") : UInt8(ascii: ".")
        let thousands = thousands == point ? nil : thousands
        var i = 0
        var negative = false
        if s[0] == UInt8(ascii: "-") || s[0] == UInt8(ascii: "+") { negative = s[0] == UInt8(ascii: "-"); i = 1 }
        var mantissa: UInt64 = 0, digits = 0, scale = 0, sawPoint = false, sawDigit = false
        var slow = false
        while i < s.count {
            let c = s[i]
            if c >= 48 && c <= 57 {
                sawDigit = true
                if digits < 18 { mantissa = mantissa * 10 + UInt64(c - 48); if mantissa > 0 { digits += 1 }; if sawPoint { scale -= 1 } }
                else { slow = true; if !sawPoint { scale += 1 } }
            } else if c == point && !sawPoint {
                sawPoint = true
            } else if let thousands, c == thousands, !sawPoint {
                // grouping separator: skip
            } else if c == UInt8(ascii: "e") || c == UInt8(ascii: "E") {
                slow = true; break
            } else {
                return nil
            }
            i += 1
        }
        guard sawDigit else { return nil }
        if !slow && digits <= 15 && scale >= -22 {
            let value = scale < 0 ? Double(mantissa) / powersOfTen[-scale] : Double(mantissa)
            return negative ? -value : value
        }
        return readSlowly(s, point: point, thousands: thousands)
    }

    /// Rare: many digits or an exponent. Normalise the decimal mark and let strtod round.
    private static func readSlowly(_ s: UnsafeBufferPointer<UInt8>, point: UInt8, thousands: UInt8?) -> Double? {
        var text = [UInt8]()
        text.reserveCapacity(s.count + 1)
        for c in s where c != thousands { text.append(c == point ? UInt8(ascii: ".") : c) }
        text.append(0)
        return text.withUnsafeBufferPointer { p -> Double? in
            var end: UnsafeMutablePointer<CChar>?
            let v = p.baseAddress!.withMemoryRebound(to: CChar.self, capacity: p.count) { strtod($0, &end) }
            let consumed = end.map { UnsafeRawPointer($0) - UnsafeRawPointer(p.baseAddress!) } ?? 0
            return consumed == p.count - 1 && v.isFinite ? v : nil
        }
    }

    private static let powersOfTen: [Double] = (0...22).map { e in (0..<e).reduce(1.0) { p, _ in p * 10 } }
}
