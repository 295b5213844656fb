/// A stored property whose JSON form is another value, made when it is written: a record keeps
/// what its code reads (a revision number, a page id, JSON text) and its encoding writes what
/// answers carry (the number as text, the page's alias, the JSON itself).
@propertyWrapper
package struct WrittenAs<Form: JSONForm>: Sendable, Equatable, Encodable {
    package var wrappedValue: Form.Value

    package init(wrappedValue: Form.Value) { self.wrappedValue = wrappedValue }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(Form.written(wrappedValue))
    }
}

/// How `WrittenAs` writes a stored value.
package protocol JSONForm {
    associatedtype Value: Sendable, Equatable
    associatedtype Written: Encodable
    static func written(_ value: Value) throws -> Written
}

/// A number written as its text ("2"): revision numbers, as ETags and `If-Match` carry them.
package enum AsText: JSONForm {
    package static func written(_ value: Int) -> String { String(value) }
}

/// An optional number written as its text, or null.
package enum AsOptionalText: JSONForm {
    package static func written(_ value: Int?) -> String? { value.map(String.init) }
}

/// JSON kept as its text, written as the JSON it holds (text that is no JSON as `{}`).
package enum AsParsedJSON: JSONForm {
    package static func written(_ text: String) throws -> OpaqueJSON {
        try (try? JSONText.decode(OpaqueJSON.self, from: text)) ?? JSONText.decode(OpaqueJSON.self, from: "{}")
    }
}
