/// Decodes a request type from a parsed `JSONValue`: a JSON body or socket message, or a
/// query string's text (`textValues`: a number or a boolean is read from its text, as
/// `?width=390&reducedMotion=true` writes them). A type's own errors pass through unchanged;
/// the decoder's say which member, by its coding path, and what it must be.
package struct JSONValueDecoder {
    /// Set in `userInfo` when values arrive as text, for a type that reads text its own way.
    package static let textValuesKey = CodingUserInfoKey(rawValue: "workbench.textValues")!

    package var textValues: Bool

    package init(textValues: Bool = false) { self.textValues = textValues }

    package func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        try T(from: TreeDecoder(value: value, codingPath: [], textValues: textValues))
    }

    /// A member that is missing or of the wrong kind: `field` is its coding path
    /// ("reviewers[0]"), `message` what it must be. The path is written out only when asked:
    /// a type that tries one kind after another makes and drops many of these.
    package struct Failure: Error, CustomStringConvertible {
        package let path: [any CodingKey]
        package let message: String

        package init(path: [any CodingKey], message: String) {
            self.path = path
            self.message = message
        }

        package var field: String { JSONValueDecoder.field(path) }
        package var description: String { path.isEmpty ? message : "\(field): \(message)" }
    }

    /// "reviewers[0]", "parameters.lineWidth".
    package static func field(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue, key.stringValue.hasPrefix("Index ") || key.stringValue == String(index) {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
        return text
    }
}

/// A member name known only when decoding: a parameter's key, a query's name.
package struct AnyCodingKey: CodingKey, Hashable {
    package let stringValue: String
    package let intValue: Int?

    package init(_ string: String) { stringValue = string; intValue = nil }
    package init?(stringValue: String) { self.init(stringValue) }
    package init(intValue: Int) { stringValue = String(intValue); self.intValue = intValue }
}

private struct TreeDecoder: Decoder {
    let value: JSONValue
    let codingPath: [any CodingKey]
    let textValues: Bool

    var userInfo: [CodingUserInfoKey: Any] { textValues ? [JSONValueDecoder.textValuesKey: true] : [:] }

    func failure(_ message: String, at path: [any CodingKey]? = nil) -> JSONValueDecoder.Failure {
        JSONValueDecoder.Failure(path: path ?? codingPath, message: message)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard let pairs = value.objectPairs else { throw failure("must be an object") }
        return KeyedDecodingContainer(KeyedContainer<Key>(pairs: pairs, decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard let items = value.arrayValue else { throw failure("must be a list") }
        return UnkeyedContainer(items: items, decoder: self)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func child(_ value: JSONValue, _ key: any CodingKey) -> TreeDecoder {
        TreeDecoder(value: value, codingPath: codingPath + [key], textValues: textValues)
    }
}

extension TreeDecoder: SingleValueDecodingContainer {
    func decodeNil() -> Bool { value == .null }

    func decode(_ type: Bool.Type) throws -> Bool {
        switch value {
        case .bool(let b): return b
        case .string("true") where textValues: return true
        case .string("false") where textValues: return false
        default: throw failure("must be true or false")
        }
    }

    func decode(_ type: String.Type) throws -> String {
        guard case .string(let s) = value else { throw failure("must be a string") }
        return s
    }

    func decode(_ type: Double.Type) throws -> Double {
        switch value {
        case .number(let n) where n.isFinite: return n
        case .string(let s) where textValues:
            guard let n = Double(s), n.isFinite else { throw failure("must be a number") }
            return n
        default: throw failure("must be a number")
        }
    }

    func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }

    func decodeInteger<T: BinaryInteger & FixedWidthInteger>(_ type: T.Type) throws -> T {
        let number = try decode(Double.self)
        guard number.rounded() == number, let exact = T(exactly: number) else { throw failure("must be a whole number") }
        return exact
    }

    func decode(_ type: Int.Type) throws -> Int { try decodeInteger(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decodeInteger(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decodeInteger(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decodeInteger(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decodeInteger(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try decodeInteger(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decodeInteger(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decodeInteger(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decodeInteger(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decodeInteger(type) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if let same = value as? T { return same }
        return try T(from: self)
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let pairs: [(String, JSONValue)]
    let decoder: TreeDecoder
    /// Where each member is, for objects large enough that a scan per member would add up (a
    /// chart request's dozens of parameters); the first of a repeated name, as a scan finds.
    let index: [String: Int]?

    init(pairs: [(String, JSONValue)], decoder: TreeDecoder) {
        self.pairs = pairs
        self.decoder = decoder
        index = pairs.count > 8 ? Dictionary(pairs.enumerated().map { ($1.0, $0) }, uniquingKeysWith: { first, _ in first }) : nil
    }

    func position(_ name: String) -> Int? {
        if let index { return index[name] }
        return pairs.firstIndex { $0.0 == name }
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var allKeys: [Key] { pairs.compactMap { Key(stringValue: $0.0) } }

    func contains(_ key: Key) -> Bool { position(key.stringValue) != nil }

    func member(_ key: Key) throws -> TreeDecoder {
        guard let at = position(key.stringValue) else { throw decoder.failure("is required", at: codingPath + [key]) }
        return decoder.child(pairs[at].1, key)
    }

    func decodeNil(forKey key: Key) throws -> Bool { try member(key).decodeNil() }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try member(key).decode(type) }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard contains(key) else { return nil }
        let child = try member(key)
        return child.decodeNil() ? nil : try child.decode(type)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try member(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { try member(key).unkeyedContainer() }
    func superDecoder() throws -> any Decoder { decoder }
    func superDecoder(forKey key: Key) throws -> any Decoder { try member(key) }
}

private struct UnkeyedContainer: UnkeyedDecodingContainer {
    let items: [JSONValue]
    let decoder: TreeDecoder
    var currentIndex = 0

    init(items: [JSONValue], decoder: TreeDecoder) {
        self.items = items
        self.decoder = decoder
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    mutating func next() throws -> TreeDecoder {
        let key = AnyCodingKey(intValue: currentIndex)
        guard !isAtEnd else { throw decoder.failure("has too few items", at: codingPath + [key]) }
        defer { currentIndex += 1 }
        return decoder.child(items[currentIndex], key)
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, items[currentIndex] == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next().decode(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next().unkeyedContainer() }
    mutating func superDecoder() throws -> any Decoder { try next() }
}

/// Any JSON value, as it came: for a member a type reads in more than one shape (a revision as
/// "3" or 3). From this decoder it is the parsed value itself.
extension JSONValue: Decodable {
    package init(from decoder: any Decoder) throws {
        let single = try decoder.singleValueContainer()
        if single.decodeNil() { self = .null }
        else if let b = try? single.decode(Bool.self) { self = .bool(b) }
        else if let n = try? single.decode(Double.self) { self = .number(n) }
        else if let s = try? single.decode(String.self) { self = .string(s) }
        else if let items = try? single.decode([JSONValue].self) { self = .array(items) }
        else {
            let members = try decoder.container(keyedBy: AnyCodingKey.self)
            self = .object(try members.allKeys.map { ($0.stringValue, try members.decode(JSONValue.self, forKey: $0)) })
        }
    }
}
