import ChartEngine
import ChartRendering
import HTTPServer
import WorkbenchStores
import WorkbenchSupport

/// `PUT /api/presets/{name}`: a preset file's members (others are ignored), which the store
/// reads (`Preset(json:)`), and the save's own: its message, the preset it was made from and
/// whether that one's shared draft goes back to its saved revision. `updatedAt` is not read:
/// a save takes the server's time.
struct SavePresetRequest: Decodable {
    /// The save's own members and the one it ignores: none of them reaches the preset.
    static let ownMembers: Set<String> = ["message", "from", "resetSourceDraft", "updatedAt"]

    let message: String
    /// The preset a duplicate or save-as was made from, for the decision log.
    let source: String?
    /// Save-as of the shared draft: the changes now live in the new preset.
    let resetSourceDraft: Bool
    /// The preset file's members, in the order sent.
    let preset: [(String, JSONValue)]

    init(from decoder: any Decoder) throws {
        let members = try decoder.container(keyedBy: AnyCodingKey.self)
        // The file's members are read by the store, with its own refusals; the document says them here.
        members.requestSchema?.note("format", JSONSchema.enumeration([Preset.format]))
        members.requestSchema?.note("version", SchemaObject(type: "integer", choices: [.number(Double(Preset.version))]).json)
        members.requestSchema?.note("author", Self.nullableText(Preset.Limits.authorCharacters))
        members.requestSchema?.note("notes", Self.nullableText(Preset.Limits.notesCharacters))
        members.requestSchema?.note("updatedAt", SchemaObject(description: "ignored: a save takes the server's time").json)
        let limit = PresetHistory.Limits.messageCharacters
        let message = try members.member("message", String.self, "must be a string", schema: Self.nullableText(limit), nullable: true) ?? ""
        guard message.count <= limit, message.utf8.count <= PresetHistory.Limits.messageBytes else {
            throw members.refusal("message", "must be at most \(limit) characters")
        }
        self.message = message
        let from = SchemaObject(type: "string", nullable: true, minLength: 1, maxLength: 64, pattern: OpenAPIDocument.presetNamePattern)
            .described("the preset a duplicate or save-as was made from (named in the decision log)")
        if let name = try members.member("from", String.self, "must be a preset name", schema: from.json, nullable: true) {
            do { source = try Preset.validName(name) } catch { throw members.refusal("from", error.message) }
        } else {
            source = nil
        }
        let reset = SchemaObject(type: "boolean")
            .described("with from, on creating: the source preset's shared draft returns to its saved revision (a save-as of the draft)")
        resetSourceDraft = try members.member("resetSourceDraft", Bool.self, "must be true or false", schema: reset.json) ?? false
        members.requestSchema?.note("parameters", SchemaObject(type: "object", nullable: true,
                                                               properties: OrderedMembers(ChartStyle.definitions.map { ($0.key, $0.jsonSchema) }),
                                                               maxProperties: ChartStyle.definitions.count + Preset.Limits.unknownKeys).json)
        preset = try members.allKeys.filter { !Self.ownMembers.contains($0.stringValue) }.map { ($0.stringValue, try members.decode(JSONValue.self, forKey: $0)) }
    }

    /// Text of at most `characters`, or null (read as empty).
    private static func nullableText(_ characters: Int) -> JSONValue {
        SchemaObject(type: "string", nullable: true, maxLength: characters).json
    }
}
