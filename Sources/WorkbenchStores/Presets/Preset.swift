import WorkbenchSupport
import ChartEngine
import Foundation

/// A named parameter set as stored in `Presets/*.json`: encoded, the file's document; decoded, a
/// request body's (the file's own reader is `init(fileText:)`).
package struct Preset: Codable, Sendable {
    package static let format = "chart-workbench.preset"
    package static let version = 1

    package var name: String
    package var author: String
    package var notes: String
    package var updatedAt: String
    package var style: ChartStyle
    /// Keys this version does not know, kept and written back rather than dropped.
    package var unknownParameters: [(String, OpaqueJSON)] = []

    /// A parameter's value as the file holds it: one this version knows, or an unknown key's, kept as it came.
    package enum Value: Encodable, Sendable, Equatable {
        case parameter(ParameterValue)
        case kept(OpaqueJSON)

        package func encode(to encoder: any Encoder) throws {
            var single = encoder.singleValueContainer()
            switch self {
            case .parameter(let value): try single.encode(value)
            case .kept(let value): try single.encode(value)
            }
        }
    }

    /// Sizes in UTF-8 bytes as well as characters: a character may be any number of bytes
    /// (a name of 20,000 combining marks is one character).
    package enum Limits {
        package static let nameCharacters = 64, nameBytes = 256
        package static let authorCharacters = 200, authorBytes = 800
        package static let notesCharacters = 10_000, notesBytes = 40_000
        package static let updatedAtBytes = 64
        /// Keys from a newer version are carried over on every save, so they are bounded too.
        package static let unknownKeys = 32, unknownKeyBytes = 64, unknownValueBytes = 16_384
    }

    package init(name: String, author: String = "", notes: String = "", updatedAt: String = Preset.now(), style: ChartStyle = ChartStyle()) {
        self.name = name
        self.author = author
        self.notes = notes
        self.updatedAt = updatedAt
        self.style = style
    }

    private enum CodingKeys: String, CodingKey { case format, version, name, author, notes, updatedAt, parameters }

    /// The file's members in their order, parameters in definition order.
    package func encode(to encoder: any Encoder) throws {
        var members = encoder.container(keyedBy: CodingKeys.self)
        try members.encode(Self.format, forKey: .format)
        try members.encode(Self.version, forKey: .version)
        try members.encode(name, forKey: .name)
        try members.encode(author, forKey: .author)
        try members.encode(notes, forKey: .notes)
        try members.encode(updatedAt, forKey: .updatedAt)
        try members.encode(OrderedMembers(parameters), forKey: .parameters)
    }

    package var warnings: [String] {
        unknownParameters.map { "unknown parameter \"\($0.0)\" kept as it is" }
    }

    /// The file's parameters: every one this version knows in definition order, then the unknown keys.
    package var parameters: [(String, Value)] {
        style.values.map { ($0.key, .parameter($0.value)) } + unknownParameters.map { ($0.0, .kept($0.1)) }
    }

    package var fileText: String { JSONText.encode(self, pretty: true) + "\n" }

    /// Reads a preset file: the envelope is required; a text that is no JSON throws the parser's words.
    package init(fileText bytes: [UInt8]) throws(PresetError) {
        do {
            self = try JSONText.decode(File.self, from: bytes).preset
        } catch let error as PresetError {
            throw error
        } catch {
            throw PresetError("\(error)")
        }
    }

    package init(fileText text: String) throws(PresetError) { try self.init(fileText: Array(text.utf8)) }

    /// A preset file's document: the envelope (format and version) is required.
    private struct File: Decodable {
        let preset: Preset

        init(from decoder: any Decoder) throws {
            preset = try Preset(decoder, requireEnvelope: true)
        }
    }

    /// Reads a request body: the envelope may be left out, and a Bézier may be written as in a query.
    package init(from decoder: any Decoder) throws {
        try self.init(decoder, requireEnvelope: false)
    }

    /// Missing parameters take defaults; unknown ones are kept and reported; a wrong value throws
    /// `PresetError` naming its key. The name comes out NFC-normalised.
    private init(_ decoder: any Decoder, requireEnvelope: Bool) throws(PresetError) {
        guard let members = try? decoder.container(keyedBy: AnyCodingKey.self) else { throw PresetError("a preset must be a JSON object") }
        func given(_ key: String) -> Bool { members.contains(AnyCodingKey(key)) }
        func isNull(_ key: String) -> Bool { (try? members.decodeNil(forKey: AnyCodingKey(key))) ?? false }
        if requireEnvelope || given("format") {
            guard (try? members.decode(String.self, forKey: AnyCodingKey("format"))) == Self.format else {
                throw PresetError("\"format\" must be \"\(Self.format)\"", field: "format")
            }
            // A file must say its version; a request body may leave it out.
            if requireEnvelope || given("version") {
                guard let version = try? members.decode(Double.self, forKey: AnyCodingKey("version")), version == Double(Self.version) else {
                    throw PresetError("\"version\" must be \(Self.version)", field: "version")
                }
            }
        }
        func text(_ key: String, required: Bool = false, characters: Int, bytes: Int) throws(PresetError) -> String {
            guard given(key), !isNull(key) else {
                if required { throw PresetError("is required", field: key) }
                return ""
            }
            guard let s = try? members.decode(String.self, forKey: AnyCodingKey(key)) else { throw PresetError("must be a string", field: key) }
            guard s.utf8.count <= bytes, s.count <= characters else {
                throw PresetError("must be at most \(characters) characters and \(bytes) bytes", field: key)
            }
            return s
        }
        name = try text("name", required: requireEnvelope, characters: Int.max, bytes: Int.max)
        if !name.isEmpty { name = try Self.validName(name) }
        author = try text("author", characters: Limits.authorCharacters, bytes: Limits.authorBytes)
        notes = try text("notes", characters: Limits.notesCharacters, bytes: Limits.notesBytes)
        updatedAt = try text("updatedAt", characters: Limits.updatedAtBytes, bytes: Limits.updatedAtBytes)
        if updatedAt.isEmpty { updatedAt = Self.now() }
        style = ChartStyle()
        guard given("parameters"), !isNull("parameters") else { return }
        guard let parameters = try? members.nestedContainer(keyedBy: AnyCodingKey.self, forKey: AnyCodingKey("parameters")) else {
            throw PresetError("must be an object of parameter values", field: "parameters")
        }
        for key in parameters.allKeys {
            guard let definition = ParameterDefinition.named(key.stringValue) else {
                guard let kept = try? parameters.decode(OpaqueJSON.self, forKey: key) else { throw PresetError("cannot be read", field: key.stringValue) }
                unknownParameters.append((key.stringValue, kept))
                continue
            }
            do throws(ParameterError) {
                // A file holds a Bézier as four numbers; a request body may also write it as a query does.
                try style.set(key.stringValue, try parameters.parameterValue(key, as: definition, textBezier: !requireEnvelope))
            } catch {
                throw PresetError(error.message, field: error.field)
            }
        }
        try Self.checkUnknown(unknownParameters)
        style.applyImplications(givenKeys: parameters.allKeys.map(\.stringValue))
    }

    /// Unknown keys within their bounds: few, short, small.
    package static func checkUnknown(_ pairs: [(String, OpaqueJSON)]) throws(PresetError) {
        guard pairs.count <= Limits.unknownKeys else {
            throw PresetError("at most \(Limits.unknownKeys) unknown parameters can be kept, found \(pairs.count)", field: "parameters")
        }
        var bytes = 0
        for (key, value) in pairs {
            guard key.utf8.count <= Limits.unknownKeyBytes else {
                throw PresetError("an unknown parameter's name has at most \(Limits.unknownKeyBytes) bytes", field: "parameters")
            }
            bytes += key.utf8.count + value.byteCount
            guard bytes <= Limits.unknownValueBytes else {
                throw PresetError("unknown parameters kept with a preset hold at most \(Limits.unknownValueBytes) bytes", field: "parameters")
            }
        }
    }

    package static func now() -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: Date())
    }

    /// The name in NFC, so canonically equivalent spellings (NFC and NFD "café", the Kelvin sign
    /// and "K") are one preset with one file. Names are 1–64 characters and at most 256 UTF-8
    /// bytes of any script; not "." or "..", no control, format (zero-width, bidi) or line and paragraph separator characters (`NameRules`)
    /// and nothing that reads as a file path ("a/b", "../x", "dir\\file.json"). A slash
    /// inside other text ("</script>") is just text: file names are derived separately and never
    /// contain it.
    package static func validName(_ raw: String) throws(PresetError) -> String {
        let field = "name"
        guard !raw.isEmpty, raw.utf8.count <= Limits.nameBytes * 4 else {
            throw PresetError("a preset name has 1 to \(Limits.nameCharacters) characters and at most \(Limits.nameBytes) bytes", field: field)
        }
        let name = raw.precomposedStringWithCanonicalMapping
        guard name.utf8.count <= Limits.nameBytes, name.count <= Limits.nameCharacters else {
            throw PresetError("a preset name has 1 to \(Limits.nameCharacters) characters and at most \(Limits.nameBytes) bytes; this one has \(name.count) characters (\(name.utf8.count) bytes)", field: field)
        }
        // Blank includes names of only invisible characters (zero-width space, BOM, joiners): they
        // would list as an empty row nobody can tell apart.
        guard !name.unicodeScalars.allSatisfy({ $0.properties.isWhitespace || $0.properties.isDefaultIgnorableCodePoint
                                                 || $0.properties.generalCategory == .format }) else {
            throw PresetError("a preset name cannot be blank", field: field)
        }
        guard name != ".", name != ".." else { throw PresetError("\"\(name)\" is not a preset name", field: field) }
        if looksLikePath(name) { throw PresetError("a preset name cannot look like a file path", field: field) }
        // Nothing invisible or that moves text around: the message names the character.
        if let refusal = NameRules.refusal(name) { throw PresetError("a preset name cannot hold invisible or control characters: it \(refusal)", field: field) }
        return name
    }

    private static func looksLikePath(_ name: String) -> Bool {
        guard name.contains("/") || name.contains("\\") else { return false }
        let pathCharacters = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "._- ~"))
        return name.split(whereSeparator: { $0 == "/" || $0 == "\\" }).allSatisfy { segment in
            segment.unicodeScalars.allSatisfy { pathCharacters.contains($0) }
        }
    }
}
