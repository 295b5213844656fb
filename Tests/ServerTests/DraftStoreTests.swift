import Synchronization
import Testing
@testable import WorkbenchStores
@testable import WorkbenchSupport

@Suite struct DraftStoreTests {
    let store = DraftStore(clock: { "2026-01-01T00:00:00Z" })
    let seed = DraftStore.Seed(revision: 1, parameters: [("markerRadius", .number(4)), ("lineColor", .string("#F7931A"))])

    private func set(_ key: String, _ value: Preset.Value, by client: String, step: String, on preset: String = "Default") throws -> DraftStore.Outcome {
        try store.apply(.set([(key, value)]), to: preset, by: .init(user: client.uppercased(), client: client, step: step)) { seed }
    }

    private func undo(_ step: String, by client: String, as newStep: String, on preset: String = "Default") throws(DraftStore.EditError) -> DraftStore.Outcome {
        try store.apply(.undo(step: step), to: preset, by: .init(user: client.uppercased(), client: client, step: newStep)) { seed }
    }

    private func value(_ key: String, _ preset: String = "Default") -> Preset.Value? {
        store.snapshot(preset, seed: seed).values.first { $0.0 == key }?.1
    }

    @Test func anUnopenedPresetReadsAsItsRevisionAndEditsAreOrderedAndAttributed() throws {
        let fresh = store.snapshot("Default", seed: seed)
        #expect(fresh.version == 0 && fresh.changes.isEmpty && fresh.baseRevision == 1)
        _ = try set("markerRadius", .number(6), by: "a", step: "s1")
        let second = try set("lineColor", .string("#000000"), by: "b", step: "t1")
        #expect(second.snapshot.version == 2)
        #expect(second.snapshot.changes.map(\.author) == ["A", "B"])
        #expect(second.snapshot.changes.map(\.keys) == [["markerRadius"], ["lineColor"]])
        #expect(value("markerRadius") == .number(6) && value("lineColor") == .string("#000000"))
        #expect(store.snapshot("Default", seed: seed).saved.first { $0.0 == "markerRadius" }?.1 == .number(4))
    }

