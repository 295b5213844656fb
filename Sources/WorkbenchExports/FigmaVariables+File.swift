import ChartEngine
import WorkbenchStores
import WorkbenchSupport

/// The file `FigmaVariables.export` writes, as the REST API answers `GET /v1/files/:key/variables/local`;
/// collections, variables and values are keyed by their ids.
extension FigmaVariables {
    struct File: Encodable {
        struct Meta: Encodable {
            let variableCollections: OrderedMembers<Collection>
            let variables: OrderedMembers<Variable>
        }
        let status = 200
        let error = false
        let meta: Meta
    }

    struct Mode: Encodable { let modeId: String, name: String }

    struct Collection: Encodable {
        let id: String, name: String, key: String, modes: [Mode], defaultModeId: String
        let remote = false
        let hiddenFromPublishing = false
        let variableIds: [String]
    }

    struct Variable: Encodable {
        /// Per platform; the workbench sets none.
        struct CodeSyntax: Encodable {
            func encode(to encoder: any Encoder) throws { _ = encoder.container(keyedBy: AnyCodingKey.self) }
        }
        let id: String, name: String, key: String, variableCollectionId: String, resolvedType: String
        let valuesByMode: OrderedMembers<Value>
        let remote = false
        let description: String
        let hiddenFromPublishing = false
        let scopes = ["ALL_SCOPES"]
        let codeSyntax = CodeSyntax()
    }

    /// A variable's value in one mode: an opaque colour (0–1 channels) or a number.
    enum Value: Encodable {
        case color(r: Double, g: Double, b: Double)
        case float(Double)

        var resolvedType: String {
            switch self {
            case .color: "COLOR"
            case .float: "FLOAT"
            }
        }

        private enum CodingKeys: String, CodingKey { case r, g, b, a }

        func encode(to encoder: any Encoder) throws {
            switch self {
            case .color(let r, let g, let b):
                var c = encoder.container(keyedBy: CodingKeys.self)
                try c.encode(r, forKey: .r)
                try c.encode(g, forKey: .g)
                try c.encode(b, forKey: .b)
                try c.encode(1.0, forKey: .a)
            case .float(let v):
                var c = encoder.singleValueContainer()
                try c.encode(v)
            }
        }
    }
}

extension FigmaVariables.Preview {
    /// What an import would change, as `POST /api/presets/{name}/figma` answers it.
    struct Answer: Encodable {
        struct Change: Encodable {
            let key: String, variable: String, label: String, from: JSONValue, to: JSONValue
        }
        let changes: [Change]
        let unchanged: [String], notes: [String], ignored: [String]

        init(_ preview: FigmaVariables.Preview) {
            changes = preview.changes.map { c in
                Change(key: c.key, variable: c.variable, label: ParameterDefinition.named(c.key)?.label ?? c.key, from: JSONValueEncoder.encode(c.from), to: JSONValueEncoder.encode(c.to))
            }
            unchanged = preview.unchanged; notes = preview.notes; ignored = preview.ignored
        }
    }
}
