import Foundation
import Testing
@testable import WorkbenchStores
@testable import WorkbenchSupport

@Suite struct PresetStoreTests {
    let folder: String
    let store: PresetStore

    init() throws {
        folder = NSTemporaryDirectory() + "preset-store-\(UUID().uuidString)"
        store = try PresetStore(folder: folder)
    }

    /// The preset files (not the history, nor the .gitignore the workbench keeps for it).
    private func files() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { !$0.hasPrefix(".workbench") && $0 != ".gitignore" }.sorted()
    }

    @Test func savesAtomicallyAndReadsBack() throws {
        var preset = Preset(name: "Calm")
        try preset.style.set("inactiveLineWidth", .number(3))
        let (entry, created, _) = try store.save(preset, ifMatch: nil)
        #expect(created && entry.fileName == "calm.json")
        #expect(files() == ["calm.json"])  // no temporary file left behind
        let read = try #require(store.get("Calm"))
        #expect(read.revision == entry.revision)
        #expect(read.preset.style.values.first { $0.key == "inactiveLineWidth" }?.value == .number(3))
        let again = try store.save(read.preset, ifMatch: String(entry.revision))
        #expect(!again.created)
        #expect(throws: PresetStore.SaveError.self) { try store.save(preset, ifMatch: "stale") }
        #expect(throws: PresetStore.SaveError.self) { try store.save(preset, ifMatch: nil, mustBeNew: true) }
    }

    @Test func canonicallyEquivalentNamesAreOnePreset() throws {
        let nfc = try Preset.validName("caf\u{E9}"), nfd = try Preset.validName("cafe\u{301}")
        #expect(Array(nfc.unicodeScalars) == Array(nfd.unicodeScalars))
        _ = try store.save(Preset(name: nfc), ifMatch: nil)
        let second = try store.save(Preset(name: nfd), ifMatch: nil)
        #expect(!second.created)
        #expect(files() == ["cafe.json"])
        let kelvin = try Preset.validName("\u{212A}elvin")
        #expect(kelvin.unicodeScalars.first == "K")
        _ = try store.save(Preset(name: kelvin), ifMatch: nil)
        #expect(!(try store.save(Preset(name: "Kelvin"), ifMatch: nil)).created)
        #expect(store.list().entries.count == 2 && store.list().problems.isEmpty)
    }

    @Test func namesAreLimitedInBytesAsWellAsCharacters() throws {
        #expect(throws: PresetError.self) { try Preset.validName("a" + String(repeating: "\u{301}", count: 20_000)) }
        #expect(throws: PresetError.self) { try Preset.validName(String(repeating: "x", count: 65)) }
        #expect(throws: PresetError.self) { try Preset.validName(String(repeating: "😀", count: 65)) }
        #expect(try Preset.validName(String(repeating: "😀", count: 64)).count == 64)  // 256 bytes
        for bad in ["", "   ", ".", "..", "../x", "a/b", "dir\\file.json", "a\u{0}b"] {
            #expect(throws: PresetError.self, "\(bad)") { try Preset.validName(bad) }
        }
        #expect(try Preset.validName("</script>") == "</script>")
    }

    @Test func namesOfOnlyInvisibleCharactersAreBlank() throws {
        for invisible in ["\u{200B}", "\u{FEFF}", "\u{200D}\u{200C}", " \u{2060} ", "\u{3000}"] {
            #expect(throws: PresetError.self, "\(invisible.unicodeScalars.map { $0.value })") { try Preset.validName(invisible) }
        }
        // Invisible characters inside a visible name are the name's own business (emoji joiners).
        #expect(try Preset.validName("👩\u{200D}💻 favourite") == "👩\u{200D}💻 favourite")
    }

    @Test func unknownParametersAreCarriedOverButBounded() throws {
        func body(_ parameters: String) throws -> Preset {
            try JSONText.decode(Preset.self, from: #"{"parameters":{\#(parameters)}}"#)
        }
        var first = try body(#""future1":1,"future2":"x""#)
        first.name = "Future"
        _ = try store.save(first, ifMatch: nil)
        var second = try body(#""future3":true"#)
        second.name = "Future"
        let saved = try store.save(second, ifMatch: nil).entry.preset
        #expect(saved.unknownParameters.map(\.0) == ["future3", "future1", "future2"])
        // Each save may add keys, but the carried-over total stays within its bounds.
        var big = try body((0..<20).map { #""new\#($0)":0"# }.joined(separator: ","))
        big.name = "Future"
        _ = try store.save(big, ifMatch: nil)
        var more = try body((20..<32).map { #""new\#($0)":0"# }.joined(separator: ","))
        more.name = "Future"
        #expect(throws: PresetStore.SaveError.self) { try store.save(more, ifMatch: nil) }
        let long = String(repeating: "x", count: 20_000)
        #expect(throws: PresetError.self) { try body(#""blob":"\#(long)""#) }
        #expect(throws: PresetError.self) { try body((0..<33).map { #""k\#($0)":0"# }.joined(separator: ",")) }
        #expect(try store.get("Future")!.preset.unknownParameters.count == 23)
    }

    @Test func presetErrorsNameTheirField() throws {
        let cases: [(String, String)] = [
            (#"{"parameters":{"inactiveLineWidth":"wide"}}"#, "inactiveLineWidth"),
            (#"{"author":7}"#, "author"),
            (#"{"notes":"\#(String(repeating: "é", count: 10_001))"}"#, "notes"),
            (#"{"format":"other","version":1}"#, "format"),
            (#"{"parameters":[]}"#, "parameters"),
        ]
        for (text, field) in cases {
            do {
                _ = try JSONText.decode(Preset.self, from: text)
                Issue.record("accepted \(text.prefix(60))")
            } catch let error as PresetError {
                #expect(error.field == field)
            } catch {
                Issue.record("\(text.prefix(60)): \(error) is no PresetError")
            }
        }
    }

    @Test func parsedFilesAreKeptUntilTheFileChanges() throws {
        _ = try store.save(Preset(name: "Cached", notes: "first"), ifMatch: nil)
        let path = folder + "/cached.json"
        #expect(store.get("Cached")?.preset.notes == "first")
        // Same size, inode and modification time: the store trusts what it read before.
        var info = stat()
        #expect(stat(path, &info) == 0)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        try handle.write(contentsOf: Data(text.replacingOccurrences(of: "\"first\"", with: "\"other\"").utf8))
        try handle.close()
        var times = [info.st_atim, info.st_mtim]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        #expect(store.get("Cached")?.preset.notes == "first")
        // A changed modification time (an edit by hand) is read again.
        times[1].tv_sec += 1
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        #expect(store.get("Cached")?.preset.notes == "other")
        // Files removed or added by hand are noticed too.
        try FileManager.default.removeItem(atPath: path)
        #expect(store.get("Cached") == nil)
        try Preset(name: "Handmade").fileText.write(toFile: folder + "/handmade.json", atomically: false, encoding: .utf8)
        #expect(store.list().entries.map(\.preset.name) == ["Handmade"])
    }

    @Test func brokenFilesAreListedAsProblems() throws {
        try "{ nope".write(toFile: folder + "/broken.json", atomically: false, encoding: .utf8)
        try #"{"format":"chart-workbench.preset","version":1,"name":"X","parameters":{"inactiveLineWidth":-5}}"#
            .write(toFile: folder + "/bad.json", atomically: false, encoding: .utf8)
        let problems = store.list().problems
        #expect(problems.map(\.fileName) == ["bad.json", "broken.json"])
        #expect(problems[0].message.hasPrefix("inactiveLineWidth: "))
        #expect(problems[1].message.contains("JSON line 1"))
    }
}
