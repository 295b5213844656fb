import ChartEngine
import WorkbenchSupport

/// A frame the render socket drew for one chart, remembered so the next frame can travel as
/// only what changed. Path data written with two fractional digits is kept as whole hundredths,
/// so a path whose commands stay the same (every frame of a transition) travels as the change of
/// each number: a few bytes a coordinate instead of the whole `d`.
package struct DrawnFrame {
    package let number: Int
    package let elements: [SVGElementRecord]
    package let paths: [String: PathNumbers]

    package init(number: Int, elements: [SVGElementRecord]) {
        self.number = number
        self.elements = elements
        var paths: [String: PathNumbers] = [:]
        for element in elements {
            if let d = element.attributes.first(where: { $0.0 == "d" })?.1, let numbers = PathNumbers(d) { paths[element.key] = numbers }
        }
        self.paths = paths
    }

    /// The patch from `self` (what the page shows) to `next`, as JSON text; nil when the two are
    /// not the same elements in the same order (then the whole document travels).
    ///
    /// `{"a": [[key or [keys…], attribute, value or null], …], "t": [[key, text], …],
    ///   "d": [[key, "Δ…"] or [key, earlierKey, "Δ tail…"], …]}`: attributes to set (null:
    /// remove; several keys share one value), texts to replace, and paths as the change of each number in hundredths (a path
    /// whose changes begin with an earlier path's repeats them by reference: the fill under the
    /// line), written as `varints`.
    package func patch(to next: DrawnFrame) -> String? {
        guard elements.count == next.elements.count,
              zip(elements, next.elements).allSatisfy({ $0.key == $1.key && $0.name == $1.name }) else { return nil }
        var attributes: [(keys: [String], name: String, value: String?)] = []
        func set(_ key: String, _ name: String, _ value: String?) {
            // Several elements taking the same value (the line's two halves, the indicator's parts) share one entry.
            if let i = attributes.firstIndex(where: { $0.name == name && $0.value == value }) { attributes[i].keys.append(key) }
            else { attributes.append(([key], name, value)) }
        }
        var texts: [JSONValue] = []
        var changedPaths: [(key: String, deltas: [Int])] = []
        for (old, new) in zip(elements, next.elements) where old != new {
            let key = JSONValue.string(new.key)
            if old.text != new.text { texts.append(.array([key, .string(new.text ?? "")])) }
            for (name, value) in new.attributes where old.attributes.first(where: { $0.0 == name })?.1 != value {
                if name == "d", let from = self.paths[new.key], let to = next.paths[new.key], let deltas = from.deltas(to: to) {
                    changedPaths.append((new.key, deltas))
                } else {
                    set(new.key, name, value)
                }
            }
            for (name, _) in old.attributes where !new.attributes.contains(where: { $0.0 == name }) {
                set(new.key, name, nil)
            }
        }
        // Shorter paths first, so a longer one can start from one already sent.
        var paths: [JSONValue] = []
        var sent: [(key: String, deltas: [Int])] = []
        for (key, deltas) in changedPaths.sorted(by: { $0.deltas.count < $1.deltas.count }) {
            let numbers = { (values: ArraySlice<Int>) in JSONValue.string(Self.varints(values)) }
            if let earlier = sent.last(where: { !$0.deltas.isEmpty && deltas.starts(with: $0.deltas) }) {
                paths.append(.array([.string(key), .string(earlier.key), numbers(deltas.dropFirst(earlier.deltas.count))]))
            } else {
                paths.append(.array([.string(key), numbers(deltas[...])]))
            }
            sent.append((key, deltas))
        }
        let attributeEntries = attributes.map { entry -> JSONValue in
            .array([entry.keys.count == 1 ? .string(entry.keys[0]) : .array(entry.keys.map(JSONValue.string)), .string(entry.name),
                    entry.value.map(JSONValue.string) ?? .null])
        }
        return JSONValue.object([("a", .array(attributeEntries)), ("t", .array(texts)), ("d", .array(paths))]).serialized()
    }

    package static let varintDigits = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// Whole numbers as text, a few characters each: zigzag (0, −1, 1, −2 … → 0, 1, 2, 3 …), then
    /// five bits a character, least significant first, the sixth bit saying another follows; the
    /// characters are base64url's. A change of up to ±15 hundredths is one character, ±511 two.
    package static func varints<C: Collection<Int>>(_ values: C) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(values.count * 2)
        for value in values {
            var rest = UInt64(bitPattern: Int64(value) << 1 ^ Int64(value) >> 63)
            repeat {
                let low = Int(rest & 31)
                rest >>= 5
                bytes.append(varintDigits[rest == 0 ? low : low | 32])
            } while rest != 0
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Path data as its command letters and its numbers in whole hundredths; nil when a number has
/// more than two fractional digits (or is not a plain decimal), so it cannot be carried so.
package struct PathNumbers: Equatable {
    package let commands: [UInt8]   // letters, with a 0 where each number stands
    package let values: [Int]

    package init?(_ d: String) {
        var commands: [UInt8] = [], values: [Int] = []
        var bytes = Array(d.utf8)[...]
        while let byte = bytes.first {
            switch byte {
            case UInt8(ascii: "M"), UInt8(ascii: "L"), UInt8(ascii: "C"), UInt8(ascii: "Z"), UInt8(ascii: ","):
                commands.append(byte)
                bytes = bytes.dropFirst()
            default:
                var negative = false, whole = 0, fraction = 0, fractionDigits = 0, seenPoint = false, digits = 0
                if bytes.first == UInt8(ascii: "-") { negative = true; bytes = bytes.dropFirst() }
                while let c = bytes.first, c == UInt8(ascii: ".") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c) {
                    bytes = bytes.dropFirst()
                    if c == UInt8(ascii: ".") { guard !seenPoint else { return nil }; seenPoint = true; continue }
                    digits += 1
                    guard digits <= 15 else { return nil }
                    if seenPoint { fractionDigits += 1; guard fractionDigits <= 2 else { return nil }; fraction = fraction * 10 + Int(c - 48) }
                    else { whole = whole * 10 + Int(c - 48) }
                }
                guard digits > 0 else { return nil }
                if fractionDigits == 1 { fraction *= 10 }
                let value = whole * 100 + fraction
                values.append(negative ? -value : value)
                commands.append(0)
            }
        }
        self.commands = commands
        self.values = values
    }

    /// Each number's change, when both have the same commands.
    package func deltas(to other: PathNumbers) -> [Int]? {
        guard commands == other.commands else { return nil }
        return zip(values, other.values).map { $1 - $0 }
    }
}
