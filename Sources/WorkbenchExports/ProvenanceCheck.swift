import WorkbenchSupport
import WorkbenchStores
import ChartEngine
import Foundation

/// Whether an exported file or handoff folder is what the workbench signed and, given a store,
/// what that revision exports: (1) the provenance's Ed25519 signature is valid and by the
/// trusted key (`--public-key`, else the presets folder's key); (2) the content is the signed
/// content (a file without its provenance, JSON compared as canonical JSON; a bundle's files
/// exactly those `PROVENANCE.json` lists, with their SHA-256); (3) with a store, the signed
/// revision exists with those parameters, an "approved" claim is backed by the reviews, and
/// exporting that revision again gives the same content. Knows nothing of HTTP.
package struct ProvenanceCheck {
    /// `publicKey`: the key a signature must be by (nil: the store's key). `store`: nil checks the
    /// signature and content hashes only (offline, e.g. a mobile team's CI with the public key).
    /// `data`: the series an SVG export drew (the same `--data` as the export).
    /// `data` is only asked for when an SVG is exported again.
    package init(store: PresetStore?, publicKey: [UInt8]? = nil, data: @escaping () -> IndexedSeries? = { nil }) {
        self.store = store
        self.publicKey = publicKey
        self.data = data
    }

    package init(store: PresetStore?, publicKey: [UInt8]? = nil, data: IndexedSeries?) {
        self.init(store: store, publicKey: publicKey, data: { data })
    }

    package let store: PresetStore?
    package let publicKey: [UInt8]?
    package let data: () -> IndexedSeries?

    package struct Verdict {
        package var matches: Bool
        /// One line: why it matches or why not.
        package var line: String
        package var lines: [String] { [line] }
    }

    private struct Failure: Error {
        let line: String
        init(_ line: String) { self.line = line }
    }

    package func verify(path: String) -> Verdict {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            return Verdict(matches: false, line: "\(path): no such file or folder")
        }
        if !isFolder.boolValue { return verifyFile(path) }
        if let bundle = bundleFolder(path) { return verifyBundle(bundle) }
        // A folder of exports: each file that carries a provenance must match.
        let files = (FileManager.default.enumerator(atPath: path)?.allObjects as? [String] ?? []).sorted()
        var passed: [String] = []
        for file in files {
            let full = path + "/" + file
            guard let text = Self.text(full), (try? Provenance.read(text)) != nil || text.contains(Provenance.marker) else { continue }
            let one = verifyFile(full)
            if !one.matches { return one }
            passed.append(file)
        }
        if passed.isEmpty { return Verdict(matches: false, line: "\(path): no file in it carries a Chart Workbench provenance") }
        return Verdict(matches: true, line: "\(path): \(passed.count) signed export\(passed.count == 1 ? "" : "s") verified (\(passed.joined(separator: ", ")))")
    }

    /// The folder holding `PROVENANCE.json`: `path` itself or its one subfolder (an unzipped bundle).
    private func bundleFolder(_ path: String) -> String? {
        if FileManager.default.fileExists(atPath: path + "/" + HandoffBundle.provenanceFile) { return path }
        let children = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        let bundles = children.filter { FileManager.default.fileExists(atPath: path + "/" + $0 + "/" + HandoffBundle.provenanceFile) }
        return bundles.count == 1 ? path + "/" + bundles[0] : nil
    }

    // MARK: One file

    package func verifyFile(_ path: String) -> Verdict {
        let label = (path as NSString).lastPathComponent
        do {
            guard let text = Self.text(path) else { throw Failure("cannot be read as UTF-8 text") }
            let found: Provenance.Stamped
            do {
                guard let read = try Provenance.read(text) else {
                    throw Failure("carries no Chart Workbench provenance (was it exported by the workbench?)")
                }
                found = read
            } catch let error as Provenance.Unreadable { throw Failure(error.description) }
            let key = try checkSignature(found.block, version: found.version)
            let hash = SHA256.hex(found.content)
            guard let signed = found.block.last(where: { $0.0 == "contentSha256" })?.1.stringValue,
                  Sodium.constantTimeEqual(signed, hash) else {
                var why = "was changed after it was exported (its content is not the signed content)"
                if let changed = changedParameters(found) { why += "; changed parameters: \(changed)" }
                throw Failure(why)
            }
            if found.export == "json", let format = (try? JSONValue.parse(found.content))?["format"]?.stringValue, format != Preset.format {
                throw Failure("its format is \"\(format)\", not \"\(Preset.format)\"")
            }
            let facts = try againstStore(found.provenance) { preset in
                try self.rederive(found, preset: preset)
            }
            return Verdict(matches: true, line: "\(label): \(Self.describe(found.provenance)), signed by key \(Ed25519.keyID(key)); \(facts)")
        } catch {
            return Verdict(matches: false, line: "\(label): \((error as? Failure)?.line ?? "\(error)")")
        }
    }

    /// The export `found` claims to be, made again from the revision: the same content.
    private func rederive(_ found: Provenance.Stamped, preset: Preset) throws {
        let empty = IndexedSeries(PriceSeries(times: [], prices: []))
        let series = { (format: ExportFormat) in format == .svg ? (self.data() ?? empty) : empty }
        var candidates: [(String, String)] = []
        switch found.export {
        case "swift-engine"?: candidates = [("swift-engine", SwiftEngineExport(preset: preset).text)]
        case let name?:
            guard let format = ExportFormat(rawValue: name) else { throw Failure("its provenance names an unknown export format \"\(name)\"") }
            guard format.carrier == found.carrier else { throw Failure("its provenance says \(name), but the file is not a \(name) export") }
            candidates = [(name, format.plain(preset, data: series(format)))]
        case nil:
            for format in ExportFormat.allCases where format.carrier == found.carrier { candidates.append((format.rawValue, format.plain(preset, data: series(format)))) }
            if found.carrier == .lineComment { candidates.append(("swift-engine", SwiftEngineExport(preset: preset).text)) }
        }
        for (_, text) in candidates {
            let content = found.carrier == .jsonObject ? ((try? JSONValue.parse(text))?.canonical ?? text) : text
            if content == found.content { return }
        }
        let name = found.export ?? "any format"
        throw Failure("is signed, but revision \(found.provenance.revision ?? 0) of “\(found.provenance.preset)” exports different content as \(name)"
            + (found.export == "svg" ? " (was it exported with another --data?)" : " (exported by another version of the workbench?)"))
    }

    // MARK: A bundle

    private func verifyBundle(_ folder: String) -> Verdict {
        let label = (folder as NSString).lastPathComponent
        do {
            guard let data = FileManager.default.contents(atPath: folder + "/" + HandoffBundle.provenanceFile) else {
                throw Failure("\(HandoffBundle.provenanceFile) cannot be read")
            }
            let manifest: JSONValue
            do { manifest = try JSONValue.parse([UInt8](data), strict: true) } catch {
                throw Failure("\(HandoffBundle.provenanceFile) is not valid JSON (\(error.description))")
            }
            guard let block = manifest.objectPairs, let provenance = Provenance(json: manifest) else {
                throw Failure("\(HandoffBundle.provenanceFile) is not a Chart Workbench provenance")
            }
            let version = manifest["version"]?.numberValue.flatMap { Int(exactly: $0) }
            let key = try checkSignature(block, version: version)
            guard let listed = manifest["files"]?.objectPairs, !listed.isEmpty else { throw Failure("\(HandoffBundle.provenanceFile) lists no files") }
            guard let platformName = manifest["export"]?.stringValue, let platform = HandoffBundle.Platform(rawValue: platformName) else {
                throw Failure("\(HandoffBundle.provenanceFile) names no bundle platform (ios or android)")
            }
            for (file, hash) in listed {
                guard !file.isEmpty, !file.hasPrefix("/"), !file.split(separator: "/").contains(where: { $0 == ".." || $0 == "." }),
                      file != HandoffBundle.provenanceFile else { throw Failure("\(HandoffBundle.provenanceFile) lists a path outside the bundle: \(file)") }
                guard let contents = FileManager.default.contents(atPath: folder + "/" + file) else { throw Failure("\(file) is missing") }
                guard let expected = hash.stringValue, Sodium.constantTimeEqual(SHA256.hex([UInt8](contents)), expected) else {
                    throw Failure("\(file) was changed after it was exported (its SHA-256 is not the signed one)")
                }
            }
            let names = Set(listed.map(\.0))
            let present = (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []).filter { relative in
                var isFolder: ObjCBool = false
                _ = FileManager.default.fileExists(atPath: folder + "/" + relative, isDirectory: &isFolder)
                return !isFolder.boolValue && relative != HandoffBundle.provenanceFile
            }.sorted()
            if let extra = present.first(where: { !names.contains($0) }) {
                throw Failure("\(extra) is not listed in \(HandoffBundle.provenanceFile) (added after export)")
            }
            let facts = try againstStore(provenance) { preset in
                let again = try HandoffBundle(preset: preset, platform: platform).files()
                let derived = Dictionary(again.map { ($0.path, SHA256.hex($0.contents)) }, uniquingKeysWith: { a, _ in a })
                for (file, hash) in listed where derived[file] != hash.stringValue {
                    throw Failure("is signed, but revision \(provenance.revision ?? 0) of “\(provenance.preset)” exports a different \(file) (exported by another version of the workbench?)")
                }
                if let missing = derived.keys.sorted().first(where: { !names.contains($0) }) {
                    throw Failure("is signed, but lacks \(missing), which revision \(provenance.revision ?? 0) of “\(provenance.preset)” exports")
                }
            }
            return Verdict(matches: true, line: "\(label): \(platformName) bundle of \(Self.describe(provenance)), \(listed.count) files, signed by key \(Ed25519.keyID(key)); \(facts)")
        } catch {
            return Verdict(matches: false, line: "\(label): \((error as? Failure)?.line ?? "\(error)")")
        }
    }

    // MARK: Shared checks

    /// The trusted key that signed `block`, or why not.
    private func checkSignature(_ block: [(String, JSONValue)], version: Int?) throws -> [UInt8] {
        guard version == Provenance.version else {
            throw Failure("carries a provenance of version \(version.map(String.init) ?? "?"), not \(Provenance.version): it is unsigned; export it again")
        }
        let value = JSONValue.object(block)
        guard let signatureText = value["signature"]?.stringValue, !signatureText.isEmpty else { throw Failure("is not signed") }
        guard let signature = Sodium.unbase64(signatureText), signature.count == Ed25519.signatureBytes else { throw Failure("its signature is not an Ed25519 signature") }
        guard let keyText = value["publicKey"]?.stringValue, let signedBy = Sodium.unbase64(keyText), signedBy.count == Ed25519.publicKeyBytes else {
            throw Failure("its provenance names no public key")
        }
        let trusted = try trustedKey()
        guard Sodium.constantTimeEqual(signedBy, trusted) else {
            throw Failure("is signed by key \(Ed25519.keyID(signedBy)), not by the trusted key \(Ed25519.keyID(trusted))")
        }
        guard Ed25519.verify(signature, of: Provenance.signedMessage(block), publicKey: trusted) else {
            throw Failure("its signature does not match its provenance (the provenance was changed after signing)")
        }
        return trusted
    }

    private func trustedKey() throws -> [UInt8] {
        if let publicKey { return publicKey }
        guard let store else { throw Failure("no key to check against: give --public-key or --presets") }
        do {
            guard let key = try SigningKey.of(folder: store.historyFile.state.path, create: false) else {
                throw Failure("the presets folder \(store.folder) has no signing key in its state folder \(store.historyFile.state.path): nothing was exported from it; give --public-key (or --state)")
            }
            return key.publicKey
        } catch let error as SigningKey.KeyError { throw Failure(error.description) }
    }

    /// With a store: the signed revision exists with the signed parameters, an approval claim is
    /// the store's, and `rederive` (given the revision's preset) finds the same content.
    private func againstStore(_ provenance: Provenance, rederive: (Preset) throws -> Void) throws -> String {
        guard let number = provenance.revision else {
            throw Failure("was exported from unsaved parameters of “\(provenance.preset)”, not from a saved revision")
        }
        guard let store else { return "content intact (not compared with a presets folder)" }
        let exported: (preset: Preset, provenance: Provenance)
        do { exported = try store.exportable(provenance.preset, revision: String(number)) } catch {
            throw Failure("the presets folder has no revision \(number) of “\(provenance.preset)”")
        }
        guard exported.preset.parametersSHA256 == provenance.parametersSHA256 else {
            throw Failure("its parameters are not those of revision \(number) of “\(provenance.preset)”")
        }
        let now = exported.provenance
        if provenance.status == "approved" {
            guard now.status == "approved", now.approvers == provenance.approvers, now.approvedAt == provenance.approvedAt else {
                throw Failure("claims revision \(number) of “\(provenance.preset)” was approved by \(provenance.approvers.joined(separator: ", ")), but the reviews say \(now.status == "approved" ? "by " + now.approvers.joined(separator: ", ") : "it is not approved")")
            }
        } else if !provenance.approvers.isEmpty {
            throw Failure("names approvers but is not approved")
        }
        try rederive(exported.preset)
        let note = provenance.status != now.status ? " (now \(now.status))" : ""
        return "matches revision \(number) in the presets folder\(note)"
    }

    private static func describe(_ p: Provenance) -> String {
        let who = p.approvers.isEmpty ? "" : " by " + p.approvers.joined(separator: ", ")
        return "revision \(p.revision.map(String.init) ?? "none") of “\(p.preset)” (\(p.status)\(who))"
    }

    /// For a changed preset file: the parameters whose values differ from the signed revision.
    private func changedParameters(_ found: Provenance.Stamped) -> String? {
        guard let store, let number = found.provenance.revision, let json = try? JSONValue.parse(found.content),
              let pairs = json["parameters"]?.objectPairs,
              let exported = try? store.exportable(found.provenance.preset, revision: String(number)),
              let saved = exported.preset.json["parameters"]?.objectPairs else { return nil }
        let changed = pairs.filter { key, value in saved.last(where: { $0.0 == key })?.1 != value }.map(\.0)
            + saved.filter { key, _ in !pairs.contains { $0.0 == key } }.map(\.0)
        return changed.isEmpty ? nil : changed.sorted().joined(separator: ", ")
    }

    private static func text(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).flatMap { String(data: $0, encoding: .utf8) }
    }
}
