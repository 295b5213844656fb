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
    package static let revisionText = JSONValue.object([("type", .string("string")), ("pattern", .string(revisionPattern))])
    package static let revision = JSONValue.object([("oneOf", .array([revisionText, range(1...Double(HistoryRoutes.maxRevision), integer: true)]))])
    /// A request type's members as query parameters, read from its own decoding (`RequestSchema`).
    package static func query<T: Decodable>(_ type: T.Type) -> [Query] {
        RequestSchema.of(type).members.map { Query($0.name, $0.schema, $0.description) }
    }

    package static let exportQuery: [Query] = [Query("format", enumeration(ExportFormat.allCases.map(\.rawValue) + HandoffBundle.Platform.allCases.map(\.rawValue))),
                                       Query("revision", .object([("type", .string("string")), ("pattern", .string("^([1-9][0-9]{0,8}|approved)$"))]),
                                             "a saved revision's number, or approved (the current one by default)"),
                                       Query("delivery", enumeration(ExportRoutes.deliveries), "preview (the export dialog's, not logged), download or copy (logged); download by default")]
    package static let dataQuery: [Query] = [Query("period", enumeration(Period.allCases.map(\.rawValue))), Query("maxPoints", range(DataRoutes.maxPointsRange, integer: true))]

    /// Statuses any route can answer: a bad request, a secret this workbench does not know (or
    /// revoked), or a wrong `Host`.
    package static let commonErrors = [400, 401, 421]
    /// …and any write: a foreign origin, a body too large or of the wrong type, the history
    /// unavailable (removed, replaced or read-only) or too many writes at once.
    package static let writeErrors = [403, 413, 415, 429, 503]

    package static func json(for router: Router) -> JSONValue {
        let errorResponse = JSONValue.object([("description", .string("error")), ("content", .object([("application/json", .object([
            ("schema", .object([("$ref", .string("#/components/schemas/Error"))])),
        ]))]))])
        var paths: [(String, [(String, JSONValue)])] = []
        for route in router.routes {
            var parameters: [JSONValue] = route.path.split(separator: "/").filter { $0.hasPrefix("{") }.map { segment in
                let name = String(segment.dropFirst().dropLast())
                return .object([("name", .string(name)), ("in", .string("path")), ("required", .bool(true)),
                                ("schema", route.pathSchemas[name] ?? .object([("type", .string("string")), ("minLength", .number(1))]))])
            }
            parameters += route.requiredHeaders.map { h in
                .object([("name", .string(h.name)), ("in", .string("header")), ("required", .bool(true)),
                         ("description", .string(h.description)), ("schema", h.schema)])
            }
            parameters += route.query.map { q in
                .object([("name", .string(q.name)), ("in", .string("query")), ("required", .bool(false)),
                         ("description", .string(q.description)), ("schema", q.schema)])
            }
            var responses: [(String, JSONValue)] = route.answers.map { answer in
                var pairs: [(String, JSONValue)] = [("description", .string(answer.description))]
                if !answer.types.isEmpty {
                    pairs.append(("content", .object(answer.types.map { type in
                        (type.rawValue, .object([("schema", answer.schema ?? (type == .json ? .object([]) : string))]))
                    })))
                }
                return (String(answer.status), .object(pairs))
            }
            let isWrite = HostOriginGuard.writeMethods.contains(route.method)
            let errors = Set(commonErrors + (isWrite ? writeErrors : []) + route.errors + (route.path.contains("{") ? [404] : [])).sorted()
            responses += errors.map { (String($0), errorResponse) }
            var operation: [(String, JSONValue)] = [("summary", .string(route.summary)), ("parameters", .array(parameters)),
                                                    ("responses", .object(responses))]
            if let body = route.body {
                let schema = route.bodySchema ?? (body == .json ? JSONValue.object([("type", .string("object"))]) : string)
                operation.append(("requestBody", .object([("required", .bool(true)),
                                                          ("content", .object([(body.rawValue, .object([("schema", schema)]))]))])))
            }
            let entry = (route.method.lowercased(), JSONValue.object(operation))
            if let index = paths.firstIndex(where: { $0.0 == route.path }) { paths[index].1.append(entry) } else { paths.append((route.path, [entry])) }
        }
        return .object([
            ("openapi", .string("3.0.3")),
            ("info", .object([("title", .string("Chart Workbench")), ("version", .string("1.0.0")),
                              ("description", .string("Tune, compare and export the price chart's parameters."))])),
            ("paths", .object(paths.map { ($0.0, .object($0.1)) })),
            ("components", .object([("schemas", .object([("Error", .object([("type", .string("object")), ("properties", .object([
                ("error", .object([("type", .string("object")), ("properties", .object([("code", string), ("message", string),
                                                                                     ("field", .object([("type", .string("string")), ("nullable", .bool(true))]))]))])),
            ]))]))]))])),
        ])
    }
}
