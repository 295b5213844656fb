/// A JSON Schema as OpenAPI 3.0 writes it: the keywords the API document uses, each typed.
/// Absent keywords are left out, and those present are written in one fixed order (type first,
/// then what it allows, then what an object holds), the order the document has always had.
package struct SchemaObject: Encodable, Sendable {
    package var type: String?
    package var nullable: Bool?
    package var choices: [JSONValue]?
    package var format: String?
    package var minimum: Double?
    package var maximum: Double?
    package var defaultValue: Double?
    package var description: String?
    package var minLength: Int?
    package var maxLength: Int?
    package var pattern: String?
    package var minItems: Int?
    package var maxItems: Int?
    package var uniqueItems: Bool?
    package var items: JSONValue?
    package var properties: OrderedMembers<JSONValue>?
    package var required: [String]?
    package var additionalProperties: Bool?
    package var minProperties: Int?
    package var maxProperties: Int?
    package var oneOf: [JSONValue]?
    package var reference: String?
    /// Said before everything else: a member of the preset body says what it is for first.
    package var leadingDescription: String?

    package init(type: String? = nil, nullable: Bool? = nil, choices: [JSONValue]? = nil, format: String? = nil,
                 minimum: Double? = nil, maximum: Double? = nil, defaultValue: Double? = nil, description: String? = nil,
                 minLength: Int? = nil, maxLength: Int? = nil, pattern: String? = nil,
                 minItems: Int? = nil, maxItems: Int? = nil, uniqueItems: Bool? = nil, items: JSONValue? = nil,
                 properties: OrderedMembers<JSONValue>? = nil, required: [String]? = nil, additionalProperties: Bool? = nil,
                 minProperties: Int? = nil, maxProperties: Int? = nil, oneOf: [JSONValue]? = nil, reference: String? = nil) {
        self.type = type; self.nullable = nullable; self.choices = choices; self.format = format
        self.minimum = minimum; self.maximum = maximum; self.defaultValue = defaultValue; self.description = description
        self.minLength = minLength; self.maxLength = maxLength; self.pattern = pattern
        self.minItems = minItems; self.maxItems = maxItems; self.uniqueItems = uniqueItems; self.items = items
        self.properties = properties; self.required = required; self.additionalProperties = additionalProperties
        self.minProperties = minProperties; self.maxProperties = maxProperties; self.oneOf = oneOf; self.reference = reference
    }

    /// As the document holds it.
    package var json: JSONValue { JSONValueEncoder.encode(self) }

    /// This schema with `text` said first.
    package func described(_ text: String) -> SchemaObject {
        var schema = self
        schema.leadingDescription = text
        return schema
    }

    private enum CodingKeys: String, CodingKey {
        case type, nullable, choices = "enum", format, minimum, maximum, defaultValue = "default", description
        case minLength, maxLength, pattern, minItems, maxItems, uniqueItems, items
        case properties, required, additionalProperties, minProperties, maxProperties, oneOf, reference = "$ref"
    }

    private enum Leading: CodingKey { case description }

    package func encode(to encoder: any Encoder) throws {
        if let leadingDescription {
            var leading = encoder.container(keyedBy: Leading.self)
            try leading.encode(leadingDescription, forKey: .description)
        }
        var c = encoder.container(keyedBy: CodingKeys.self)
        // The encoder writes a nil optional as null; a schema leaves an absent keyword out.
        func put(_ value: (some Encodable)?, _ key: CodingKeys) throws { if let value { try c.encode(value, forKey: key) } }
        try put(type, .type); try put(nullable, .nullable); try put(choices, .choices); try put(format, .format)
        try put(minimum, .minimum); try put(maximum, .maximum); try put(defaultValue, .defaultValue); try put(description, .description)
        try put(minLength, .minLength); try put(maxLength, .maxLength); try put(pattern, .pattern)
        try put(minItems, .minItems); try put(maxItems, .maxItems); try put(uniqueItems, .uniqueItems); try put(items, .items)
        try put(properties, .properties); try put(required, .required); try put(additionalProperties, .additionalProperties)
        try put(minProperties, .minProperties); try put(maxProperties, .maxProperties); try put(oneOf, .oneOf); try put(reference, .reference)
    }
}


/// JSON Schema (as OpenAPI 3.0 writes it) for the members of requests: what the API document
/// says each member may be. Built from the same ranges and choices the decoding checks.
package enum JSONSchema {
    package static let string = SchemaObject(type: "string").json
    package static let number = SchemaObject(type: "number").json
    package static let boolean = SchemaObject(type: "boolean").json

    package static func range(_ range: ClosedRange<Double>, integer: Bool = false, default value: Double? = nil, description: String? = nil) -> JSONValue {
        SchemaObject(type: integer ? "integer" : "number", minimum: range.lowerBound, maximum: range.upperBound, defaultValue: value, description: description).json
    }

    package static func enumeration(_ values: [String]) -> JSONValue {
        SchemaObject(type: "string", choices: values.map(JSONValue.string)).json
    }

    package static func text(_ lengths: ClosedRange<Int>, pattern: String? = nil) -> JSONValue {
        SchemaObject(type: "string", minLength: lengths.lowerBound, maxLength: lengths.upperBound, pattern: pattern).json
    }

    package static func pattern(_ pattern: String) -> JSONValue { SchemaObject(type: "string", pattern: pattern).json }

    /// An object schema: these members, the `required` ones, and no others unless `open`.
    package static func object(_ properties: [(String, JSONValue)], required: [String] = [], open: Bool = false) -> JSONValue {
        objectSchema(properties, required: required, open: open).json
    }

    /// The same, to be narrowed further (a least or most number of members).
    package static func objectSchema(_ properties: [(String, JSONValue)], required: [String] = [], open: Bool = false) -> SchemaObject {
        SchemaObject(type: "object", properties: OrderedMembers(properties), required: required.isEmpty ? nil : required, additionalProperties: open ? nil : false)
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
        SchemaObject(oneOf: alternatives.map { of($0).body() }).json
    }

    /// As a JSON body: an object of these members, the ones the type needs required, and no
    /// others unless `open` (a type that reads what it knows and lets the rest be).
    package func body(open: Bool = false) -> JSONValue { bodySchema(open: open).json }

    /// The same, to be narrowed further.
    package func bodySchema(open: Bool = false) -> SchemaObject {
        JSONSchema.objectSchema(members.map { ($0.name, $0.schema) }, required: members.filter(\.required).map(\.name), open: open)
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
