/// Writes numbers for SVG path data: never exponent notation, never `-0`.
public enum NumberText {
    static let powersOfTen: [Int64] = (0...18).map { e in (0..<e).reduce(Int64(1)) { p, _ in p * 10 } }

    /// Largest magnitude (after scaling) that the integer fast path handles exactly.
    static let fastPathLimit = 9.0e15

    /// Lookup tables for the fast path, allocated once and read through raw pointers (a
    /// `static let` array costs a lazy-initialisation check and a retain on every access).
    struct Tables: @unchecked Sendable {
        /// "0000" … "9999" packed little-endian, four digits per store.
        let quads: UnsafePointer<UInt32>
        /// For d = 1…4 fractional digits, entry `fractionStart[d] + f` is ".f" zero-padded to d
        /// digits with trailing zeros trimmed, packed little-endian; its length is in the top byte.
        let fractions: UnsafePointer<UInt64>
        let fractionStart: UnsafePointer<Int>
        let powers: UnsafePointer<Int>
        let reciprocals: UnsafePointer<Double>

        init() {
            let quads = UnsafeMutablePointer<UInt32>.allocate(capacity: 10_000)
            for i in 0..<10_000 {
                let d = [i / 1000, i / 100 % 10, i / 10 % 10, i % 10].map { UInt32(48 + $0) }
                quads[i] = d[0] | d[1] << 8 | d[2] << 16 | d[3] << 24
            }
            let starts = UnsafeMutablePointer<Int>.allocate(capacity: 5)
            let fractions = UnsafeMutablePointer<UInt64>.allocate(capacity: 11_110)
            var offset = 0
            for digits in 1...4 {
                starts[digits] = offset
                let count = [1, 10, 100, 1000, 10_000][digits]
                for f in 0..<count {
                    var text = String(f)
                    text = String(repeating: "0", count: digits - text.count) + text
                    while text.hasSuffix("0") { text.removeLast() }
                    let bytes = text.isEmpty ? [] : [UInt8(ascii: ".")] + Array(text.utf8)
                    var packed: UInt64 = 0
                    for (k, b) in bytes.enumerated() { packed |= UInt64(b) << (8 * UInt64(k)) }
                    fractions[offset + f] = packed | UInt64(bytes.count) << 56
                }
                offset += count
            }
            starts[0] = 0
            let powers = UnsafeMutablePointer<Int>.allocate(capacity: 19)
            let reciprocals = UnsafeMutablePointer<Double>.allocate(capacity: 19)
            var p = 1
            for e in 0..<19 { powers[e] = p; reciprocals[e] = 1 / Double(p); if e < 18 { p *= 10 } }
            self.quads = UnsafePointer(quads)
            self.fractions = UnsafePointer(fractions)
            self.fractionStart = UnsafePointer(starts)
            self.powers = UnsafePointer(powers)
            self.reciprocals = UnsafePointer(reciprocals)
        }
    }

    static let tables = Tables()

    /// Writes `value` rounded to `digits` fractional digits (half away from zero) with trailing
    /// zeros trimmed into `out`, which must hold 40 bytes; returns the length, or nil when the
    /// value is too large (or not finite) for this integer fast path. Signed integers and
    /// wrapping arithmetic throughout: unsigned ↔ double conversions are slow on x86, and the
    /// bounds above make overflow impossible.
    @inline(__always)
    static func writeFixed(_ value: Double, digits: Int, scale: Double, tables: Tables, into out: UnsafeMutablePointer<UInt8>) -> Int? {
        let scaled = value * scale
        guard scaled.magnitude < fastPathLimit else { return nil }  // false for NaN too
        let rounded = Int(scaled + (scaled < 0 ? -0.5 : 0.5))
        if rounded == 0 { out[0] = UInt8(ascii: "0"); return 1 }
        var length = 0
        if rounded < 0 { out[0] = UInt8(ascii: "-"); length = 1 }
        let v = rounded < 0 ? 0 &- rounded : rounded
        // Whole and fractional parts with one multiply; the estimate is off by at most one.
        let unit = tables.powers[digits]
        var whole = Int(Double(v) * tables.reciprocals[digits])
        if whole &* unit > v { whole &-= 1 } else if (whole &+ 1) &* unit <= v { whole &+= 1 }
        let fraction = v &- whole &* unit
        length &+= writeWhole(whole, tables, into: out + length)
        if fraction != 0 {
            if digits <= 4 {
                let packed = tables.fractions[tables.fractionStart[digits] &+ fraction]
                UnsafeMutableRawPointer(out + length).storeBytes(of: packed & 0x00FF_FFFF_FFFF_FFFF, as: UInt64.self)
                length &+= Int(truncatingIfNeeded: packed >> 56)
            } else {
                var f = fraction, fractionDigits = digits
                while f % 10 == 0 { f /= 10; fractionDigits &-= 1 }
                out[length] = UInt8(ascii: ".")
                var end = length &+ fractionDigits
                while end > length { out[end] = UInt8(truncatingIfNeeded: f % 10) &+ 48; f /= 10; end &-= 1 }
                length &+= 1 &+ fractionDigits
            }
        }
        return length
    }

