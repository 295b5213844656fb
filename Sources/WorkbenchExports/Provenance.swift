import WorkbenchSupport
import WorkbenchStores
/// Where an export came from: the preset's name, its saved revision, that revision's status and
/// approvers, and the SHA-256 of its canonical parameters (`Preset.canonicalParameters`). Every
/// export carries it — a `provenance` key in JSON files, a comment line in code, SVG and Markdown,
/// `PROVENANCE.json` in a handoff bundle — with `fileSha256`, the SHA-256 of the file as written
/// with that one value left empty, so `workbench verify` can tell a file changed after export.
package struct Provenance: Sendable, Equatable {
    package static let format = "chart-workbench.provenance"
    package static let marker = "chart-workbench.provenance:"

    package var preset: String
    /// Nil for parameters that are no saved revision (an unsaved export of what is on screen).
    package var revision: Int?
    /// draft, in-review, approved — or unsaved.
    package var status: String
    package var approvers: [String]
    package var approvedAt: String?
    package var parametersSHA256: String

    package init(preset: String, revision: Int?, status: String, approvers: [String], approvedAt: String?, parametersSHA256: String) {
        self.preset = preset; self.revision = revision; self.status = status
        self.approvers = approvers; self.approvedAt = approvedAt; self.parametersSHA256 = parametersSHA256
    }

    package func json(fileSHA256: String = "") -> JSONValue {
        .object([
            ("format", .string(Self.format)), ("version", .number(1)),
            ("preset", .string(preset)), ("revision", revision.map { .number(Double($0)) } ?? .null),
            ("status", .string(status)), ("approvers", .array(approvers.map(JSONValue.string))),
            ("approvedAt", approvedAt.map(JSONValue.string) ?? .null),
            ("parametersSha256", .string(parametersSHA256)), ("fileSha256", .string(fileSHA256)),
        ])
    }

    package init?(json: JSONValue) {
        guard json["format"]?.stringValue == Self.format, let preset = json["preset"]?.stringValue,
              let status = json["status"]?.stringValue, let hash = json["parametersSha256"]?.stringValue else { return nil }
        self.preset = preset
        revision = json["revision"]?.numberValue.flatMap { Int(exactly: $0) }
        self.status = status
        approvers = json["approvers"]?.arrayValue?.compactMap(\.stringValue) ?? []
        approvedAt = json["approvedAt"]?.stringValue
        parametersSHA256 = hash
    }

    /// The provenance as one line of JSON in ASCII: safe inside `//` and `<!-- -->` comments
    /// (no line breaks, bidi controls, `--` or markup characters) whatever the preset's name.
    package static func asciiLine(_ value: JSONValue) -> String {
        var out = ""
        for scalar in value.serialized().unicodeScalars {
            if scalar.isASCII && scalar.value >= 0x20 && scalar != "<" && scalar != ">" && scalar != "&" {
                out.unicodeScalars.append(scalar)
            } else {
                for unit in String(scalar).utf16 {
                    let hex = String(unit, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                }
            }
        }
        return out.replacingOccurrences(of: "--", with: "-\\u002d")
    }

    // MARK: Stamping a file

    package enum Carrier { case jsonObject, lineComment, xmlComment }

    /// `text` with the provenance in it and its `fileSha256` filled in.
    package func stamp(_ text: String, as carrier: Carrier) -> String {
        let blank: String
        switch carrier {
        case .jsonObject:
            // The export's top-level object gains a last key; its other keys stay as they were.
            guard let close = text.lastIndex(of: "}") else { return text }
            let pretty = text.contains("\n  ")
            let line = Self.asciiLine(json())
            let head = text[..<close].replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
            blank = head + (head.hasSuffix("{") ? "" : ",") + (pretty ? "\n  " : "") + "\"provenance\": " + line + (pretty ? "\n" : "") + "}" + text[text.index(after: close)...]
        case .lineComment:
            blank = Self.insertAfterHeader(text, line: "// " + Self.marker + " " + Self.asciiLine(json()))
        case .xmlComment:
            let comment = "<!-- " + Self.marker + " " + Self.asciiLine(json()) + " -->"
            if text.hasPrefix("<?xml"), let end = text.firstIndex(of: "\n") {
                blank = text[...end] + comment + "\n" + text[text.index(after: end)...]
            } else {
                blank = comment + "\n" + text
            }
        }
        return Self.fill(blank, with: SHA256.hex(blank))
    }

    /// After the comment lines that open a source file (or first, when none do).
    private static func insertAfterHeader(_ text: String, line: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let index = lines.firstIndex { !$0.hasPrefix("//") } ?? lines.endIndex
        lines.insert(Substring(line), at: index)
        return lines.joined(separator: "\n")
    }

    private static let emptyHash = "\"fileSha256\":\"\""

    private static func fill(_ text: String, with hash: String) -> String {
        guard let range = text.range(of: emptyHash) else { return text }
        return text.replacingCharacters(in: range, with: "\"fileSha256\":\"\(hash)\"")
    }

    /// The provenance a file carries and whether the file is as it was exported; nil when it
    /// carries none.
    package static func read(_ text: String) -> (provenance: Provenance, intact: Bool)? {
        guard let found = locate(text) else { return nil }
        var blanked = text
        blanked.replaceSubrange(found.hashRange, with: "")
        return (found.provenance, SHA256.hex(blanked) == found.hash)
    }

    private static func locate(_ text: String) -> (provenance: Provenance, hash: String, hashRange: Range<String.Index>)? {
        // The JSON of the provenance is one line: from the format key's object to its end.
        guard let key = text.range(of: "\"format\":\"\(format)\"") else { return nil }
        guard let open = text[..<key.lowerBound].lastIndex(of: "{"),
              let hashKey = text.range(of: "\"fileSha256\":\"", range: key.upperBound..<text.endIndex),
              let hashEnd = text[hashKey.upperBound...].firstIndex(of: "\""),
              let close = text[hashEnd...].firstIndex(of: "}") else { return nil }
        guard let json = try? JSONValue.parse(String(text[open...close])), let provenance = Provenance(json: json) else { return nil }
        return (provenance, String(text[hashKey.upperBound..<hashEnd]), hashKey.upperBound..<hashEnd)
    }
}
