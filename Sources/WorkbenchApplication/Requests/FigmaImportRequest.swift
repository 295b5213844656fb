import HTTPServer
import WorkbenchSupport

/// `POST /api/presets/{name}/figma`: a Figma Variables file (the REST API's
/// `GET /v1/files/:key/variables/local` answer), whether to apply it, and the revision its
/// preview was of.
struct FigmaImportRequest: Decodable {
    /// The file as it came; `FigmaVariables.preview` reads it by Figma's documented format.
    let variables: JSONValue
    let apply: Bool
    /// The revision the preview was of ("3"), if the page said.
    let revision: String?

    init(from decoder: any Decoder) throws {
        let members = try decoder.container(keyedBy: AnyCodingKey.self)
        let anObject = SchemaObject(type: "object").json
        let file = JSONSchema.object([("meta", JSONSchema.object([("variables", anObject), ("variableCollections", anObject)],
                                                                 required: ["variables", "variableCollections"], open: true))],
                                     required: ["meta"], open: true)
        let expected = "must be the Figma Variables file (an object)"
        let variables = try members.member("variables", JSONValue.self, expected, schema: file, required: true)
        apply = try members.flag("apply") ?? false
        let seen = try members.member("revision", JSONValue.self, "must be a revision number", schema: OpenAPIDocument.revision)
        guard let variables, case .object = variables else { throw members.refusal("variables", expected) }
        self.variables = variables
        switch seen {
        case nil: revision = nil
        case .string(let text)?: revision = text
        case .number(let n)? where n.rounded() == n && n >= 1 && n < 1e15: revision = String(Int(n))
        default: throw members.refusal("revision", "must be a revision number")
        }
    }
}
