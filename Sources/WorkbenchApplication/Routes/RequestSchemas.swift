import WorkbenchSupport
import HTTPServer
import WorkbenchStores
import WorkbenchExports
import PriceData
import ChartEngine
import ChartRendering

/// The request bodies the OpenAPI document still describes by hand: the preset body, Explore's
/// start, the CSV upload. Every other body's schema is read from its type's
/// own decoding (`RequestSchema`, `Requests/`). Each says exactly what its handler accepts, so a
/// request the document calls valid is one the handler takes.
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

    /// A CSV upload as the rows it holds (the document's way to say what a valid file is; a
    /// client sends them as `time,price` lines; a row without a price is a gap). The importer
    /// reads far more layouts than this.
    static let csvRows = JSONValue.object([("type", .string("array")), ("minItems", .number(1)),
                                           ("items", object([("time", .object([("type", .string("number")), ("minimum", .number(-Double(TimeText.maxEpochNumber))),
                                                                      ("maximum", .number(Double(TimeText.maxEpochNumber)))])),
                                                             ("price", .object([("type", .string("number")), ("nullable", .bool(true)), ("minimum", .number(-1e12)), ("maximum", .number(1e12))]))],
                                                            required: ["time"], open: true))])
}
