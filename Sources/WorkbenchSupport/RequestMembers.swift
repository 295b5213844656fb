/// Reading a request's flat members: each a value of one kind, or a refusal naming it
/// (`JSONValueDecoder.Failure`). Read by `RequestSchema.of`'s probe, each helper notes the
/// member's schema instead (and whether the request needs it), so the API document says
/// exactly what is read here.
extension KeyedDecodingContainer<AnyCodingKey> {
    /// The member's value; nil when it is absent (or null, when `nullable`).
    /// The schema is built only for a probe: a request's own decoding never pays for it.
    package func member<T: Decodable>(_ name: String, _ type: T.Type, _ expected: String, schema: @autoclosure () -> JSONValue, _ description: String = "",
                                      required: Bool = false, nullable: Bool = false) throws -> T? {
        if let probe = requestSchema { probe.note(name, schema(), description, required: required); return nil }
        let key = AnyCodingKey(name)
        guard contains(key) else { return nil }
        if nullable, (try? decodeNil(forKey: key)) == true { return nil }
        do { return try decode(type, forKey: key) } catch let failure as JSONValueDecoder.Failure where failure.path.count <= codingPath.count + 1 {
            // The member itself is of the wrong kind; a refusal deeper in (a nested request's) stands as it is.
            throw refusal(name, expected)
        }
    }

    /// A refusal of this container's member `name`, at its whole coding path ("view.period").
    package func refusal(_ name: String, _ message: String) -> JSONValueDecoder.Failure {
        JSONValueDecoder.Failure(path: codingPath + [AnyCodingKey(name)], message: message)
    }

    package func text(_ name: String, schema: @autoclosure () -> JSONValue = JSONSchema.string, _ description: String = "", required: Bool = false) throws -> String? {
        try member(name, String.self, "must be a string", schema: schema(), description, required: required)
    }

    package func flag(_ name: String, _ description: String = "", required: Bool = false) throws -> Bool? {
        try member(name, Bool.self, "must be true or false", schema: JSONSchema.boolean, description, required: required)
    }

    /// One of `choices`; `expected` says so when it is not ("must be in or out" by default).
    package func choice(_ name: String, _ choices: [String], _ description: String = "", expected: String? = nil, required: Bool = false) throws -> String? {
        let refused = expected ?? "must be " + Self.either(choices)
        guard let text = try member(name, String.self, refused, schema: JSONSchema.enumeration(choices), description, required: required) else { return nil }
        guard choices.contains(text) else { throw refusal(name, refused) }
        return text
    }

    /// A number within `range`.
    package func number(_ name: String, in range: ClosedRange<Double>, integer: Bool = false, _ description: String = "",
                        expected: String? = nil, required: Bool = false, nullable: Bool = false) throws -> Double? {
        guard let number = try member(name, Double.self, expected ?? "must be a number", schema: JSONSchema.range(range, integer: integer), description,
                                      required: required, nullable: nullable) else { return nil }
        guard range.contains(number), !integer || number == number.rounded() else {
            throw refusal(name, expected ?? "must be \(integer ? "a whole number " : "")between \(Self.text(range.lowerBound)) and \(Self.text(range.upperBound))")
        }
        return number
    }

    /// A member the request cannot do without, read (and noted as required) by `read`;
    /// `missing` says so when it is absent.
    package func required<T>(_ name: String, _ missing: String, _ read: (Self, String) throws -> T?) throws -> T {
        guard let value = try read(self, name) else { throw refusal(name, missing) }
        return value
    }

    /// Refuses a member not in `known`, saying `message` of it ("is not a field of a person (name, invitation)").
    package func refuseOthers(than known: Set<String>, _ message: String) throws {
        if let other = allKeys.first(where: { !known.contains($0.stringValue) }) { throw refusal(other.stringValue, message) }
    }

    package static func refusal(_ name: String, _ message: String) -> JSONValueDecoder.Failure {
        JSONValueDecoder.Failure(path: [AnyCodingKey(name)], message: message)
    }

    /// "in or out", "left, right or none".
    static func either(_ choices: [String]) -> String {
        choices.count <= 1 ? choices.joined() : choices.dropLast().joined(separator: ", ") + " or " + choices[choices.count - 1]
    }

    static func text(_ number: Double) -> String { JSONValue.number(number).serialized() }
}
