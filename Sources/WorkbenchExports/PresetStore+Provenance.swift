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
        let facts = try self.approvals(of: record.id)
        let approvals = facts.approved
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
        do throws(PresetError) { preset = try Preset(fileText: revision.fileText) } catch {
            throw PresetStore.SaveError.noRevision("revision \(number) of “\(name)” cannot be read: \(error)")
        }
        preset.name = record.name
        let approval = approvals[number]
        let status = approval != nil ? "approved"
            : number == record.latest ? facts.status(record.latest).state.rawValue : "draft"
        let approvers = (approval?.approvers ?? []).map { name in
            Provenance.Approver(person: .init(name: name, id: facts.personID(name)), despite: facts.overrides(by: name, of: number))
        }
        var provenance = Provenance(preset: record.name, revision: number, status: status, approvers: approvers, approvedAt: approval?.at,
                                    approvalRule: Provenance.ruleWords(required: facts.required), parametersSHA256: preset.parametersSHA256,
                                    signer: try? signingKey().get())
        if let position = try chainPosition(presetID: record.id, number: number, preset: record.name) {
            provenance.extraFacts.append((Self.chainFact, Self.chainJSON(position)))
        }
        return (preset, provenance)
    }

    /// The signed fact naming the revision's entry in the history's chain and the chain's head
    /// at the export: `{"index", "entryHash", "headIndex", "headHash"}`.
    package static let chainFact = "chain"

    package static func chainJSON(_ position: ChainPosition) -> JSONValue {
        JSONValueEncoder.encode(ChainFact(index: position.revision.index, entryHash: position.revision.entryHash,
                                          headIndex: position.head.index, headHash: position.head.entryHash))
    }

    private struct ChainFact: Encodable {
        let index: Int64, entryHash: String, headIndex: Int64, headHash: String
    }

    package static func chainPosition(_ json: JSONValue) -> ChainPosition? {
        func position(_ index: String, _ hash: String) -> HistoryChain.Position? {
            guard let n = json[index]?.numberValue.flatMap({ Int64(exactly: $0) }), let text = json[hash]?.stringValue else { return nil }
            return HistoryChain.Position(index: n, entryHash: text)
        }
        guard let revision = position("index", "entryHash"), let head = position("headIndex", "headHash") else { return nil }
        return ChainPosition(revision: revision, head: head)
    }

    /// What `POST /api/export` signs for parameters on screen: when they are those of `name`'s
    /// current or approved revision, that stored revision itself (its name, notes, author and
    /// parameters, whatever the page sent); otherwise `preset` (with `person` as its author) as
    /// "unsaved parameters of <name>, by <person>, not a revision", <name> being the saved
    /// preset it is over, or the page's own name for it when there is none.
    package func exportable(onScreen preset: Preset, savedAs name: String?, by person: Provenance.Person) -> (preset: Preset, provenance: Provenance) {
        let hash = preset.parametersSHA256
        if let name {
            for selector in [nil, "approved"] as [String?] {
                if let stored = try? exportable(name, revision: selector), stored.provenance.parametersSHA256 == hash { return stored }
            }
        }
        var unsaved = preset
        unsaved.author = person.name
        let saved: PresetHistory.Record? = name.flatMap { try? history.record(named: $0) }
        let over = saved?.name ?? name ?? preset.name
        return (unsaved, Provenance(preset: over, revision: nil, status: "unsaved", approvers: [], approvedAt: nil, exportedBy: person,
                                    parametersSHA256: hash, signer: try? signingKey().get()))
    }

    /// The person id of whoever holds (or held) `name` in this workbench.
    package func personID(named name: String) -> Int64? {
        try? database.withConnection { PeopleStore.identities(on: $0)[PeopleStore.nameKey(name)] }
    }
}