    /// Writes a whole number ≥ 0 four digits at a time; returns its length. Branch-light for the
    /// values charts produce (below 10^8): mispredicted branches cost more than the arithmetic.
    @inline(__always)
    static func writeWhole(_ v: Int, _ tables: Tables, into out: UnsafeMutablePointer<UInt8>) -> Int {
        if v < 10_000 { return writeSmall(v, tables, into: out) }
        if v < 100_000_000 {
            let high = v / 10_000
            let length = writeSmall(high, tables, into: out)
            UnsafeMutableRawPointer(out + length).storeBytes(of: tables.quads[v &- high &* 10_000], as: UInt32.self)
            return length &+ 4
        }
        let high = v / 100_000_000
        let length = writeWhole(high, tables, into: out)
        let low = v &- high &* 100_000_000
        let middle = low / 10_000
        UnsafeMutableRawPointer(out + length).storeBytes(of: tables.quads[middle], as: UInt32.self)
        UnsafeMutableRawPointer(out + length + 4).storeBytes(of: tables.quads[low &- middle &* 10_000], as: UInt32.self)
        return length &+ 8
    }

    /// 0…9999 without leading zeros.
    @inline(__always)
    static func writeSmall(_ v: Int, _ tables: Tables, into out: UnsafeMutablePointer<UInt8>) -> Int {
        let count = 1 &+ (v >= 10 ? 1 : 0) &+ (v >= 100 ? 1 : 0) &+ (v >= 1000 ? 1 : 0)
        UnsafeMutableRawPointer(out).storeBytes(of: tables.quads[v] >> UInt32(truncatingIfNeeded: 32 &- 8 &* count), as: UInt32.self)
        return count
    }

    /// The shortest text that reads back as the same Double, written without an exponent.
    public static func shortest(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        if value == 0 { return "0" }
        if isWholeCents(value) { return format(value, digits: 2) }
        return plainDecimal(value.description)  // shortest round-trip digits, maybe with an exponent
    }

    /// Whether `value` is exactly the double nearest to a whole number of hundredths, under 1e13
    /// (prices, times, most coordinates). Then that decimal, written with two digits and its
    /// trailing zeros trimmed, is its shortest form: it reads back as `value` (both are the
    /// correctly rounded cents / 100), and any other decimal with as few digits differs from it by
    /// at least 0.01, more than a double this size can tell apart, so none reads back as `value`.
    /// (Under 1e13, `writeFixed` always takes its fast path: hundredths stay below 9e15.)
    @inline(__always)
    static func isWholeCents(_ value: Double) -> Bool {
        guard abs(value) < 1e13 else { return false }
        return (value * 100).rounded() / 100 == value
    }

    /// `value` rounded to `digits` fractional digits (trailing zeros trimmed), or in its
    /// shortest round-trip form when `digits` is nil.
    public static func format(_ value: Double, digits: Int?) -> String {
        guard let digits else { return shortest(value) }
        let scale = Double(powersOfTen[digits])
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 48) { buffer in
            guard let n = writeFixed(value, digits: digits, scale: scale, tables: tables, into: buffer.baseAddress!) else {
                return shortest((value * scale).rounded() / scale)
            }
            return String(decoding: UnsafeBufferPointer(start: buffer.baseAddress!, count: n), as: UTF8.self)
        }
    }

    /// Rewrites Swift's `description` form ("1.5e-07", "12.0", "-3.25e+20") as plain decimal text.
    static func plainDecimal(_ text: String) -> String {
        // Swift's description is already plain shortest digits unless it has an exponent (below
        // 1e-4, from 2^53) or is whole ("12.0"): most numbers a scene holds leave here as they are.
        let asItIs = text.utf8.withContiguousStorageIfAvailable { bytes in
            let whole = bytes.count >= 2 && bytes[bytes.count - 2] == UInt8(ascii: ".") && bytes[bytes.count - 1] == UInt8(ascii: "0")
            return !whole && !bytes.contains { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
        }
        if asItIs == true { return text }
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
