/// Encodes a Codable answer into a `JSONValue`, members in the order the type encodes them
/// (its declaration order), so typed answers are written by the same serializer as every other
/// JSON this server writes. A nil optional is written as `null`: an answer's members are always
/// there, which is what the API document promises.
package enum JSONValueEncoder {
    package static func encode(_ value: some Encodable) -> JSONValue {
        if let json = value as? JSONValue { return json }
        let encoder = TreeEncoder()
        // Our answers are plain values; an encoding error would be a programming error, and
        // the server must not trap on it: it becomes null.
        do { try value.encode(to: encoder) } catch { return .null }
        return encoder.storage.value
    }
}

/// One node being built: its value, or a container still being filled.
private final class Node {
    enum Content {
        case value(JSONValue)
        case object([(String, Node)])
        case array([Node])
    }

    var content: Content = .value(.null)

    var value: JSONValue {
        switch content {
        case .value(let v): v
        case .object(let members): .object(members.map { ($0.0, $0.1.value) })
        case .array(let items): .array(items.map(\.value))
        }
    }

    // Each append first takes the container out of `content`: with `content` still holding it,
    // the append would copy every element so far (a thousand-item array cost a million copies).
    func member(_ key: String) -> Node {
        if case .object(var members) = content {
            if let existing = members.first(where: { $0.0 == key }) { return existing.1 }
            let node = Node()
            content = .value(.null)
            members.append((key, node))
            content = .object(members)
            return node
        }
        let node = Node()
        content = .object([(key, node)])
        return node
    }

    func appended() -> Node {
        let node = Node()
        if case .array(var items) = content {
            content = .value(.null)
            items.append(node)
            content = .array(items)
        } else {
            content = .array([node])
        }
        return node
    }
}

private final class TreeEncoder: Encoder {
    let storage: Node
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(storage: Node = Node(), codingPath: [any CodingKey] = []) {
        self.storage = storage
        self.codingPath = codingPath
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .object = storage.content {} else { storage.content = .object([]) }
        return KeyedEncodingContainer(KeyedContainer<Key>(node: storage, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array = storage.content {} else { storage.content = .array([]) }
        return UnkeyedContainer(node: storage, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleContainer(node: storage, codingPath: codingPath) }
}

/// Writes a value into `node`: JSON values as they are, everything else through its own encoding.
private func write(_ value: some Encodable, into node: Node, at path: [any CodingKey]) throws {
    switch value {
    case let json as JSONValue: node.content = .value(json)
    case let text as String: node.content = .value(.string(text))
    case let flag as Bool: node.content = .value(.bool(flag))
    case let number as Double: node.content = .value(.number(number))
    case let number as Int: node.content = .value(.number(Double(number)))
    case let number as Int64: node.content = .value(.number(Double(number)))
    default: try value.encode(to: TreeEncoder(storage: node, codingPath: path))
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: Node
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws { node.member(key.stringValue).content = .value(.null) }
    mutating func encode(_ value: some Encodable, forKey key: Key) throws {
        try write(value, into: node.member(key.stringValue), at: codingPath + [key])
    }
    // Every overload: the protocol's defaults for these skip a nil instead of writing null.
    mutating func encodeIfPresent(_ value: (some Encodable)?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let child = node.member(key.stringValue)
        child.content = .object([])
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(node: child, codingPath: codingPath + [key]))
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = node.member(key.stringValue)
        child.content = .array([])
        return UnkeyedContainer(node: child, codingPath: codingPath + [key])
    }
    mutating func superEncoder() -> any Encoder { TreeEncoder(storage: node.member("super"), codingPath: codingPath) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { TreeEncoder(storage: node.member(key.stringValue), codingPath: codingPath + [key]) }
}

private struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { String(intValue ?? 0) }
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let node: Node
    let codingPath: [any CodingKey]
    var count: Int { if case .array(let items) = node.content { items.count } else { 0 } }

    mutating func encodeNil() throws { node.appended().content = .value(.null) }
    mutating func encode(_ value: some Encodable) throws {
        try write(value, into: node.appended(), at: codingPath + [IndexKey(count)])
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let child = node.appended()
        child.content = .object([])
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(node: child, codingPath: codingPath))
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = node.appended()
        child.content = .array([])
        return UnkeyedContainer(node: child, codingPath: codingPath)
    }
    mutating func superEncoder() -> any Encoder { TreeEncoder(storage: node.appended(), codingPath: codingPath) }
}

private struct SingleContainer: SingleValueEncodingContainer {
    let node: Node
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { node.content = .value(.null) }
    mutating func encode(_ value: some Encodable) throws { try write(value, into: node, at: codingPath) }
}

extension JSONValue: Encodable {
    /// Through `JSONValueEncoder` a JSON value is inserted as it is; other encoders get its structure.
    package func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var c = encoder.singleValueContainer()
            try c.encodeNil()
        case .bool(let b):
            var c = encoder.singleValueContainer()
            try c.encode(b)
        case .number(let n):
            var c = encoder.singleValueContainer()
            try c.encode(n)
        case .string(let s):
            var c = encoder.singleValueContainer()
            try c.encode(s)
        case .array(let items):
            var c = encoder.unkeyedContainer()
            for item in items { try c.encode(item) }
        case .object(let members): try OrderedMembers(members).encode(to: encoder)
        }
    }
}
