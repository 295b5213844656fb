import WorkbenchSupport
import WorkbenchStores

/// Where an export came from, signed: the preset's name, its saved revision, that revision's
/// status, its approvers as people (name, PeopleStore id, and the failing checks each approved
/// despite), the approval rule, the SHA-256 of its canonical parameters (every parameter with its
/// default, canonical JSON) and of the exported content, with the workbench's Ed25519 public key
/// and signature (libsodium). Parameters that are no revision carry `exportedBy` (the person who
/// asked) and status `unsaved` instead. Every export carries it — a `provenance` key in JSON
/// files, a comment line in Swift and Kotlin, an XML comment in SVG, `PROVENANCE.json` (listing
/// every file's SHA-256) in a handoff bundle. The signature covers the whole block but the
/// signature itself: `"chart-workbench.provenance v3\n"` + the block's canonical JSON without
/// `signature` (v2 blocks, with approvers as bare names, are still read and checked).
package struct Provenance: Sendable, Equatable {
    package static let format = "chart-workbench.provenance"
    package static let version = 3
    /// Versions `workbench verify` still checks: v2 (approvers as names, no rule, no overrides).
    package static let readableVersions = [2, 3]
    package static let marker = "chart-workbench.provenance:"

    /// A person as a signed statement names them: the name they held and their id in the
    /// workbench's people (nil for a name no person holds, e.g. an old history's).
    package struct Person: Sendable, Equatable {
        package var name: String
        package var id: Int64?

        package init(name: String, id: Int64?) { self.name = name; self.id = id }

        var json: [(String, JSONValue)] { [("person", .string(name)), ("personId", id.map { .number(Double($0)) } ?? .null)] }

        init?(json: JSONValue) {
            if let name = json.stringValue { self.init(name: name, id: nil); return }  // v2: a bare name
            guard let name = json["person"]?.stringValue else { return nil }
            self.init(name: name, id: json["personId"]?.numberValue.flatMap { Int64(exactly: $0) })
        }

        /// "Ben (person 3)".
        package var words: String { name + (id.map { " (person \($0))" } ?? "") }
    }

    /// One approval that counts: who gave it and each failing check they approved despite, as a
    /// sentence ("Line #DDDDDD on light (at rest, 4 px): 1.35:1, needs 3:1"). Any later check (an
    /// honesty check) is carried the same way: one more sentence in `despite`.
    package struct Approver: Sendable, Equatable {
        package var person: Person
        package var despite: [String]

        package init(person: Person, despite: [String] = []) { self.person = person; self.despite = despite }

        var json: JSONValue { .object(person.json + [("despite", .array(despite.map(JSONValue.string)))]) }

        init?(json: JSONValue) {
            guard let person = Person(json: json) else { return nil }
            self.init(person: person, despite: json["despite"]?.arrayValue?.compactMap(\.stringValue) ?? [])
        }

        /// "Ben (person 3) despite: Line #DDDDDD on light …: 1.35:1, needs 3:1".
        package var words: String { person.words + (despite.isEmpty ? "" : " despite: " + despite.joined(separator: "; ")) }
    }

    package var preset: String
    /// Nil for parameters that are no saved revision (an unsaved export of what is on screen).
    package var revision: Int?
    /// draft, in-review, approved — or unsaved.
    package var status: String
    package var approvers: [Approver]
    package var approvedAt: String?
    /// The approval rule in words ("2 approvals from people other than its author"); nil when unsaved.
    package var approvalRule: String?
    /// Who exported parameters that are no revision (status unsaved); nil for a revision.
    package var exportedBy: Person?
    /// SHA-256 of `Preset.canonicalParameters` of the preset as read (every parameter, defaults included).
    package var parametersSHA256: String
    /// Further signed facts, each a key of the block after the ones above (e.g. the history's
    /// chain position): signed like the rest, kept as read.
    package var extraFacts: [(String, JSONValue)] = []
    /// The key that signs what this provenance stamps; nil leaves the export unsigned (it then
    /// fails `workbench verify`).
    package var signer: Ed25519?

    package init(preset: String, revision: Int?, status: String, approvers: [Approver], approvedAt: String?, approvalRule: String? = nil,
                 exportedBy: Person? = nil, parametersSHA256: String, signer: Ed25519? = nil) {
        self.preset = preset; self.revision = revision; self.status = status
        self.approvers = approvers; self.approvedAt = approvedAt; self.approvalRule = approvalRule; self.exportedBy = exportedBy
        self.parametersSHA256 = parametersSHA256
        self.signer = signer
    }

    package static func == (a: Provenance, b: Provenance) -> Bool {
        a.preset == b.preset && a.revision == b.revision && a.status == b.status && a.approvers == b.approvers
            && a.approvedAt == b.approvedAt && a.approvalRule == b.approvalRule && a.exportedBy == b.exportedBy
            && a.parametersSHA256 == b.parametersSHA256 && JSONValue.object(a.extraFacts) == JSONValue.object(b.extraFacts)
            && a.signer?.publicKey == b.signer?.publicKey
    }

    package var approverNames: [String] { approvers.map(\.person.name) }

    /// The signed statement in words, as the export dialog, the guides and `workbench verify`
    /// say it: "revision 2 of “Default”, approved by Ben (person 3) despite: …, under the rule
    /// 1 approval from someone other than its author" or "unsaved parameters of “Default”, by
    /// Ana (person 2), not a revision".
    package var statement: String {
        guard let revision else {
            return "unsaved parameters of “\(preset)”" + (exportedBy.map { ", by \($0.words)" } ?? "") + ", not a revision"
        }
        let state = status == "approved" ? "approved by " + (approvers.isEmpty ? "nobody" : approvers.map(\.words).joined(separator: "; "))
            : status == "in-review" ? "in review, not approved" : "\(status), not approved"
        return "revision \(revision) of “\(preset)”, \(state)" + (approvalRule.map { "; approval rule: \($0)" } ?? "")
    }

    /// The approval rule in words for `required` approvals.
    package static func ruleWords(required: Int) -> String {
        required == 1 ? "1 approval from someone other than its author"
            : "\(required) approvals from people other than its author"
    }

    /// The facts (no content hash, no signature): for the decision log.
    package func json() -> JSONValue {
        .object(factPairs)
    }

    private var factPairs: [(String, JSONValue)] {
        var pairs: [(String, JSONValue)] = [
            ("format", .string(Self.format)), ("version", .number(Double(Self.version))),
            ("preset", .string(preset)), ("revision", revision.map { .number(Double($0)) } ?? .null),
            ("status", .string(status)), ("approvers", .array(approvers.map(\.json))),
            ("approvedAt", approvedAt.map(JSONValue.string) ?? .null),
            ("approvalRule", approvalRule.map(JSONValue.string) ?? .null),
        ]
        if let exportedBy { pairs.append(("exportedBy", .object(exportedBy.json))) }
        pairs.append(("parametersSha256", .string(parametersSHA256)))
        return pairs + extraFacts
    }

    /// Keys of a block that are neither facts of their own above nor `extraFacts`: what an export is and its content.
    private static let knownKeys: Set<String> = ["format", "version", "preset", "revision", "status", "approvers", "approvedAt", "approvalRule",
                                                  "exportedBy", "parametersSha256", "export", "contentSha256", "files", "publicKey", "keyId", "signature"]

    package init?(json: JSONValue) {
        guard json["format"]?.stringValue == Self.format, let preset = json["preset"]?.stringValue,
              let status = json["status"]?.stringValue, let hash = json["parametersSha256"]?.stringValue else { return nil }
        self.preset = preset
        revision = json["revision"]?.numberValue.flatMap { Int(exactly: $0) }
        self.status = status
        let listed = json["approvers"]?.arrayValue ?? []
        approvers = listed.compactMap(Approver.init(json:))
        guard approvers.count == listed.count else { return nil }
        approvedAt = json["approvedAt"]?.stringValue
        approvalRule = json["approvalRule"]?.stringValue
        exportedBy = json["exportedBy"].flatMap(Person.init(json:))
        parametersSHA256 = hash
        extraFacts = (json.objectPairs ?? []).filter { !Self.knownKeys.contains($0.0) }
        signer = nil
    }

    // MARK: Signing

    /// The bytes a block's signature covers: the block's own version line, then the block
    /// without `signature`, canonical.
    package static func signedMessage(_ block: [(String, JSONValue)]) -> [UInt8] {
        let stated = block.last { $0.0 == "version" }?.1.numberValue.flatMap { Int(exactly: $0) } ?? version
        return Array(("\(format) v\(stated)\n" + JSONValue.object(block.filter { $0.0 != "signature" }).canonical).utf8)
    }

    /// The signed block: the facts, what the export is (`export`: json, swift, …), the content's
    /// own facts (`contentSha256`, or a bundle's `platform` and `files`), the public key and the
    /// signature (empty when there is no signer).
    package func signedBlock(export: String?, content: [(String, JSONValue)]) -> JSONValue {
        var pairs = factPairs
        if let export { pairs.append(("export", .string(export))) }
        pairs += content
        guard let signer else { return .object(pairs + [("signature", .string(""))]) }
        pairs.append(("publicKey", .string(Sodium.base64(signer.publicKey))))
        pairs.append(("keyId", .string(Ed25519.keyID(signer.publicKey))))
        pairs.append(("signature", .string(Sodium.base64(signer.sign(Self.signedMessage(pairs))))))
        return .object(pairs)
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

    package enum Carrier: Sendable { case jsonObject, lineComment, xmlComment }

    /// `text` with the signed provenance in it. `export` names the format (json, tokens, swift,
    /// swift-engine, kotlin, svg) so `workbench verify` exports it again the same way; an SVG
    /// needs no name. The signed content is `text` itself — for JSON, its canonical JSON.
    package func stamp(_ text: String, as carrier: Carrier, export: String? = nil) -> String {
        switch carrier {
        case .jsonObject:
            // The export's top-level object gains a last key; its other keys stay as they were.
            guard let close = text.lastIndex(of: "}"), let document = try? JSONValue.parse(Array(text.utf8), strict: true) else { return text }
            let block = signedBlock(export: export, content: [("contentSha256", .string(SHA256.hex(document.canonical)))])
            let pretty = text.contains("\n  ")
            let head = text[..<close].replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
            let separator: String = head.hasSuffix("{") ? "" : ",", indent: String = pretty ? "\n  " : "", closing: String = pretty ? "\n}" : "}"
            let tail: Substring = text[text.index(after: close)...]
            return head + separator + indent + "\"provenance\": " + block.serialized() + closing + tail
        case .lineComment:
            let block = signedBlock(export: export, content: [("contentSha256", .string(SHA256.hex(text)))])
            return Self.insertAfterHeader(text, line: "// " + Self.marker + " " + Self.asciiLine(block))
        case .xmlComment:
            let block = signedBlock(export: export ?? "svg", content: [("contentSha256", .string(SHA256.hex(text)))])
            let comment = "<!-- " + Self.marker + " " + Self.asciiLine(block) + " -->"
            if text.hasPrefix("<?xml"), let end = text.firstIndex(of: "\n") {
                return text[...end] + comment + "\n" + text[text.index(after: end)...]
            }
            return comment + "\n" + text
        }
    }

    /// After the comment lines that open a source file (or first, when none do).
    private static func insertAfterHeader(_ text: String, line: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let index = lines.firstIndex { !$0.hasPrefix("//") } ?? lines.endIndex
        lines.insert(Substring(line), at: index)
        return lines.joined(separator: "\n")
    }

    // MARK: Reading a stamped file

    /// What a stamped file carries: the block, and the content it signs (the file without the
    /// block; for JSON, the canonical JSON of the document without its `provenance` key).
    package struct Stamped {
        package var block: [(String, JSONValue)]
        package var provenance: Provenance
        package var carrier: Carrier
        package var content: String
        package var export: String? { block.last { $0.0 == "export" }?.1.stringValue }
        package var version: Int? { block.last { $0.0 == "version" }?.1.numberValue.flatMap { Int(exactly: $0) } }
    }

    package struct Unreadable: Error, CustomStringConvertible {
        package let description: String
    }

    /// The provenance `text` carries; nil when it carries none; an error when it cannot be read
    /// unambiguously (invalid JSON, a key twice, two provenance lines).
    package static func read(_ text: String) throws(Unreadable) -> Stamped? {
        let trimmed = text.drop { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" || $0 == "\u{FEFF}" }
        if trimmed.hasPrefix("{") {
            let document: JSONValue
            do { document = try JSONValue.parse(Array(text.utf8), strict: true) } catch {
                throw Unreadable(description: "is not valid JSON (\(error.description))")
            }
            guard var pairs = document.objectPairs, let index = pairs.firstIndex(where: { $0.0 == "provenance" }) else { return nil }
            guard let block = pairs[index].1.objectPairs, let provenance = Provenance(json: pairs[index].1) else {
                throw Unreadable(description: "its provenance is not a Chart Workbench provenance")
            }
            pairs.remove(at: index)
            return Stamped(block: block, provenance: provenance, carrier: .jsonObject, content: JSONValue.object(pairs).canonical)
        }
        for (carrier, prefix, suffix) in [(Carrier.lineComment, "// " + marker + " ", ""), (.xmlComment, "<!-- " + marker + " ", " -->")] {
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let found = lines.indices.filter { lines[$0].hasPrefix(prefix) }
            if found.isEmpty { continue }
            guard found.count == 1 else { throw Unreadable(description: "carries \(found.count) provenance lines (a file carries one)") }
            let line = lines[found[0]]
            guard line.hasSuffix(suffix) else { throw Unreadable(description: "its provenance line is cut short") }
            let json = line.dropFirst(prefix.count).dropLast(suffix.count)
            guard let value = try? JSONValue.parse(Array(json.utf8), strict: true), let block = value.objectPairs,
                  let provenance = Provenance(json: value) else {
                throw Unreadable(description: "its provenance line is not a Chart Workbench provenance")
            }
            lines.remove(at: found[0])
            return Stamped(block: block, provenance: provenance, carrier: carrier, content: lines.joined(separator: "\n"))
        }
        return nil
    }
}
