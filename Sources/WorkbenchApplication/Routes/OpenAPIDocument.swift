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
    package static let string = JSONValue.object([("type", .string("string"))])
    package static let number = JSONValue.object([("type", .string("number"))])

    package static func range(_ range: ClosedRange<Double>, integer: Bool = false, default value: Double? = nil, description: String? = nil) -> JSONValue {
        .object([("type", .string(integer ? "integer" : "number")), ("minimum", .number(range.lowerBound)), ("maximum", .number(range.upperBound))]
                + (value.map { [("default", JSONValue.number($0))] } ?? []) + (description.map { [("description", JSONValue.string($0))] } ?? []))
    }

    package static func enumeration(_ values: [String]) -> JSONValue {
        .object([("type", .string("string")), ("enum", .array(values.map(JSONValue.string)))])
    }

    package static func schema(_ d: ParameterDefinition) -> JSONValue {
        switch d.kind {
        case .number(let range, _, _):
            .object([("type", .string("number")), ("minimum", .number(range.lowerBound)), ("maximum", .number(range.upperBound))])
        case .integer(let range, _, let oddOnly) where oddOnly:
            .object([("type", .string("integer")), ("enum", .array(range.filter { $0 % 2 != 0 }.map { .number(Double($0)) }))])
        case .integer(let range, _, _):
            .object([("type", .string("integer")), ("minimum", .number(Double(range.lowerBound))), ("maximum", .number(Double(range.upperBound)))])
        case .color: .object([("type", .string("string")), ("pattern", .string("^#[0-9A-Fa-f]{6}$"))])
        case .choice(let options, _): enumeration(options)
        case .toggle: .object([("type", .string("boolean"))])
        case .cubicBezier:
            // x1,y1,x2,y2 with x in 0–1 and y in −5–5 (ParameterDefinition.bezierX/Y), written as a few digits each.
            .object([("type", .string("string")), ("description", .string("x1,y1,x2,y2: x in \(ParameterDefinition.bezierX), y in \(ParameterDefinition.bezierY)")),
                     ("pattern", .string("^(0(\\.[0-9]{1,4})?|1),(-?[0-4](\\.[0-9]{1,4})?|-?5),(0(\\.[0-9]{1,4})?|1),(-?[0-4](\\.[0-9]{1,4})?|-?5)$"))])
        }
    }

    package typealias Query = Router.QueryParameter

    /// An object schema: these members, the `required` ones, and no others unless `open`.
    package static func object(_ properties: [(String, JSONValue)], required: [String] = [], open: Bool = false) -> JSONValue {
        var pairs: [(String, JSONValue)] = [("type", .string("object")), ("properties", .object(properties))]
        if !required.isEmpty { pairs.append(("required", .array(required.map(JSONValue.string)))) }
        if !open { pairs.append(("additionalProperties", .bool(false))) }
        return .object(pairs)
    }

    package static func text(_ lengths: ClosedRange<Int>, pattern: String? = nil) -> JSONValue {
        var pairs: [(String, JSONValue)] = [("type", .string("string")), ("minLength", .number(Double(lengths.lowerBound))),
                                            ("maxLength", .number(Double(lengths.upperBound)))]
        if let pattern { pairs.append(("pattern", .string(pattern))) }
        return .object(pairs)
    }

    package static let boolean = JSONValue.object([("type", .string("boolean"))])
    /// A revision: its number, as the API writes it ("3") or as a number.
    package static let revisionPattern = "^[1-9][0-9]{0,8}$"
    package static let revisionText = JSONValue.object([("type", .string("string")), ("pattern", .string(revisionPattern))])
    package static let revision = JSONValue.object([("oneOf", .array([revisionText, range(1...Double(HistoryRoutes.maxRevision), integer: true)]))])
    /// A render request's members as a JSON body: the view, the preset to start from and every parameter.
    package static let renderBody: [(String, JSONValue)] = (renderQuery + parameterQuery).map { ($0.name, $0.schema) }

    /// A zone of the database or an offset from UTC (the handler also takes "UTC+2" and "-0530").
    package static let timeZone = JSONValue.object([("oneOf", .array([
        enumeration(TimeZone.knownTimeZoneIdentifiers.filter { $0.count <= 64 && !$0.contains(".") }.sorted()),
        .object([("type", .string("string")), ("pattern", .string("^[+-](0[0-9]|1[0-4]):[0-5][0-9]$"))]),
    ]))])

    package static let renderQuery: [Query] = [
        Query("width", range(ChartDrawing.widthRange), "pixels"), Query("height", range(ChartDrawing.heightRange), "pixels"),
        Query("period", enumeration(Period.allCases.map(\.rawValue))),
        Query("state", enumeration(["inactive", "active"])),
        Query("progress", range(ChartDrawing.progressRange), "transition progress, already eased"),
        Query("selection", range(ChartDrawing.selectionRange), "finger position, share of the width"),
        Query("id", .object([("type", .string("string")), ("pattern", .string("^[A-Za-z0-9_-]{0,40}$"))]), "prefix for element ids"),
        Query("preset", string, "start from this preset instead of the defaults"),
        Query("tz", timeZone, "the viewer's time zone for the label's time: an IANA name (Europe/Berlin) or an offset (+09:00)"),
        Query("reducedMotion", .object([("type", .string("boolean"))]), "the viewer asks for reduced motion: the preset's reduced variant (crossfade or jump) plays"),
        Query("scenario", .object([("type", .string("string")), ("pattern", .string("^[a-z0-9-]{0,40}$"))]),
              "draw this market scenario (GET /api/scenarios) instead of the loaded data; empty: the data"),
    ] + ChartStyle.definitions.map { Query($0.key, schema($0), $0.label) }

    /// A round candidate's chart: the view only; the parameters are the round's.
    package static let candidateRenderQuery: [Query] = renderQuery.filter { ParameterDefinition.named($0.name) == nil && $0.name != "preset" }

    /// The parameters alone (a preset, then the definitions), for answers that draw nothing.
    package static let parameterQuery: [Query] = [Query("preset", string, "start from this preset instead of the defaults")]
        + ChartStyle.definitions.map { Query($0.key, schema($0), $0.label) }
    package static let framesQuery: [Query] = renderQuery + [Query("direction", enumeration(["in", "out"])), Query("fps", range(ChartRoutes.fpsRange), "frames a second")]
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
