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
        case .null: .object([])
        case .bool: .object([("type", .string("boolean"))])
        case .number: .object([("type", .string("number"))])
        case .string: .object([("type", .string("string"))])
        case .array(let items): .object([("type", .string("array")), ("items", items.first.map(of) ?? .object([]))])
        case .object(let members) where members.isEmpty: .object([("type", .string("object"))])
        case .object(let members):
            .object([("type", .string("object")), ("properties", .object(members.map { ($0.0, of($0.1)) })),
                     ("required", .array(members.map { .string($0.0) }))])
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
