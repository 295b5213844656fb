/// Typed values to and from JSON text through the project's one serializer and parser, for the
/// stores' files and columns: the writer keeps members in the order a type encodes them and
/// writes numbers and escapes exactly as `JSONValue.serialized()` does, so files, hashes and
/// signatures made before typed values are byte for byte what they are now.
package enum JSONText {
    /// `value` as JSON text, compact or indented by two spaces.
    package static func encode(_ value: some Encodable, pretty: Bool = false) -> String {
        JSONValueEncoder.encode(value).serialized(pretty: pretty)
    }

    /// A value read from JSON text; throws `JSONValue.ParseError` for text that is no JSON and
    /// `JSONValueDecoder.Failure` (or the type's own error) for JSON that is not a `T`.
    package static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        try JSONValueDecoder().decode(type, from: JSONValue.parse(bytes))
    }

    package static func decode<T: Decodable>(_ type: T.Type, from text: String) throws -> T {
        try decode(type, from: Array(text.utf8))
    }
}

/// A JSON value carried through unread: kept as it came and written back as it was (a preset's
/// parameter from a newer version). Its reader learns nothing of it but its size.
package struct OpaqueJSON: Codable, Sendable, Equatable {
    private let value: JSONValue

    package static let null = OpaqueJSON(value: .null)

    private init(value: JSONValue) { self.value = value }

    package init(from decoder: any Decoder) throws {
        value = try decoder.singleValueContainer().decode(JSONValue.self)
    }

    package func encode(to encoder: any Encoder) throws {
        var single = encoder.singleValueContainer()
        try single.encode(value)
    }

    /// Bytes of its compact JSON text.
    package var byteCount: Int { value.serialized().utf8.count }
}
