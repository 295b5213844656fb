/// JSON with object keys in order (preset files stay diff-friendly). Served only as
/// `application/json` with `nosniff`, never inlined into HTML.
package enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    package static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case (.bool(let x), .bool(let y)): x == y
        case (.number(let x), .number(let y)): x == y
        case (.string(let x), .string(let y)): x == y
        case (.array(let x), .array(let y)): x == y
        case (.object(let x), .object(let y)): x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    package subscript(key: String) -> JSONValue? {
        guard case .object(let pairs) = self else { return nil }
        return pairs.last(where: { $0.0 == key })?.1
    }

    package var stringValue: String? { if case .string(let s) = self { s } else { nil } }
    package var numberValue: Double? { if case .number(let n) = self { n } else { nil } }
    package var objectPairs: [(String, JSONValue)]? { if case .object(let p) = self { p } else { nil } }
    package var arrayValue: [JSONValue]? { if case .array(let a) = self { a } else { nil } }
    package var boolValue: Bool? { if case .bool(let b) = self { b } else { nil } }

    // MARK: Writing

    package func serialized(pretty: Bool = false) -> String {
        var out = ""
        write(to: &out, pretty: pretty, indent: 0)
        return out
    }

    private func write(to out: inout String, pretty: Bool, indent: Int) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += n.isFinite ? JSONNumberText.text(n) : "null"
        case .string(let s): Self.writeString(s, to: &out)
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                if pretty { out += "\n" + String(repeating: "  ", count: indent + 1) }
                item.write(to: &out, pretty: pretty, indent: indent + 1)
            }
            if pretty { out += "\n" + String(repeating: "  ", count: indent) }
            out += "]"
        case .object(let pairs):
            if pairs.isEmpty { out += "{}"; return }
            out += "{"
            for (i, (key, value)) in pairs.enumerated() {
                if i > 0 { out += "," }
                if pretty { out += "\n" + String(repeating: "  ", count: indent + 1) }
                Self.writeString(key, to: &out)
                out += pretty ? ": " : ":"
                value.write(to: &out, pretty: pretty, indent: indent + 1)
            }
            if pretty { out += "\n" + String(repeating: "  ", count: indent) }
            out += "}"
        }
    }

    /// Escapes quotes, backslashes and every invisible character (controls, format characters such as
    /// bidi overrides and zero-width marks, U+2028/2029: as the engine's `InvisibleText` says) as `\u202e`; runs of other text are
    /// copied whole (frames of SVG make this the API's hottest string work, and they are ASCII).
    package static func writeString(_ s: String, to out: inout String) {
        out += "\""
        let utf8 = s.utf8
        var runStart = utf8.startIndex
        var i = runStart
        while i != utf8.endIndex {
            let b = utf8[i]
            var escape: String?
            var next = utf8.index(after: i)
            switch b {
            case 0x22: escape = "\\\""
            case 0x5C: escape = "\\\\"
            case 0x0A: escape = "\\n"
            case 0x0D: escape = "\\r"
            case 0x09: escape = "\\t"
            case 0..<0x20, 0x7F: escape = "\\u" + hex4(UInt32(b))
            case 0xC2...0xF4:
                // A scalar of two to four bytes (the text is valid UTF-8): escaped when invisible.
                let length = b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4
                var value = UInt32(b) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
                var end = next
                for _ in 1..<length where end != utf8.endIndex {
                    value = value << 6 | UInt32(utf8[end] & 0x3F)
                    end = utf8.index(after: end)
                }
                if let scalar = Unicode.Scalar(value), Self.isInvisible(scalar) {
                    escape = String(scalar).utf16.map { "\\u" + hex4(UInt32($0)) }.joined()
                    next = end
                }
            default: break
            }
            if let escape {
                out += s[runStart..<i]
                out += escape
                runStart = next
            }
            i = next
        }
        out += s[runStart..<utf8.endIndex]
        out += "\""
    }

    /// Controls, format characters and the line and paragraph separators (Trojan Source, CVE-2021-42574).
    private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }

    private static func hex4(_ v: UInt32) -> String {
        let s = String(v, radix: 16, uppercase: false)
        return String(repeating: "0", count: 4 - s.count) + s
    }

    /// Canonical JSON: object keys sorted by their UTF-8 bytes at every level, no spaces,
    /// numbers in the shortest round-trip form. Two documents mean the same exactly when these agree.
    package var canonical: String { canonicalized().serialized() }

    package func canonicalized() -> JSONValue {
        switch self {
        case .array(let items): .array(items.map { $0.canonicalized() })
        case .object(let pairs):
            .object(pairs.map { ($0.0, $0.1.canonicalized()) }.sorted { Array($0.0.utf8).lexicographicallyPrecedes(Array($1.0.utf8)) })
        default: self
        }
    }

    // MARK: Reading

    package struct ParseError: Error, CustomStringConvertible {
        let line: Int
        let column: Int
        let message: String
        package var description: String { "JSON line \(line), column \(column): \(message)" }
    }

    package static func parse(_ text: String) throws(ParseError) -> JSONValue {
        try parse(Array(text.utf8))
    }

    /// `strict`: a key repeated in one object is an error (signed exports: two readers could
    /// otherwise see two different values), instead of the last value winning.
    package static func parse(_ bytes: [UInt8], strict: Bool = false) throws(ParseError) -> JSONValue {
        var parser = Parser(bytes: bytes, strict: strict)
        parser.skipSpace()
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.at == bytes.count else { throw parser.error("unexpected text after the value") }
        return value
    }

    private struct Parser {
        let bytes: [UInt8]
        var strict = false
        var at = 0
        static let maxDepth = 64
        /// No object this server reads needs more; far more keys are only ever an attack.
        static let maxKeys = 4096
        static let linearSearchKeys = 16

        func error(_ message: String) -> ParseError {
            var line = 1, column = 1
            for b in bytes[..<Swift.min(at, bytes.count)] { if b == 10 { line += 1; column = 1 } else { column += 1 } }
            return ParseError(line: line, column: column, message: message)
        }

        mutating func skipSpace() {
            while at < bytes.count, [9, 10, 13, 32].contains(bytes[at]) { at += 1 }
        }

        mutating func value(depth: Int) throws(ParseError) -> JSONValue {
            guard depth < Self.maxDepth else { throw error("nested too deeply") }
            guard at < bytes.count else { throw error("unexpected end of input") }
            switch bytes[at] {
            case UInt8(ascii: "{"):
                at += 1
                var pairs: [(String, JSONValue)] = []
                // Where each key sits, once an object is too big to search (a repeated key keeps
                // its first place and takes the last value).
                var positions: [String: Int] = [:]
                if isEmpty(closedBy: UInt8(ascii: "}")) { return .object(pairs) }
                repeat {
                    skipSpace()
                    guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") else { throw error("expected a string key") }
                    let key = try string()
                    skipSpace()
                    guard at < bytes.count, bytes[at] == UInt8(ascii: ":") else { throw error("expected ':'") }
                    at += 1
                    skipSpace()
                    let v = try value(depth: depth + 1)
                    let known = pairs.count <= Self.linearSearchKeys ? pairs.firstIndex { $0.0 == key } : positions[key]
                    if let known {
                        if strict { throw error("the key \"\(key)\" appears twice in one object") }
                        pairs[known].1 = v
                    } else {
                        guard pairs.count < Self.maxKeys else { throw error("an object may have at most \(Self.maxKeys) keys") }
                        pairs.append((key, v))
                        if pairs.count > Self.linearSearchKeys {
                            if positions.isEmpty { for (k, (name, _)) in pairs.enumerated() { positions[name] = k } }
                            else { positions[key] = pairs.count - 1 }
                        }
                    }
                } while try continues(closedBy: UInt8(ascii: "}"))
                return .object(pairs)
            case UInt8(ascii: "["):
                at += 1
                var items: [JSONValue] = []
                if isEmpty(closedBy: UInt8(ascii: "]")) { return .array(items) }
                repeat {
                    skipSpace()
                    items.append(try value(depth: depth + 1))
                } while try continues(closedBy: UInt8(ascii: "]"))
                return .array(items)
            case UInt8(ascii: "\""):
                return .string(try string())
            case UInt8(ascii: "t"): try literal("true"); return .bool(true)
            case UInt8(ascii: "f"): try literal("false"); return .bool(false)
            case UInt8(ascii: "n"): try literal("null"); return .null
            default:
                return .number(try number())
            }
        }

        /// Just after an object's or array's opening: whether `closer` follows at once (and is consumed).
        mutating func isEmpty(closedBy closer: UInt8) -> Bool {
            skipSpace()
            guard at < bytes.count && bytes[at] == closer else { return false }
            at += 1
            return true
        }

        /// After a member or item: true at a comma (another follows), false at `closer` (both consumed).
        mutating func continues(closedBy closer: UInt8) throws(ParseError) -> Bool {
            skipSpace()
            guard at < bytes.count else { throw error("unexpected end of input") }
            if bytes[at] == UInt8(ascii: ",") { at += 1; return true }
            if bytes[at] == closer { at += 1; return false }
            throw error("expected ',' or '\(Character(Unicode.Scalar(closer)))'")
        }

        mutating func literal(_ word: String) throws(ParseError) {
            let w = Array(word.utf8)
            guard at + w.count <= bytes.count, Array(bytes[at..<at + w.count]) == w else { throw error("unexpected character") }
            at += w.count
        }

        mutating func number() throws(ParseError) -> Double {
            let start = at
            while at < bytes.count, "+-0123456789.eE".utf8.contains(bytes[at]) { at += 1 }
            guard at > start, let text = String(validating: bytes[start..<at], as: UTF8.self), let v = Double(text),
                  bytes[start] != UInt8(ascii: "+"), bytes[start] != UInt8(ascii: ".") else {
                at = start
                throw error("expected a value")
            }
            guard v.isFinite else {
                at = start
                throw error("the number \(text.prefix(40)) is beyond what a number here can hold (about ±1.8e308)")
            }
            return v
        }

        mutating func string() throws(ParseError) -> String {
            at += 1  // opening quote
            var out: [UInt8] = []
            while at < bytes.count {
                let b = bytes[at]
                at += 1
                switch b {
                case UInt8(ascii: "\""):
                    guard let s = String(validating: out, as: UTF8.self) else { throw error("string is not UTF-8") }
                    return s
                case UInt8(ascii: "\\"):
                    guard at < bytes.count else { break }
                    let e = bytes[at]
                    at += 1
                    switch e {
                    case UInt8(ascii: "\""): out.append(0x22)
                    case UInt8(ascii: "\\"): out.append(0x5C)
                    case UInt8(ascii: "/"): out.append(0x2F)
                    case UInt8(ascii: "b"): out.append(0x08)
                    case UInt8(ascii: "f"): out.append(0x0C)
                    case UInt8(ascii: "n"): out.append(0x0A)
                    case UInt8(ascii: "r"): out.append(0x0D)
                    case UInt8(ascii: "t"): out.append(0x09)
                    case UInt8(ascii: "u"):
                        var code = try hex4()
                        if (0xD800..<0xDC00).contains(code) {
                            guard at + 1 < bytes.count, bytes[at] == UInt8(ascii: "\\"), bytes[at + 1] == UInt8(ascii: "u") else {
                                throw error("unpaired surrogate")
                            }
                            at += 2
                            let low = try hex4()
                            guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate") }
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        }
                        guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
                        out.append(contentsOf: Array(String(Character(scalar)).utf8))
                    default: throw error("invalid escape")
                    }
                default:
                    guard b >= 0x20 else { throw error("control character in string") }
                    out.append(b)
                }
            }
            throw error("unterminated string")
        }

        mutating func hex4() throws(ParseError) -> UInt32 {
            guard bytes.count - at >= 4 else { throw error("invalid \\u escape") }
            var v: UInt32 = 0
            for b in bytes[at..<at + 4] {
                let digit: UInt8
                switch b {
                case 48...57: digit = b - 48
                case 65...70: digit = b - 55
                case 97...102: digit = b - 87
                default: throw error("invalid \\u escape")
                }
                v = v << 4 | UInt32(digit)
            }
            at += 4
            return v
        }
    }
}
