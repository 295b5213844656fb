import ChartEngine
import WorkbenchStores
import WorkbenchSupport

/// Which revision of a preset an export carries, and its provenance: the store answers what
/// the history holds, this layer what an export says about it.
extension PresetStore {
    /// The preset to export and where it came from: the current file (`selector` nil), revision
    /// `selector` ("3"), or the newest approved revision ("approved").
    package func exportable(_ name: String, revision selector: String?) throws -> (preset: Preset, provenance: Provenance) {
        guard let record = try history.record(named: name), !record.deleted || selector != nil else { throw PresetStore.SaveError.notFound }
        let (_, approvals, statusOf) = try self.approvals(of: record.id)
        let number: Int
        switch selector {
        case nil:
            guard let entry = get(name) else { throw PresetStore.SaveError.notFound }
            number = entry.revision
        case "approved"?:
            guard let approved = approvals.keys.max() else { throw PresetStore.SaveError.noRevision("no revision of “\(name)” is approved yet") }
            number = approved
        case let text?:
            guard (1...9).contains(text.utf8.count), !text.hasPrefix("0"), text.utf8.allSatisfy({ (48...57).contains($0) }), let n = Int(text) else {
                throw PresetStore.SaveError.noRevision("revision must be a revision number or \"approved\"")
            }
            number = n
        }
        guard let revision = try history.revision(of: record.id, number: number), !revision.deleted else {
            throw PresetStore.SaveError.noRevision("“\(name)” has no revision \(number) to export")
        }
        var preset: Preset
        do { preset = try Preset(json: try JSONValue.parse(revision.fileText), requireEnvelope: true) } catch {
            throw PresetStore.SaveError.noRevision("revision \(number) of “\(name)” cannot be read: \(error)")
        }
        preset.name = record.name
        let approval = approvals[number]
        let status = approval != nil ? "approved"
            : number == record.latest ? statusOf(record.latest).state.rawValue : "draft"
        return (preset, Provenance(preset: record.name, revision: number, status: status, approvers: approval?.approvers ?? [],
                                   approvedAt: approval?.at, parametersSHA256: preset.parametersSHA256,
                                   signer: try? signingKey().get()))
    }

    /// Provenance for parameters that may be no saved revision (an export of what is on screen):
    /// a saved revision of `name` with exactly these parameters when there is one, else unsaved.
    package func provenance(of preset: Preset, savedAs name: String?) -> Provenance {
        let hash = preset.parametersSHA256
        let unsaved = Provenance(preset: preset.name, revision: nil, status: "unsaved", approvers: [], approvedAt: nil, parametersSHA256: hash,
                                 signer: try? signingKey().get())
        guard let name, let current = try? exportable(name, revision: nil) else { return unsaved }
        if current.provenance.parametersSHA256 == hash { return current.provenance }
        if let approved = try? exportable(name, revision: "approved"), approved.provenance.parametersSHA256 == hash { return approved.provenance }
        return unsaved
    }
}
