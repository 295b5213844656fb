/// JSON Schema (as OpenAPI 3.0 writes it) for the members of requests: what the API document
/// says each member may be. Built from the same ranges and choices the decoding checks.
package enum JSONSchema {
    package static let string = JSONValue.object([("type", .string("string"))])
    package static let number = JSONValue.object([("type", .string("number"))])
    package static let boolean = JSONValue.object([("type", .string("boolean"))])

    package static func range(_ range: ClosedRange<Double>, integer: Bool = false, default value: Double? = nil, description: String? = nil) -> JSONValue {
        .object([("type", .string(integer ? "integer" : "number")), ("minimum", .number(range.lowerBound)), ("maximum", .number(range.upperBound))]
                + (value.map { [("default", JSONValue.number($0))] } ?? []) + (description.map { [("description", JSONValue.string($0))] } ?? []))
    }

    package static func enumeration(_ values: [String]) -> JSONValue {
        .object([("type", .string("string")), ("enum", .array(values.map(JSONValue.string)))])
    }

    package static func text(_ lengths: ClosedRange<Int>, pattern: String? = nil) -> JSONValue {
        var pairs: [(String, JSONValue)] = [("type", .string("string")), ("minLength", .number(Double(lengths.lowerBound))),
                                            ("maxLength", .number(Double(lengths.upperBound)))]
        if let pattern { pairs.append(("pattern", .string(pattern))) }
        return .object(pairs)
    }

    package static func pattern(_ pattern: String) -> JSONValue {
        .object([("type", .string("string")), ("pattern", .string(pattern))])
    }

    /// An object schema: these members, the `required` ones, and no others unless `open`.
    package static func object(_ properties: [(String, JSONValue)], required: [String] = [], open: Bool = false) -> JSONValue {
        var pairs: [(String, JSONValue)] = [("type", .string("object")), ("properties", .object(properties))]
        if !required.isEmpty { pairs.append(("required", .array(required.map(JSONValue.string)))) }
        if !open { pairs.append(("additionalProperties", .bool(false))) }
        return .object(pairs)
    }
}

/// A request type's schema, read from its own decoding: the type decodes once from a probe
/// that reads every member as absent, and each member it asks for notes its schema here (the
/// reading helpers do, with the range or choices they check). So what the API document says a
/// request may hold and what the server takes are one piece of code.
package final class RequestSchema {
    package struct Member {
        package let name: String
        package let schema: JSONValue
        package let description: String
        package let required: Bool
    }

    package static let probeKey = CodingUserInfoKey(rawValue: "workbench.requestSchema")!
    package private(set) var members: [Member] = []

    /// Notes a member the type reads (once: the first note of a name stands).
    package func note(_ name: String, _ schema: JSONValue, _ description: String = "", required: Bool = false) {
        guard !members.contains(where: { $0.name == name }) else { return }
        members.append(Member(name: name, schema: schema, description: description, required: required))
    }

    /// What `T` reads, from one decoding of a probe.
    package static func of<T: Decodable>(_ type: T.Type) -> RequestSchema {
        let schema = RequestSchema()
        _ = try? T(from: Probe(schema: schema))
        return schema
    }

    /// A body that is one of several request shapes, each read from its own probe type.
    package static func oneOf(_ alternatives: any Decodable.Type...) -> JSONValue {
        .object([("oneOf", .array(alternatives.map { of($0).body() }))])
    }

    /// As a JSON body: an object of these members, the ones the type needs required, and no
    /// others unless `open` (a type that reads what it knows and lets the rest be).
    package func body(open: Bool = false) -> JSONValue {
        JSONSchema.object(members.map { ($0.name, $0.schema) }, required: members.filter(\.required).map(\.name), open: open)
    }

    /// A probe reads every member as absent; the type's reading helpers note what they read.
    private struct Probe: Decoder, KeyedDecodingContainerProtocol {
        typealias Key = AnyCodingKey
        let schema: RequestSchema
        var codingPath: [any CodingKey] { [] }
        var userInfo: [CodingUserInfoKey: Any] { [RequestSchema.probeKey: schema] }
        var allKeys: [AnyCodingKey] { [] }

        struct Absent: Error {}

        func container<K: CodingKey>(keyedBy type: K.Type) throws -> KeyedDecodingContainer<K> {
            guard let container = KeyedDecodingContainer(self) as? KeyedDecodingContainer<K> else { throw Absent() }
            return container
        }
        func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw Absent() }
        func singleValueContainer() throws -> any SingleValueDecodingContainer { throw Absent() }

        func contains(_ key: AnyCodingKey) -> Bool { false }
        func decodeNil(forKey key: AnyCodingKey) throws -> Bool { true }
        func decode<T: Decodable>(_ type: T.Type, forKey key: AnyCodingKey) throws -> T { throw Absent() }
        func nestedContainer<N: CodingKey>(keyedBy type: N.Type, forKey key: AnyCodingKey) throws -> KeyedDecodingContainer<N> { throw Absent() }
        func nestedUnkeyedContainer(forKey key: AnyCodingKey) throws -> any UnkeyedDecodingContainer { throw Absent() }
        func superDecoder() throws -> any Decoder { self }
        func superDecoder(forKey key: AnyCodingKey) throws -> any Decoder { self }
    }
}

extension KeyedDecodingContainer<AnyCodingKey> {
    /// The schema being read, when this container is a probe's (`RequestSchema.of`).
    package var requestSchema: RequestSchema? { (try? superDecoder())?.userInfo[RequestSchema.probeKey] as? RequestSchema }
}
