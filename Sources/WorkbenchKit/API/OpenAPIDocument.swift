import ChartEngine

/// The OpenAPI 3 description of the HTTP API, served at `/api/openapi.json`. The render
/// parameters come from the parameter definitions, so the document cannot fall behind them.
enum OpenAPIDocument {
    static let json: JSONValue = {
        func schema(_ d: ParameterDefinition) -> JSONValue {
            switch d.kind {
            case .number(let range, _, _):
                .object([("type", .string("number")), ("minimum", .number(range.lowerBound)), ("maximum", .number(range.upperBound))])
            case .integer(let range, _, _):
                .object([("type", .string("integer")), ("minimum", .number(Double(range.lowerBound))), ("maximum", .number(Double(range.upperBound)))])
            case .color: .object([("type", .string("string")), ("pattern", .string("^#[0-9A-Fa-f]{6}$"))])
            case .choice(let options, _): .object([("type", .string("string")), ("enum", .array(options.map(JSONValue.string)))])
            case .toggle: .object([("type", .string("boolean"))])
            case .cubicBezier: .object([("type", .string("string")), ("description", .string("x1,y1,x2,y2"))])
            }
        }
        func query(_ name: String, _ schema: JSONValue, _ description: String = "") -> JSONValue {
            .object([("name", .string(name)), ("in", .string("query")), ("required", .bool(false)),
                     ("description", .string(description)), ("schema", schema)])
        }
        let number = JSONValue.object([("type", .string("number"))])
        let string = JSONValue.object([("type", .string("string"))])
        let view: [JSONValue] = [
            query("width", number, "pixels, 80–4000 (default 390)"), query("height", number, "pixels, 60–3000 (default 240)"),
            query("period", .object([("type", .string("string")), ("enum", .array(Period.allCases.map { .string($0.rawValue) }))])),
            query("state", .object([("type", .string("string")), ("enum", .array([.string("inactive"), .string("active")]))])),
            query("progress", number, "transition progress 0–1, already eased"), query("selection", number, "finger position, 0–1 of the width"),
            query("id", string, "prefix for element ids"), query("preset", string, "start from this preset instead of the defaults"),
        ]
        let renderParameters = JSONValue.array(view + ChartStyle.definitions.map { query($0.key, schema($0), $0.label) })
        let error = JSONValue.object([("description", .string("error")), ("content", .object([("application/json", .object([("schema", .object([("$ref", .string("#/components/schemas/Error"))]))]))]))])
        func response(_ description: String, _ type: String) -> JSONValue {
            .object([("description", .string(description)), ("content", .object([(type, .object([("schema", string)]))]))])
        }
        func operation(_ summary: String, parameters: JSONValue = .array([]), body: String? = nil, ok: JSONValue) -> JSONValue {
            var pairs: [(String, JSONValue)] = [("summary", .string(summary)), ("parameters", parameters),
                                                ("responses", .object([("200", ok), ("400", error), ("404", error), ("409", error), ("413", error)]))]
            if let body { pairs.append(("requestBody", .object([("content", .object([(body, .object([("schema", .object([]))]))]))]))) }
            return .object(pairs)
        }
        let json = response("JSON", "application/json")
        let name = JSONValue.array([.object([("name", .string("name")), ("in", .string("path")), ("required", .bool(true)), ("schema", string)])])
        let exportParameters = JSONValue.array([.object([("name", .string("name")), ("in", .string("path")), ("required", .bool(true)), ("schema", string)]),
                                                query("format", .object([("type", .string("string")), ("enum", .array((ExportFormat.allCases.map(\.rawValue) + HandoffBundle.Platform.allCases.map(\.rawValue)).map { .string($0) }))]))])
        let paths: [(String, JSONValue)] = [
            ("/api/schema", .object([("get", operation("The parameter definitions", ok: json))])),
            ("/api/render", .object([("get", operation("Render the chart as SVG", parameters: renderParameters, ok: response("SVG", "image/svg+xml"))),
                                     ("post", operation("Render the chart as SVG from a JSON body of the same fields", body: "application/json", ok: response("SVG", "image/svg+xml")))])),
            ("/api/render/socket", .object([("get", .object([
                ("summary", .string("WebSocket for the live preview: send a render request's JSON plus requestId (and motion=press|release|follow with time in seconds to drive the transition), receive {\"requestId\", progress…} + newline + SVG")),
                ("responses", .object([("101", .object([("description", .string("switching to WebSocket"))])), ("403", error), ("426", error)])),
            ]))])),
            ("/api/frames", .object([("get", operation("Every frame of the transition (direction=in|out, fps)", parameters: renderParameters, ok: json)),
                                     ("post", operation("Every frame of the transition, from a JSON body", body: "application/json", ok: json))])),
            ("/api/easing", .object([("get", operation("Eased progress over the transition's duration (samples=N) for the parameters", parameters: renderParameters, ok: json))])),
            ("/api/presets", .object([("get", operation("List presets", ok: json))])),
            ("/api/presets/{name}", .object([("get", operation("Read a preset", parameters: name, ok: json)),
                                             ("put", operation("Save a preset (If-Match: revision; If-None-Match: * to only create)", parameters: name, body: "application/json", ok: json)),
                                             ("delete", operation("Delete a preset", parameters: name, ok: json))])),
            ("/api/presets/{name}/rename", .object([("post", operation("Rename a preset ({\"newName\"})", parameters: name, body: "application/json", ok: json))])),
            ("/api/presets/{name}/export", .object([("get", operation("Export a preset", parameters: exportParameters, ok: response("export", "text/plain")))])),
            ("/api/data", .object([("get", operation("The visible points", parameters: .array([query("period", string), query("maxPoints", number)]), ok: json)),
                                   ("post", operation("Load a CSV price series", body: "text/csv", ok: json))])),
            ("/api/live", .object([("get", operation("Whether live updates run", ok: json)), ("post", operation("Start or stop live updates ({\"enabled\"})", body: "application/json", ok: json))])),
            ("/api/data/builtin", .object([("post", operation("Go back to the built-in series, announced to every page", body: "application/json", ok: json))])),
            ("/api/session/parameters", .object([("post", operation("Share a live parameter change ({\"parameters\", \"preset\", \"revision\"}) with the pages that have that preset open", body: "application/json", ok: json))])),
            ("/api/session", .object([("get", operation("Your role (editor|viewer), who is here, the session's current preset and edits, and the join links you may hand on", ok: json))])),
            ("/api/session/qr", .object([("get", operation("A join link as a QR code", parameters: .array([query("link", .object([("type", .string("string")), ("enum", .array([.string("editor"), .string("viewer"), .string("device")]))]))]), ok: response("SVG", "image/svg+xml")))])),
            ("/api/session/presence", .object([("post", operation("What this page is doing ({\"preset\", \"pressing\", \"user\"} or {\"leaving\": true}); needs X-Workbench-Client", body: "application/json", ok: json))])),
            ("/api/events", .object([("get", operation("Server-Sent Events: parameters, preset, data, live, presence", parameters: .array([query("client", string, "the page's id, listed in presence"), query("user", string, "the person's name"), query("preset", string, "the preset the page has open")]), ok: response("event stream", "text/event-stream")))])),
        ]
        return .object([
            ("openapi", .string("3.0.3")),
            ("info", .object([("title", .string("Chart Workbench")), ("version", .string("1.0.0")),
                              ("description", .string("Tune, compare and export the price chart's parameters. Under `workbench serve --share` every request needs a join token (`?token=` on a join link, then its cookie): 401 without, 403 for a viewer's writes."))])),
            ("paths", .object(paths)),
            ("components", .object([("schemas", .object([("Error", .object([("type", .string("object")), ("properties", .object([
                ("error", .object([("type", .string("object")), ("properties", .object([("code", string), ("message", string),
                                                                                     ("field", .object([("type", .string("string")), ("nullable", .bool(true))]))]))])),
            ]))]))]))])),
        ])
    }()
}
