/// Writes SVG path data in d3-path's compact form (`M1,2L3,4C…Z`).
///
/// With `digits`, every number is rounded to that many fractional digits with trailing zeros
/// trimmed; without, each number is written in its shortest round-trip form. Never exponent
/// notation, never `-0`.
public struct PathWriter: PathSink {
    public private(set) var bytes: [UInt8] = []
    public let digits: Int?
    private let scale: Double

    /// Fractional digits are limited so that the integer fast path stays exact.
    public static let digitRange = 0...12

    public init(digits: Int? = 3, reservingCapacity capacity: Int = 0) {
        let clamped = digits.map { Swift.min(Swift.max($0, Self.digitRange.lowerBound), Self.digitRange.upperBound) }
        self.digits = clamped
        self.scale = Double(NumberText.powersOfTen[clamped ?? 0])
        bytes.reserveCapacity(capacity)
    }

    public var text: String { String(decoding: bytes, as: UTF8.self) }
    public var isEmpty: Bool { bytes.isEmpty }

    public mutating func moveTo(_ x: Double, _ y: Double) { command(UInt8(ascii: "M"), x, y) }
    public mutating func lineTo(_ x: Double, _ y: Double) { command(UInt8(ascii: "L"), x, y) }
    public mutating func curveTo(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x: Double, _ y: Double) {
        command(UInt8(ascii: "C"), x1, y1, x2, y2, x, y)
    }
    public mutating func closePath() { bytes.append(UInt8(ascii: "Z")) }

    /// Appends raw path text (used to join pieces written elsewhere).
    public mutating func append(raw text: String) { bytes.append(contentsOf: text.utf8) }

    @inline(__always)
    private mutating func command(_ letter: UInt8, _ a: Double, _ b: Double, _ c: Double = 0, _ d: Double = 0, _ e: Double = 0, _ f: Double = 0) {
        let count = letter == UInt8(ascii: "C") ? 6 : 2
        guard let digits else { return slowCommand(letter, [a, b, c, d, e, f].prefix(count)) }
        let scale = self.scale
        // Fast path: all numbers go into one stack buffer, then one append. Any number too
        // large for exact integer formatting sends the whole command to the slow path.
        let done = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 256) { buffer -> Bool in
            let base = buffer.baseAddress!
            base[0] = letter
            var length = 1
            @inline(__always) func put(_ value: Double, _ separator: Bool) -> Bool {
                if separator { base[length] = UInt8(ascii: ","); length += 1 }
                guard let n = NumberText.writeFixed(value, digits: digits, scale: scale, into: base + length) else { return false }
                length += n
                return true
            }
            guard put(a, false), put(b, true) else { return false }
            if count == 6 { guard put(c, true), put(d, true), put(e, true), put(f, true) else { return false } }
            bytes.append(contentsOf: UnsafeBufferPointer(start: base, count: length))
            return true
        }
        if !done { slowCommand(letter, [a, b, c, d, e, f].prefix(count)) }
    }

    private mutating func slowCommand(_ letter: UInt8, _ values: ArraySlice<Double>) {
        bytes.append(letter)
        for (i, value) in values.enumerated() {
            if i > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(contentsOf: NumberText.format(value, digits: digits).utf8)
        }
    }
}
