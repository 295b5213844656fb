import WorkbenchSupport
import HTTPServer
import WorkbenchStores
import WorkbenchExports
import PriceData
import Foundation
import ChartEngine
import ChartRendering

/// The OpenAPI 3 description of the HTTP API, served at `/api/openapi.json`, generated from the
/// route table (paths, methods, bodies, answers) and the parameter definitions (render
/// parameters), so it cannot fall behind either.
package enum OpenAPIDocument {
    package static let string = JSONSchema.string
    package static let number = JSONSchema.number
    package static let boolean = JSONSchema.boolean

    package static func range(_ range: ClosedRange<Double>, integer: Bool = false, default value: Double? = nil, description: String? = nil) -> JSONValue {
        JSONSchema.range(range, integer: integer, default: value, description: description)
    }

    package static func enumeration(_ values: [String]) -> JSONValue { JSONSchema.enumeration(values) }

    package typealias Query = Router.QueryParameter

    package static func object(_ properties: [(String, JSONValue)], required: [String] = [], open: Bool = false) -> JSONValue {
        JSONSchema.object(properties, required: required, open: open)
    }

    package static func text(_ lengths: ClosedRange<Int>, pattern: String? = nil) -> JSONValue { JSONSchema.text(lengths, pattern: pattern) }

    /// A revision: its number, as the API writes it ("3") or as a number.
    package static let revisionPattern = "^[1-9][0-9]{0,8}$"
    package static let revisionText = JSONSchema.pattern(revisionPattern)
    package static let revision = SchemaObject(oneOf: [revisionText, range(1...Double(HistoryRoutes.maxRevision), integer: true)]).json

    /// A preset name as the document can say it: 1–64 characters, no control, format (zero-width,
    /// bidi) or line/paragraph separator characters (`NameRules`). (Names that are blank, "." or
    /// "..", or read as a file path are refused too.)
    package static let presetNamePattern = "^[^\\u0000-\\u001F\\u007F-\\u009F\\u00AD\\u0600-\\u0605\\u061C\\u06DD\\u070F\\u0890\\u0891\\u08E2\\u180E\\u200B\\u200C\\u200E\\u200F\\u2028-\\u202E\\u2060-\\u2064\\u2066-\\u206F\\uFEFF\\uFFF9-\\uFFFB]*[^\\s\\u0000-\\u001F\\u007F-\\u009F\\u00AD\\u0600-\\u0605\\u061C\\u06DD\\u070F\\u0890\\u0891\\u08E2\\u180E\\u200B\\u200C\\u200E\\u200F\\u2028-\\u202E\\u2060-\\u2064\\u2066-\\u206F\\uFEFF\\uFFF9-\\uFFFB][^\\u0000-\\u001F\\u007F-\\u009F\\u00AD\\u0600-\\u0605\\u061C\\u06DD\\u070F\\u0890\\u0891\\u08E2\\u180E\\u200B\\u200C\\u200E\\u200F\\u2028-\\u202E\\u2060-\\u2064\\u2066-\\u206F\\uFEFF\\uFFF9-\\uFFFB]*$"
    package static let presetName = text(1...64, pattern: presetNamePattern)
    static let hexColor = JSONSchema.pattern("^#[0-9A-Fa-f]{6}$")

    /// A CSV upload as the rows it holds (the document's way to say what a valid file is; a
    /// client sends them as `time,price` lines; a row without a price is a gap). The importer
    /// reads far more layouts than this, from text, not JSON: so this is a schema, not a request type.
    static let csvRows: JSONValue = {
        let time = SchemaObject(type: "number", minimum: -Double(TimeText.maxEpochNumber), maximum: Double(TimeText.maxEpochNumber))
        let price = SchemaObject(type: "number", nullable: true, minimum: -1e12, maximum: 1e12)
        let row = object([("time", time.json), ("price", price.json)], required: ["time"], open: true)
        return SchemaObject(type: "array", minItems: 1, items: row).json
    }()

    /// A request type's members as query parameters, read from its own decoding (`RequestSchema`).
    package static func query<T: Decodable>(_ type: T.Type) -> [Query] {
        RequestSchema.of(type).members.map { Query($0.name, $0.schema, $0.description) }
    }

    package static let exportQuery: [Query] = [Query("format", enumeration(ExportFormat.allCases.map(\.rawValue) + HandoffBundle.Platform.allCases.map(\.rawValue))),
                                       Query("revision", JSONSchema.pattern("^([1-9][0-9]{0,8}|approved)$"),
                                             "a saved revision's number, or approved (the current one by default)"),
                                       Query("delivery", enumeration(ExportRoutes.deliveries), "preview (the export dialog's, not logged), download or copy (logged); download by default")]
    package static let dataQuery: [Query] = [Query("period", enumeration(Period.allCases.map(\.rawValue))), Query("maxPoints", range(DataRoutes.maxPointsRange, integer: true))]

    /// Statuses any route can answer: a bad request, a secret this workbench does not know (or
    /// revoked), or a wrong `Host`.
    package static let commonErrors = [400, 401, 421]
    /// …and any write: a foreign origin, a body too large or of the wrong type, the history
    /// unavailable (removed, replaced or read-only) or too many writes at once.
    package static let writeErrors = [403, 413, 415, 429, 503]

    /// A query value's schema as the server reads it: a free string holds no NUL (the HTTP core
    /// refuses a query with one, whatever the route).
    static func queryValue(_ schema: JSONValue) -> JSONValue {
        guard case .object(let members) = schema, schema["type"]?.stringValue == "string", schema["pattern"] == nil, schema["enum"] == nil else { return schema }
        return .object(members + [("pattern", .string("^[^\\u0000]*$"))])
    }

    package static func json(for router: Router) -> JSONValue {
        let errorResponse = Response(description: "error", content: [(MediaType.json.rawValue, SchemaObject(reference: "#/components/schemas/Error").json)])
        var paths: [(String, [(String, Operation)])] = []
        for route in router.routes {
            var parameters: [Parameter] = route.path.split(separator: "/").filter { $0.hasPrefix("{") }.map { segment in
                let name = String(segment.dropFirst().dropLast())
                return Parameter(name: name, location: "path", description: nil, schema: route.pathSchemas[name] ?? SchemaObject(type: "string", minLength: 1).json)
            }
            parameters += route.requiredHeaders.map { Parameter(name: $0.name, location: "header", required: true, description: $0.description, schema: $0.schema) }
            parameters += route.query.map { Parameter(name: $0.name, location: "query", required: false, description: $0.description, schema: queryValue($0.schema)) }
            var responses: [(String, Response)] = route.answers.map { answer in
                (String(answer.status), Response(description: answer.description, content: answer.types.isEmpty ? nil : answer.types.map { type in
                    (type.rawValue, answer.schema ?? (type == .json ? SchemaObject().json : string))
                }))
            }
            let isWrite = HostOriginGuard.writeMethods.contains(route.method)
            let errors = Set(commonErrors + (isWrite ? writeErrors : []) + route.errors + (route.path.contains("{") ? [404] : [])).sorted()
            responses += errors.map { (String($0), errorResponse) }
            let requestBody = route.body.map { body in
                Response.Content([(body.rawValue, Response.Schema(schema: route.bodySchema ?? (body == .json ? SchemaObject(type: "object").json : string)))])
            }
            let operation = Operation(summary: route.summary, parameters: parameters, responses: OrderedMembers(responses), requestBody: requestBody.map(RequestBody.init))
            let entry = (route.method.lowercased(), operation)
            if let index = paths.firstIndex(where: { $0.0 == route.path }) { paths[index].1.append(entry) } else { paths.append((route.path, [entry])) }
        }
        return JSONValueEncoder.encode(Document(paths: OrderedMembers(paths.map { ($0.0, OrderedMembers($0.1)) })))
    }

    /// The document: its fixed head, the paths, and the error every route may answer.
    private struct Document: Encodable {
        let openapi = "3.0.3"
        let info = Info()
        let paths: OrderedMembers<OrderedMembers<Operation>>
        let components = Components()
    }

    private struct Info: Encodable {
        let title = "Chart Workbench"
        let version = "1.0.0"
        let description = "Tune, compare and export the price chart's parameters."
    }

    private struct Components: Encodable {
        let schemas = Schemas()

        struct Schemas: Encodable {
            let error = object([("error", object([("code", string), ("message", string), ("field", SchemaObject(type: "string", nullable: true).json)], open: true))],
                               open: true)

            enum CodingKeys: String, CodingKey { case error = "Error" }
        }
    }

    /// One method of a path.
    private struct Operation: Encodable {
        let summary: String
        let parameters: [Parameter]
        let responses: OrderedMembers<Response>
        @OmittedWhenNil var requestBody: RequestBody?
    }

    /// A path segment, a header or a query member the operation reads.
    private struct Parameter: Encodable {
        let name: String
        let location: String
        var required = true
        /// Path parameters go without one.
        @OmittedWhenNil var description: String?
        let schema: JSONValue

        enum CodingKeys: String, CodingKey { case name, location = "in", required, description, schema }
    }

    /// An answer of a status: what it is and, unless it has no body, its media types and schemas.
    private struct Response: Encodable {
        let description: String
        let content: Content?

        init(description: String, content: [(String, JSONValue)]?) {
            self.description = description
            self.content = content.map { Content($0.map { ($0.0, Schema(schema: $0.1)) }) }
        }

        typealias Content = OrderedMembers<Schema>
        struct Schema: Encodable { let schema: JSONValue }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(description, forKey: .description)
            if let content { try c.encode(content, forKey: .content) }
        }

        enum CodingKeys: CodingKey { case description, content }
    }

    private struct RequestBody: Encodable {
        let required = true
        let content: Response.Content
    }
}
