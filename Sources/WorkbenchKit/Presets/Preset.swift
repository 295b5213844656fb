import ChartEngine
import Foundation

/// A named parameter set as stored in `Presets/*.json`.
struct Preset: Sendable {
    static let format = "chart-workbench.preset"
    static let version = 1

    var name: String
    var author: String
    var notes: String
    var updatedAt: String
    var style: ChartStyle
    /// Keys this version does not know, kept and written back rather than dropped.
    var unknownParameters: [(String, JSONValue)] = []

    init(name: String, author: String = "", notes: String = "", updatedAt: String = Preset.now(), style: ChartStyle = ChartStyle()) {
        self.name = name
        self.author = author
        self.notes = notes
        self.updatedAt = updatedAt
        self.style = style
    }

    var warnings: [String] {
        unknownParameters.map { "unknown parameter \"\($0.0)\" kept as it is" }
    }

    /// The file's JSON, parameters in definition order.
    var json: JSONValue {
        .object([
            ("format", .string(Self.format)), ("version", .number(Double(Self.version))),
            ("name", .string(name)), ("author", .string(author)), ("notes", .string(notes)), ("updatedAt", .string(updatedAt)),
            ("parameters", .object(style.values.map { ($0.key, $0.value.json) } + unknownParameters)),
        ])
    }

    var fileText: String { json.serialized(pretty: true) + "\n" }

    /// Reads a preset file or request body. Missing parameters take defaults; unknown ones are kept
    /// and reported; a wrong value throws naming its key.
    init(json: JSONValue, requireEnvelope: Bool) throws(HTTPError) {
        guard json.objectPairs != nil else { throw .badRequest("a preset must be a JSON object") }
        if requireEnvelope || json["format"] != nil {
            guard json["format"]?.stringValue == Self.format else {
                throw .badRequest("\"format\" must be \"\(Self.format)\"", field: "format")
            }
            guard let version = json["version"]?.numberValue, version == Double(Self.version) else {
                throw .badRequest("\"version\" must be \(Self.version)", field: "version")
            }
        }
        func text(_ key: String, required: Bool = false) throws(HTTPError) -> String {
            switch json[key] {
            case .string(let s)?: return s
            case nil, .null?: if required { throw .badRequest("is required", field: key) }; return ""
            default: throw .badRequest("must be a string", field: key)
            }
        }
        name = try text("name", required: requireEnvelope)
        author = try text("author")
        notes = try text("notes")
        updatedAt = try text("updatedAt")
        if updatedAt.isEmpty { updatedAt = Self.now() }
        guard author.count <= 200 else { throw .badRequest("must be at most 200 characters", field: "author") }
        guard notes.count <= 10_000 else { throw .badRequest("must be at most 10,000 characters", field: "notes") }
        style = ChartStyle()
        switch json["parameters"] {
        case nil, .null?: break
        case .object(let pairs)?:
            for (key, value) in pairs {
                guard let definition = ParameterDefinition.named(key) else { unknownParameters.append((key, value)); continue }
                let parsed = try InputValue.json(value).parameter(definition)
                do { try style.set(key, parsed) } catch { throw HTTPError(error) }
            }
        default: throw .badRequest("must be an object of parameter values", field: "parameters")
        }
    }

    static func now() -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: Date())
    }

    /// Names are 1–64 characters of any script; not "." or "..", no NUL or other control
    /// characters but newline and tab, and nothing that reads as a file path ("a/b", "../x",
    /// "dir\\file.json"). A slash inside other text ("</script>") is just text: file names are
    /// derived separately and never contain it.
    static func validate(name: String) throws(HTTPError) {
        guard !name.isEmpty, name.count <= 64 else { throw .badRequest("a preset name has 1 to 64 characters", field: "name") }
        guard !name.allSatisfy(\.isWhitespace) else { throw .badRequest("a preset name cannot be blank", field: "name") }
        guard name != ".", name != ".." else { throw .badRequest("\"\(name)\" is not a preset name", field: "name") }
        if looksLikePath(name) { throw .badRequest("a preset name cannot look like a file path", field: "name") }
        for scalar in name.unicodeScalars {
            if scalar.value < 0x20 && scalar != "\n" && scalar != "\t" || scalar.value == 0x7F {
                throw .badRequest("a preset name cannot contain control characters", field: "name")
            }
        }
    }

    private static func looksLikePath(_ name: String) -> Bool {
        guard name.contains("/") || name.contains("\\") else { return false }
        let pathCharacters = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "._- ~"))
        return name.split(whereSeparator: { $0 == "/" || $0 == "\\" }).allSatisfy { segment in
            segment.unicodeScalars.allSatisfy { pathCharacters.contains($0) }
        }
    }
}
