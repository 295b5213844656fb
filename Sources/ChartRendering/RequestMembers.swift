import ChartEngine
import WorkbenchSupport

/// Reading a request's flat members: each a value of one kind, or a refusal that names it.
extension KeyedDecodingContainer<AnyCodingKey> {
    /// The member's value; nil when it is absent.
    package func member<T: Decodable>(_ name: String, _ type: T.Type, _ expected: String) throws -> T? {
        let key = AnyCodingKey(name)
        guard contains(key) else { return nil }
        do { return try decode(type, forKey: key) } catch { throw ChartRequestError(.invalidField, field: name, expected) }
    }

    package func text(_ name: String) throws -> String? { try member(name, String.self, "must be a string") }
    package func flag(_ name: String) throws -> Bool? { try member(name, Bool.self, "must be true or false") }

    /// A number within `range`.
    package func number(_ name: String, in range: ClosedRange<Double>) throws -> Double? {
        guard let number = try member(name, Double.self, "must be a number") else { return nil }
        guard range.contains(number) else {
            throw ChartRequestError(.invalidField, field: name, "must be between \(NumberText.shortest(range.lowerBound)) and \(NumberText.shortest(range.upperBound))")
        }
        return number
    }
}
