import ChartEngine
import ChartRendering
import HTTPServer
import WorkbenchStores
import WorkbenchSupport

/// `POST /api/drafts/{name}/changes`: parameter values set on the shared draft
/// (`{"parameters": {...}, "step"?}`), or an earlier step of this page undone
/// (`{"undoOf": step, "step"?}`). The API document says it as the two alternatives.
struct DraftChangeRequest: Decodable {
    /// The page's id for this change, so it can undo it later.
    let step: String?
    let edit: DraftStore.Edit

    static var schema: JSONValue { RequestSchema.oneOf(SetValues.self, Undo.self) }

    init(from decoder: any Decoder) throws {
        let members = try decoder.container(keyedBy: AnyCodingKey.self)
        step = try Self.step(members, "step")
        if let undoOf = try Self.step(members, "undoOf") {
            guard !members.contains(AnyCodingKey("parameters")) else { throw KeyedDecodingContainer.refusal("undoOf", "send either parameters or undoOf, not both") }
            edit = .undo(step: undoOf)
        } else {
            edit = .set(try Self.values(members))
        }
    }

    /// A page's step id: 1–64 printable ASCII characters; null reads as none.
    private static func step(_ members: KeyedDecodingContainer<AnyCodingKey>, _ name: String, required: Bool = false) throws -> String? {
        guard let text = try members.member(name, String.self, "must be a string", schema: JSONSchema.text(1...64, pattern: "^[!-~]+$"),
                                            required: required, nullable: true) else { return nil }
        guard (1...64).contains(text.utf8.count), text.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else {
            throw KeyedDecodingContainer.refusal(name, "must be 1–64 printable ASCII characters")
        }
        return text
    }

    /// Every parameter, at least one (an edit of an Explore round's best says its values so too).
    static let valuesSchema: JSONValue = {
        guard case .object(let pairs) = JSONSchema.object(ChartStyle.definitions.map { ($0.key, $0.jsonSchema) }) else { return .null }
        return .object(pairs + [("minProperties", .number(1))])
    }()

    /// The values set, each checked by its parameter's definition.
    private static func values(_ members: KeyedDecodingContainer<AnyCodingKey>) throws -> DraftStore.Values {
        guard let value = try members.member("parameters", JSONValue.self, "must be an object of parameter values", schema: valuesSchema, required: true),
              case .object(let pairs) = value else {
            throw KeyedDecodingContainer.refusal("parameters", "must be an object of parameter values")
        }
        guard !pairs.isEmpty else { throw KeyedDecodingContainer.refusal("parameters", "must name at least one parameter") }
        var checked: DraftStore.Values = []
        for (key, value) in pairs {
            guard let definition = ParameterDefinition.named(key) else { throw ChartRequestError(.unknownParameter, field: key, "unknown parameter \"\(key)\"") }
            guard !checked.contains(where: { $0.0 == key }) else { throw KeyedDecodingContainer.refusal(key, "is given twice") }
            checked.append((key, .parameter(try ParameterValue.reading(value, as: definition))))
        }
        return checked
    }

    /// The document's first alternative: values set.
    private struct SetValues: Decodable {
        init(from decoder: any Decoder) throws {
            let members = try decoder.container(keyedBy: AnyCodingKey.self)
            _ = try DraftChangeRequest.step(members, "step")
            _ = try DraftChangeRequest.values(members)
        }
    }

    /// The second: an earlier step undone.
    private struct Undo: Decodable {
        init(from decoder: any Decoder) throws {
            let members = try decoder.container(keyedBy: AnyCodingKey.self)
            _ = try DraftChangeRequest.step(members, "step")
            _ = try DraftChangeRequest.step(members, "undoOf", required: true)
        }
    }
}
