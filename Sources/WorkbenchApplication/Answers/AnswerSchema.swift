import HTTPServer
import WorkbenchSupport

/// An answer type that can show an example of itself: the OpenAPI document's schema of that
/// answer is derived from it (every member required, its JSON type; a member that is null in
/// the example may be anything, an array's items are its first element's schema), so the
/// document and the type cannot disagree.
protocol DocumentedAnswer: Encodable {
    static var example: Self { get }
}

extension DocumentedAnswer {
    static var schema: JSONValue { AnswerSchema.of(JSONValueEncoder.encode(example)) }
}

enum AnswerSchema {
    static func of(_ value: JSONValue) -> JSONValue {
        switch value {
        case .null: SchemaObject().json
        case .bool: JSONSchema.boolean
        case .number: JSONSchema.number
        case .string: JSONSchema.string
        case .array(let items): SchemaObject(type: "array", items: items.first.map(of) ?? SchemaObject().json).json
        case .object(let members) where members.isEmpty: SchemaObject(type: "object").json
        case .object(let members): SchemaObject(type: "object", properties: OrderedMembers(members.map { ($0.0, of($0.1)) }), required: members.map(\.0)).json
        }
    }
}

extension Array: DocumentedAnswer where Element: DocumentedAnswer {
    static var example: [Element] { [Element.example] }
}

extension Router.Answer {
    /// A JSON answer whose schema is derived from its type.
    static func json<T: DocumentedAnswer>(_ description: String, _ type: T.Type, status: Int = 200) -> Router.Answer {
        .json(description, T.schema, status: status)
    }
}

/// Two values written as one JSON object: the first's members, then the second's. How an answer
/// or event extends a shared part (a draft's state, a review, what happened) with its own members
/// without repeating the shared ones.
struct Joined<First: Encodable, Second: Encodable>: Encodable {
    let first: First
    let second: Second

    init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
    }

    func encode(to encoder: any Encoder) throws {
        try first.encode(to: encoder)
        try second.encode(to: encoder)
    }
}

extension Joined: DocumentedAnswer where First: DocumentedAnswer, Second: DocumentedAnswer {
    static var example: Joined { Joined(First.example, Second.example) }
}

/// A member the answer leaves out while it is nil (where the default writes null): a draft
/// change's `step` and `undoOf`, a skip's `message`, the API document's optional members are
/// there only when they say something.
@propertyWrapper
struct OmittedWhenNil<Value: Encodable>: Encodable {
    var wrappedValue: Value?

    init(wrappedValue: Value?) { self.wrappedValue = wrappedValue }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(wrappedValue)
    }
}

extension KeyedEncodingContainer {
    mutating func encode<Value>(_ member: OmittedWhenNil<Value>, forKey key: Key) throws {
        if let value = member.wrappedValue { try encode(value, forKey: key) }
    }
}