    @Test func undoRevertsOnlyOnesOwnStepOnThatPreset() throws {
        _ = try set("lineColor", .string("#00FF00"), by: "pm", step: "s1", on: "PM pick")
        _ = try set("lineColor", .string("#111111"), by: "pm", step: "s2", on: "Designer pick")
        _ = try undo("s2", by: "pm", as: "s3", on: "Designer pick")
        #expect(value("lineColor", "Designer pick") == .string("#F7931A"))
        // The step made on PM pick is not there to undo on Designer pick.
        #expect(throws: DraftStore.EditError.nothingToUndo) { try undo("s1", by: "pm", as: "s4", on: "Designer pick") }
        #expect(value("lineColor", "Designer pick") == .string("#F7931A"))
        #expect(value("lineColor", "PM pick") == .string("#00FF00"))
        // Someone else cannot undo pm's step either.
        #expect(throws: DraftStore.EditError.nothingToUndo) { try undo("s1", by: "designer", as: "d1", on: "PM pick") }
        // Not even with pm's page id, which others see: a step is the person's.
        #expect(throws: DraftStore.EditError.nothingToUndo) {
            try store.apply(.undo(step: "s1"), to: "PM pick", by: .init(user: "DESIGNER", client: "pm", step: "d2")) { seed }
        }
        // Redo is the undo of the undo.
        _ = try undo("s3", by: "pm", as: "s5", on: "Designer pick")
        #expect(value("lineColor", "Designer pick") == .string("#111111"))
    }

    @Test func undoLeavesKeysAColleagueChangedSince() throws {
        _ = try store.apply(.set([("markerRadius", .number(6)), ("lineColor", .string("#000000"))]), to: "Default",
                            by: .init(user: "A", client: "a", step: "s1")) { seed }
        _ = try set("markerRadius", .number(2), by: "b", step: "t1")
        let outcome = try undo("s1", by: "a", as: "s2")
        #expect(outcome.skipped == ["markerRadius"] && outcome.skippedBecauseOf == ["B"])
        #expect(value("markerRadius") == .number(2) && value("lineColor") == .string("#F7931A"))
        // A step whose every key was changed by others since is refused as a whole.
        _ = try set("lineColor", .string("#222222"), by: "a", step: "s3")
        _ = try set("lineColor", .string("#333333"), by: "b", step: "t2")
        #expect(throws: DraftStore.EditError.changedByOthers(keys: ["lineColor"], by: ["B"])) { try undo("s3", by: "a", as: "s4") }
        #expect(value("lineColor") == .string("#333333"))
    }

    @Test func aSaveFoldsTheDraftKeepingWhatIsStillUnsaved() throws {
        _ = try set("markerRadius", .number(6), by: "a", step: "s1")
        _ = try set("lineColor", .string("#000000"), by: "a", step: "s2")
        // Saved from elsewhere: a new line colour, the old marker radius.
        let folded = try #require(store.saved("Default", seed: .init(revision: 2, parameters: [("markerRadius", .number(4)), ("lineColor", .string("#123456"))])))
        #expect(folded.baseRevision == 2 && folded.version == 3)
        #expect(folded.values.first { $0.0 == "markerRadius" }?.1 == .number(6))     // still unsaved: kept on top
        #expect(folded.values.first { $0.0 == "lineColor" }?.1 == .string("#000000"))
        // Saving the draft as it is leaves nothing unsaved.
        let clean = try #require(store.saved("Default", seed: .init(revision: 3, parameters: folded.values)))
        #expect(clean.values.map(\.1) == clean.saved.map(\.1))
        #expect(store.saved("Untouched", seed: seed) == nil)
    }

    @Test func renameCarriesTheDraftAndDeleteDropsIt() throws {
        _ = try set("markerRadius", .number(6), by: "a", step: "s1")
        store.renamed("Default", to: "Calm", revision: 9)
        #expect(value("markerRadius", "Calm") == .number(6))
        #expect(store.snapshot("Calm", seed: seed).baseRevision == 9)
        #expect(value("markerRadius", "Default") == .number(4))
        _ = try undo("s1", by: "a", as: "s2", on: "Calm")
        #expect(value("markerRadius", "Calm") == .number(4))
        store.deleted("Calm")
        #expect(store.count == 0)
        #expect(throws: DraftStore.EditError.noPreset) {
            try store.apply(.set([("markerRadius", .number(1))]), to: "Gone", by: .init(user: "", client: "a", step: nil)) { nil }
        }
    }

    @Test func draftsChangesAndBytesAreBounded() throws {
        for i in 0..<(DraftStore.maxDrafts + 5) { _ = try set("markerRadius", .number(1), by: "a", step: "p\(i)", on: "P\(i)") }
        #expect(store.count == DraftStore.maxDrafts)
        #expect(value("markerRadius", "P0") == .number(4))   // the least recently edited went first
        for i in 0..<(DraftStore.maxChanges + 10) { _ = try set("markerRadius", .number(Double(i % 8)), by: "a", step: "m\(i)") }
        let snapshot = store.snapshot("Default", seed: seed)
        #expect(snapshot.changes.count == DraftStore.maxChanges && snapshot.version == DraftStore.maxChanges + 10)
        #expect(throws: DraftStore.EditError.nothingToUndo) { try undo("m0", by: "a", as: "x") }   // too old to keep
        let wide: DraftStore.Values = (0..<100).map { ("k\($0)", .string(String(repeating: "x", count: 1000))) }
        for i in 0..<10 { _ = try store.apply(.set(wide), to: "Wide", by: .init(user: "", client: "a", step: "w\(i)")) { seed } }
        let bytes = store.snapshot("Wide", seed: seed).changes.reduce(0) { $0 + $1.bytes }
        #expect(bytes <= DraftStore.maxChangeBytes && !store.snapshot("Wide", seed: seed).changes.isEmpty)
    }

    @Test func listenersHearEveryVersionInOrder() throws {
        let heard = Mutex<[Int]>([])
        let store = DraftStore(clock: { "" }) { snapshot, _ in heard.withLock { $0.append(snapshot.version) } }
        for i in 0..<5 { _ = try store.apply(.set([("markerRadius", .number(Double(i)))]), to: "Default", by: .init(user: "", client: "a", step: "s\(i)")) { seed } }
        store.saved("Default", seed: seed)
        #expect(heard.withLock { $0 } == [1, 2, 3, 4, 5, 6])
    }
}

/// Draft values as the tests write them: a number or a text of a parameter.
private extension Preset.Value {
    static func number(_ value: Double) -> Self { .parameter(.number(value)) }
    static func string(_ text: String) -> Self { .parameter(.text(text)) }
}
