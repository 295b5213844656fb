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
/// exporting that revision again gives the same content; (4) it is approved, unless drafts are
/// allowed. Folders, bundles and zips are read strictly (`ProvenanceCheck+Trees`): a symlink, a
/// special file, or a file or folder nobody signed fails them. Knows nothing of HTTP.
package struct ProvenanceCheck {
    /// `publicKey`: the key a signature must be by (nil: the store's key). `store`: nil checks the
    /// signature and content hashes only (offline, e.g. a mobile team's CI with the public key).
    /// `data`: the series an SVG export drew (the same `--data` as the export).
    /// `data` is only asked for when an SVG is exported again.
    /// `allowDraft`: a signed draft (or in-review) revision passes; otherwise only approved ones do.
    package init(store: PresetStore?, publicKey: [UInt8]? = nil, allowDraft: Bool = false, data: @escaping () -> IndexedSeries? = { nil }) {
        self.store = store
        self.publicKey = publicKey
        self.allowDraft = allowDraft
        self.data = data
    }

    package init(store: PresetStore?, publicKey: [UInt8]? = nil, allowDraft: Bool = false, data: IndexedSeries?) {
        self.init(store: store, publicKey: publicKey, allowDraft: allowDraft, data: { data })
    }

    package let store: PresetStore?
    package let publicKey: [UInt8]?
    package let allowDraft: Bool
    package let data: () -> IndexedSeries?

    /// What passed (each export with its signed statement) and what failed, one line each.
    package struct Verdict {
        package struct Verified {
            package var label: String
            /// "x.json: revision 2 of “Default” (approved by Ben), signed by key …; matches …".
            package var line: String
            package var statement: String
            /// The signed honesty check in words (`HonestyFact.words`); empty when none is signed.
            package var honesty: [String] = []
        }

        package var verified: [Verified] = []
        package var failures: [String] = []
        /// The trusted key the exports are signed by.
        package var key: [UInt8]?
        /// A folder's own line, when it held several exports.
        package var summary: String?

        package var matches: Bool { failures.isEmpty && !verified.isEmpty }
        /// The first failure, or what passed.
        package var line: String { failures.first ?? summary ?? verified.first?.line ?? "nothing to verify" }

        static func failed(_ line: String) -> Verdict { Verdict(failures: [line]) }
    }

    struct Failure: Error {
        let line: String
        init(_ line: String) { self.line = line }
    }

    // MARK: One file

    package func verifyFile(_ path: String) -> Verdict {
        let label = (path as NSString).lastPathComponent
        do {
            let verified = try checkFile(label: label, text: Self.text(path))
            return Verdict(verified: [verified], key: try trustedKey())
        } catch {
            return .failed((error as? Failure)?.line ?? "\(label): \(error)")
        }
    }

    /// One exported file's text (nil: not UTF-8) checked, or its one failure.
    func checkFile(label: String, text: String?) throws -> Verdict.Verified {
        do {
            guard let text else { throw Failure("cannot be read as UTF-8 text") }
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
            let facts = try againstStore(found.provenance, version: found.version) { preset in
                try self.rederive(found, preset: preset)
            }
            try approvedOrAllowed(found.provenance)
            return Verdict.Verified(label: label, line: "\(label): \(Self.describe(found.provenance)), signed by key \(Ed25519.keyID(key)); \(facts)",
                                    statement: found.provenance.statement, honesty: found.provenance.honesty.flatMap(HonestyFact.words) ?? [])
        } catch let failure as Failure {
            throw Failure("\(label): \(failure.line)")
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
            if format == .svg, let stated = found.block.last(where: { $0.0 == SVGExport.View.key })?.1 {
                guard let view = SVGExport.View(json: stated) else { throw Failure("its provenance states an SVG view the workbench does not draw") }
                candidates = [(name, SVGExport.animated(preset, data: series(format), view: view))]
            } else {
                candidates = [(name, format.plain(preset, data: series(format)))]
            }
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

    // MARK: Shared checks

    /// The trusted key that signed `block`, or why not.
    func checkSignature(_ block: [(String, JSONValue)], version: Int?) throws -> [UInt8] {
        guard let version, Provenance.readableVersions.contains(version) else {
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

    func trustedKey() throws -> [UInt8] {
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
    func againstStore(_ provenance: Provenance, version: Int?, rederive: (Preset) throws -> Void) throws -> String {
        guard let number = provenance.revision else {
            throw Failure("is signed as \(provenance.statement): only a saved revision verifies")
        }
        guard let store else { return "content intact (not compared with a presets folder)" }
        try againstChain(provenance, number: number, store: store)
        let exported: (preset: Preset, provenance: Provenance)
        do { exported = try store.exportable(provenance.preset, revision: String(number)) } catch let refusal as HistoryError {
            throw Failure(refusal.message)
        } catch {
            throw Failure("the presets folder has no revision \(number) of “\(provenance.preset)”")
        }
        guard exported.preset.parametersSHA256 == provenance.parametersSHA256 else {
            throw Failure("its parameters are not those of revision \(number) of “\(provenance.preset)”")
        }
        let now = exported.provenance
        if provenance.status == "approved" {
            // A v2 block names approvers only; a later one is compared with their ids and overrides too.
            let sameApprovers = version == 2 ? now.approverNames == provenance.approverNames : now.approvers == provenance.approvers
            guard now.status == "approved", sameApprovers, now.approvedAt == provenance.approvedAt else {
                throw Failure("claims revision \(number) of “\(provenance.preset)” was approved by \(provenance.approvers.map(\.words).joined(separator: "; ")), but the reviews say \(now.status == "approved" ? "by " + now.approvers.map(\.words).joined(separator: "; ") : "it is not approved")")
            }
        } else if !provenance.approvers.isEmpty {
            throw Failure("names approvers but is not approved")
        }
        try rederive(exported.preset)
        let note = provenance.status != now.status ? " (now \(now.status))" : ""
        return "matches revision \(number) in the presets folder\(note)"
    }

    /// The signed chain position (exports since the chain have one) is the revision's entry in
    /// the presets' history, and the rows it rests on are still the chained ones: an edited row
    /// shows here even when the history opened.
    private func againstChain(_ provenance: Provenance, number: Int, store: PresetStore) throws {
        guard let stated = provenance.extraFacts.last(where: { $0.0 == PresetStore.chainFact })?.1 else { return }
        guard let position = PresetStore.chainPosition(stated) else { throw Failure("its signed chain position is unreadable") }
        guard let record = try? store.history.record(named: provenance.preset) else {
            throw Failure("the presets folder has no revision \(number) of “\(provenance.preset)”")
        }
        if let problem = store.chainProblem(signed: position, presetID: record.id, number: number) {
            throw Failure("revision \(number) of “\(provenance.preset)” is not what the presets' history chained when it was exported: \(problem)")
        }
    }

    /// A draft or in-review revision fails unless drafts are allowed; an unsaved one never gets here.
    func approvedOrAllowed(_ provenance: Provenance) throws {
        guard provenance.status != "approved", !allowDraft else { return }
        let state = provenance.status == "in-review" ? "in review" : provenance.status
        throw Failure("is signed as a draft: revision \(provenance.revision.map(String.init) ?? "none") of “\(provenance.preset)” is \(state), never approved (give --allow-draft to accept drafts)")
    }

    static func describe(_ p: Provenance) -> String {
        let who = p.approvers.isEmpty ? "" : " by " + p.approverNames.joined(separator: ", ")
        return "revision \(p.revision.map(String.init) ?? "none") of “\(p.preset)” (\(p.status)\(who))"
    }

    /// For a changed preset file: the parameters whose values differ from the signed revision.
    private func changedParameters(_ found: Provenance.Stamped) -> String? {
        guard let store, let number = found.provenance.revision, let json = try? JSONValue.parse(found.content),
              let pairs = json["parameters"]?.objectPairs,
              let exported = try? store.exportable(found.provenance.preset, revision: String(number)),
              let saved = JSONValueEncoder.encode(exported.preset)["parameters"]?.objectPairs else { return nil }
        let changed = pairs.filter { key, value in saved.last(where: { $0.0 == key })?.1 != value }.map(\.0)
            + saved.filter { key, _ in !pairs.contains { $0.0 == key } }.map(\.0)
        return changed.isEmpty ? nil : changed.sorted().joined(separator: ", ")
    }

    static func text(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).flatMap { String(data: $0, encoding: .utf8) }
    }
}
