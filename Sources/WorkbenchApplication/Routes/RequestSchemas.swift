import WorkbenchSupport
import HTTPServer
import WorkbenchStores
import WorkbenchExports
import PriceData
import ChartEngine
import ChartRendering

/// The JSON bodies the API reads, as schemas for the OpenAPI document: exactly what each handler
/// accepts (required members, types, ranges, enumerations, no unknown members), so a request the
/// document calls valid is one the handler takes. Ranges come from the constants the handlers use.
extension OpenAPIDocument {
    /// A preset name as the document can say it: 1–64 characters, no control, format (zero-width,
    /// bidi) or line/paragraph separator characters (`NameRules`). (Names that are blank, "." or
    /// "..", or read as a file path are refused too.)
    static let presetName = text(1...64, pattern: "^[^\\u0000-\\u001F\\u007F-\\u009F\\u00AD\\u0600-\\u0605\\u061C\\u06DD\\u070F\\u0890\\u0891\\u08E2\\u180E\\u200B\\u200C\\u200E\\u200F\\u2028-\\u202E\\u2060-\\u2064\\u2066-\\u206F\\uFEFF\\uFFF9-\\uFFFB]*[^\\s\\u0000-\\u001F\\u007F-\\u009F\\u00AD\\u0600-\\u0605\\u061C\\u06DD\\u070F\\u0890\\u0891\\u08E2\\u180E\\u200B\\u200C\\u200E\\u200F\\u2028-\\u202E\\u2060-\\u2064\\u2066-\\u206F\\uFEFF\\uFFF9-\\uFFFB][^\\u0000-\\u001F\\u007F-\\u009F\\u00AD\\u0600-\\u0605\\u061C\\u06DD\\u070F\\u0890\\u0891\\u08E2\\u180E\\u200B\\u200C\\u200E\\u200F\\u2028-\\u202E\\u2060-\\u2064\\u2066-\\u206F\\uFEFF\\uFFF9-\\uFFFB]*$")

    /// Every parameter's schema, by its key.
    static let parameters: [(String, JSONValue)] = ChartStyle.definitions.map { ($0.key, $0.jsonSchema) }
    static let hexColor = JSONSchema.pattern("^#[0-9A-Fa-f]{6}$")

    /// A preset body: the file's members (others are ignored) and its parameters; keys the
    /// definitions do not know are kept as they are (at most 32).
    static let savePreset = object([
        ("format", enumeration([Preset.format])), ("version", .object([("type", .string("integer")), ("enum", .array([.number(Double(Preset.version))]))])),
        ("author", nullableText(Preset.Limits.authorCharacters)), ("notes", nullableText(Preset.Limits.notesCharacters)),
        ("updatedAt", .object([("description", .string("ignored: a save takes the server's time"))])),
        ("message", .object([("type", .string("string")), ("nullable", .bool(true)), ("maxLength", .number(Double(PresetHistory.Limits.messageCharacters)))])),
        ("from", .object([("description", .string("the preset a duplicate or save-as was made from (named in the decision log)")), ("type", .string("string")),
                          ("nullable", .bool(true)), ("minLength", .number(1)), ("maxLength", .number(64)), ("pattern", presetName["pattern"] ?? .null)])),
        ("resetSourceDraft", .object([("description", .string("with from, on creating: the source preset's shared draft returns to its saved revision (a save-as of the draft)")),
                                      ("type", .string("boolean"))])),
        ("parameters", .object([("type", .string("object")), ("nullable", .bool(true)), ("properties", .object(parameters)),
                                ("maxProperties", .number(Double(ChartStyle.definitions.count + Preset.Limits.unknownKeys)))])),
    ], open: true)
    /// Text of at most `characters`, or null (read as empty).
    static func nullableText(_ characters: Int) -> JSONValue {
        .object([("type", .string("string")), ("nullable", .bool(true)), ("maxLength", .number(Double(characters)))])
    }

    static let rename = RequestSchema.of(RenameRequest.self).body()
    static let review = JSONValue.object([("oneOf", .array([
        object([("revision", revision), ("decision", enumeration(["approve", "request-changes"])),
                ("comment", text(0...PresetReviews.Limits.commentCharacters)), ("acknowledgeReadability", boolean), ("acknowledgeHonesty", boolean)], required: ["revision", "decision"]),
        object([("revision", revision), ("decision", enumeration(["request-review"])), ("comment", text(0...PresetReviews.Limits.commentCharacters)),
                ("reviewers", .object([("type", .string("array")), ("minItems", .number(1)), ("maxItems", .number(Double(PresetReviews.Limits.reviewers))),
                                       ("items", text(1...200, pattern: "^\\S(.*\\S)?$"))])), ("acknowledgeReadability", boolean), ("acknowledgeHonesty", boolean)], required: ["revision", "decision", "reviewers"]),
    ]))])
    static let live = RequestSchema.of(SwitchRequest.self).body(open: true)
    static let draftChange = JSONValue.object([
        ("type", .string("object")),
        ("properties", .object([("parameters", object(parameters)), ("undoOf", step), ("step", step)])),
        ("additionalProperties", .bool(false)),
        ("oneOf", .array([.object([("required", .array([.string("parameters")])), ("properties", .object([("parameters", .object([("minProperties", .number(1))]))])),
                                   ("not", .object([("required", .array([.string("undoOf")]))]))]),
                          .object([("required", .array([.string("undoOf")])), ("not", .object([("required", .array([.string("parameters")]))]))])])),
    ])
    /// A page's step id: printable ASCII.
    static let step = text(1...64, pattern: "^[!-~]+$")
    static let round = JSONValue.object([("oneOf", .array([
        object([("candidates", .object([("type", .string("array")), ("minItems", .number(Double(PairwiseRound.candidateRange.lowerBound))),
                                        ("maxItems", .number(Double(PairwiseRound.candidateRange.upperBound))), ("uniqueItems", .bool(true)),
                                        ("items", presetName)]))], required: ["candidates"]),
        object([("variationsOf", presetName), ("count", range(Double(RoundRoutes.variationRange.lowerBound)...Double(RoundRoutes.variationRange.upperBound), integer: true))],
               required: ["variationsOf", "count"]),
    ]))])
    /// A CSV upload as the rows it holds (the document's way to say what a valid file is; a
    /// client sends them as `time,price` lines; a row without a price is a gap). The importer
    /// reads far more layouts than this.
    static let csvRows = JSONValue.object([("type", .string("array")), ("minItems", .number(1)),
                                           ("items", object([("time", .object([("type", .string("number")), ("minimum", .number(-Double(TimeText.maxEpochNumber))),
                                                                      ("maximum", .number(Double(TimeText.maxEpochNumber)))])),
                                                             ("price", .object([("type", .string("number")), ("nullable", .bool(true)), ("minimum", .number(-1e12)), ("maximum", .number(1e12))]))],
                                                            required: ["time"], open: true))])
    static let presence = object([
        ("key", text(1...64, pattern: "^[!-~]+$")), ("leaving", boolean),
        ("preset", .object([("type", .string("string")), ("nullable", .bool(true))])),
        ("pressing", boolean), ("user", .object([("type", .string("string"))])),
        ("selection", .object([("type", .string("number")), ("nullable", .bool(true)), ("minimum", .number(0)), ("maximum", .number(1))])),
        ("view", object([("period", enumeration(Period.allCases.map(\.rawValue))),
                         ("width", range(ChartDrawing.widthRange, integer: true)), ("height", range(ChartDrawing.heightRange, integer: true)),
                         ("theme", enumeration(["light", "dark"]))])),
    ], required: ["key"], open: true)
}
