/// Writes SVG path data in d3-path's compact form (`M1,2L3,4C…Z`).
///
/// With `digits`, every number is rounded to that many fractional digits with trailing zeros
/// trimmed; without, each number is written in its shortest round-trip form. Never exponent
/// notation, never `-0`.
public struct PathWriter: PathSink {
    private var buffer: ByteBuffer
    public let digits: Int?
    private let scale: Double
    private let tables = NumberText.tables

    /// Fractional digits are limited so that the integer fast path stays exact.
    public static let digitRange = 0...12

    /// The longest a fast-path number can be: sign, 16 integer digits, point, 12 fraction digits.
    private static let maxNumberLength = 40

    public init(digits: Int? = 3, reservingCapacity capacity: Int = 0) {
        let clamped = digits.map { Swift.min(Swift.max($0, Self.digitRange.lowerBound), Self.digitRange.upperBound) }
        self.digits = clamped
        self.scale = Double(NumberText.powersOfTen[clamped ?? 0])
        buffer = ByteBuffer(capacity: capacity)
    }

    public var text: String { buffer.string }
    public var isEmpty: Bool { buffer.isEmpty }

    /// The path text as bytes, without making a String (for printing large paths).
    public func withUnsafeBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try buffer.withUnsafeBytes(body)
    }

    public mutating func moveTo(_ x: Double, _ y: Double) { pair(UInt8(ascii: "M"), x, y) }
    public mutating func lineTo(_ x: Double, _ y: Double) { pair(UInt8(ascii: "L"), x, y) }
    public mutating func closePath() { buffer.append(UInt8(ascii: "Z")) }

    public mutating func curveTo(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x: Double, _ y: Double) {
        guard let digits else { return slowCommand(UInt8(ascii: "C"), [x1, y1, x2, y2, x, y]) }
        let out = buffer.reserve(1 + 6 * (Self.maxNumberLength + 1))
        out[0] = UInt8(ascii: "C")
        var n = 1
        guard write(x1, digits, at: out, &n, comma: false), write(y1, digits, at: out, &n, comma: true),
              write(x2, digits, at: out, &n, comma: true), write(y2, digits, at: out, &n, comma: true),
              write(x, digits, at: out, &n, comma: true), write(y, digits, at: out, &n, comma: true) else {
            return slowCommand(UInt8(ascii: "C"), [x1, y1, x2, y2, x, y])
        }
        buffer.advance(n)
    }

    /// Appends another writer's path text.
    public mutating func append(_ other: PathWriter) {
        other.buffer.withUnsafeBytes { buffer.append(contentsOf: $0) }
    }

    @inline(__always)
    private mutating func pair(_ letter: UInt8, _ x: Double, _ y: Double) {
        guard let digits else { return slowCommand(letter, [x, y]) }
        let out = buffer.reserve(1 + 2 * (Self.maxNumberLength + 1))
        out[0] = letter
        var n = 1
        guard write(x, digits, at: out, &n, comma: false), write(y, digits, at: out, &n, comma: true) else {
            return slowCommand(letter, [x, y])
        }
        buffer.advance(n)
    }

    @inline(__always)
    private func write(_ value: Double, _ digits: Int, at out: UnsafeMutablePointer<UInt8>, _ n: inout Int, comma: Bool) -> Bool {
        if comma { out[n] = UInt8(ascii: ","); n += 1 }
        guard let length = NumberText.writeFixed(value, digits: digits, scale: scale, tables: tables, into: out + n) else { return false }
        n += length
        return true
    }

    /// Numbers too large for the fast path, or shortest round-trip output.
    private mutating func slowCommand(_ letter: UInt8, _ values: [Double]) {
        buffer.append(letter)
        for (i, value) in values.enumerated() {
            if i > 0 { buffer.append(UInt8(ascii: ",")) }
            buffer.append(contentsOf: NumberText.format(value, digits: digits).utf8)
        }
    }
}
