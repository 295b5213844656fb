import WorkbenchSupport
import WorkbenchStores
import Foundation

/// Whether an exported file or handoff folder is what an approved revision in the store
/// exported: the file is as it was written (its own SHA-256), its parameters are the revision's
/// (the SHA-256 of their canonical text), and that revision is approved. Knows nothing of HTTP.
package struct ProvenanceCheck {
    package init(store: PresetStore) {
        self.store = store
    }

    package let store: PresetStore

    package struct Verdict {
        package var matches: Bool
        /// One line per file or fact: why it matches or why not.
        package var lines: [String]
    }

    package func verify(path: String) -> Verdict {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            return Verdict(matches: false, lines: ["\(path): no such file or folder"])
        }
        if !isFolder.boolValue { return verifyFile(path) }
        if let bundle = bundleFolder(path) { return verifyBundle(bundle) }
        // A folder of exports: each file that carries a provenance must match.
        let files = (FileManager.default.enumerator(atPath: path)?.allObjects as? [String] ?? []).sorted()
        var verdict = Verdict(matches: true, lines: [])
        var checked = 0
        for file in files {
            let full = path + "/" + file
            guard let text = Self.text(full), Provenance.read(text) != nil else { continue }
            checked += 1
            let one = verifyFile(full)
            verdict.matches = verdict.matches && one.matches
            verdict.lines += one.lines
        }
        if checked == 0 { return Verdict(matches: false, lines: ["\(path): no file in it carries a Chart Workbench provenance"]) }
        return verdict
    }

    /// The folder holding `PROVENANCE.json`: `path` itself or its one subfolder (an unzipped bundle).
    private func bundleFolder(_ path: String) -> String? {
        if FileManager.default.fileExists(atPath: path + "/" + HandoffBundle.provenanceFile) { return path }
        let children = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        let bundles = children.filter { FileManager.default.fileExists(atPath: path + "/" + $0 + "/" + HandoffBundle.provenanceFile) }
        return bundles.count == 1 ? path + "/" + bundles[0] : nil
    }

    package func verifyFile(_ path: String) -> Verdict {
        let label = (path as NSString).lastPathComponent
        guard let text = Self.text(path) else { return Verdict(matches: false, lines: ["\(label): cannot be read as UTF-8 text"]) }
        guard let (provenance, intact) = Provenance.read(text) else {
            return Verdict(matches: false, lines: ["\(label): carries no Chart Workbench provenance (was it exported by the workbench?)"])
        }
        if !intact {
            var why = "\(label): was changed after it was exported (its SHA-256 is not the one it carries)"
            if let changed = changedParameters(text, provenance) { why += "; changed: \(changed)" }
            return Verdict(matches: false, lines: [why])
        }
        if let json = try? JSONValue.parse(text), json["format"]?.stringValue == Preset.format,
           let pairs = json["parameters"]?.objectPairs, SHA256.hex(Preset.canonicalParameters(pairs)) != provenance.parametersSHA256 {
            return Verdict(matches: false, lines: ["\(label): its parameters are not the ones exported"])
        }
        return against(provenance, label: label)
    }

    private func verifyBundle(_ folder: String) -> Verdict {
        let label = (folder as NSString).lastPathComponent
        guard let text = Self.text(folder + "/" + HandoffBundle.provenanceFile), let json = try? JSONValue.parse(text),
              let provenance = Provenance(json: json), let files = json["files"]?.objectPairs else {
            return Verdict(matches: false, lines: ["\(label)/\(HandoffBundle.provenanceFile): is not a Chart Workbench provenance"])
        }
        var problems: [String] = []
        for (file, hash) in files {
            guard !file.contains(".."), let data = FileManager.default.contents(atPath: folder + "/" + file) else {
                problems.append("\(label)/\(file): is missing"); continue
            }
            if SHA256.hex([UInt8](data)) != hash.stringValue { problems.append("\(label)/\(file): was changed after it was exported") }
        }
        if !problems.isEmpty { return Verdict(matches: false, lines: problems) }
        return against(provenance, label: label)
    }

    /// The provenance against the store: a saved revision with these parameters, approved.
    private func against(_ provenance: Provenance, label: String) -> Verdict {
        guard let number = provenance.revision else {
            return Verdict(matches: false, lines: ["\(label): was exported from unsaved parameters of “\(provenance.preset)”, not from a saved revision"])
        }
        let candidates = (try? store.history.revisions(named: provenance.preset, number: number)) ?? []
        guard let revision = candidates.first(where: { $0.parametersSHA256 == provenance.parametersSHA256 }) ?? candidates.first else {
            return Verdict(matches: false, lines: ["\(label): the store has no revision \(number) of “\(provenance.preset)”"])
        }
        guard revision.parametersSHA256 == provenance.parametersSHA256 else {
            return Verdict(matches: false, lines: ["\(label): its parameters are not those of revision \(number) of “\(provenance.preset)”"])
        }
        let reviews = (try? store.reviews.reviews(of: revision.presetID)) ?? []
        guard let approval = PresetReviews.approvals(reviews)[number] else {
            let approved = PresetReviews.approvals(reviews).keys.max()
            return Verdict(matches: false, lines: ["\(label): revision \(number) of “\(provenance.preset)” is not approved"
                + (approved.map { " (revision \($0) is)" } ?? " (no revision of it is)")])
        }
        return Verdict(matches: true, lines: ["\(label): matches revision \(number) of “\(provenance.preset)”, approved by \(approval.approvers.joined(separator: ", ")) at \(approval.at)"])
    }

    /// For a changed preset file: the parameters whose values differ from the exported revision.
    private func changedParameters(_ text: String, _ provenance: Provenance) -> String? {
        guard let number = provenance.revision, let json = try? JSONValue.parse(text), let pairs = json["parameters"]?.objectPairs,
              let revision = ((try? store.history.revisions(named: provenance.preset, number: number)) ?? []).first,
              let saved = (try? JSONValue.parse(revision.fileText))?["parameters"]?.objectPairs else { return nil }
        let changed = pairs.filter { key, value in saved.last(where: { $0.0 == key })?.1 != value }.map(\.0)
        return changed.isEmpty ? nil : changed.joined(separator: ", ")
    }

    private static func text(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).flatMap { String(data: $0, encoding: .utf8) }
    }
}
