import ChartEngine
import WorkbenchSupport

/// Reading a request's flat members: each a value of one kind, or a refusal that names it.
/// Read by `RequestSchema.of`'s probe, each helper notes the member's schema instead.
extension KeyedDecodingContainer<AnyCodingKey> {
    /// The member's value; nil when it is absent.
    package func member<T: Decodable>(_ name: String, _ type: T.Type, _ expected: String, schema: JSONValue, _ description: String = "") throws -> T? {
        if let probe = requestSchema { probe.note(name, schema, description); return nil }
        let key = AnyCodingKey(name)
        guard contains(key) else { return nil }
        do { return try decode(type, forKey: key) } catch { throw ChartRequestError(.invalidField, field: name, expected) }
    }

    package func text(_ name: String, schema: JSONValue = JSONSchema.string, _ description: String = "") throws -> String? {
        try member(name, String.self, "must be a string", schema: schema, description)
    }

    package func flag(_ name: String, _ description: String = "") throws -> Bool? {
        try member(name, Bool.self, "must be true or false", schema: JSONSchema.boolean, description)
    }

    /// One of `choices`.
    package func choice(_ name: String, _ choices: [String], _ description: String = "") throws -> String? {
        guard let text = try text(name, schema: JSONSchema.enumeration(choices), description) else { return nil }
        guard choices.contains(text) else { throw ChartRequestError(.invalidField, field: name, "must be \(Self.either(choices))") }
        return text
    }

    /// A number within `range`.
    package func number(_ name: String, in range: ClosedRange<Double>, integer: Bool = false, _ description: String = "") throws -> Double? {
        guard let number = try member(name, Double.self, "must be a number", schema: JSONSchema.range(range, integer: integer), description) else { return nil }
        guard range.contains(number) else {
            throw ChartRequestError(.invalidField, field: name, "must be between \(NumberText.shortest(range.lowerBound)) and \(NumberText.shortest(range.upperBound))")
        }
        return number
    }

    /// "in or out", "light or dark", "one of a, b, c".
    static func either(_ choices: [String]) -> String {
        choices.count == 2 ? "\(choices[0]) or \(choices[1])" : "one of \(choices.joined(separator: ", "))"
    }
}
