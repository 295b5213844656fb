import Foundation
import Testing
@testable import WorkbenchSupport
@testable import WorkbenchStores
@testable import WorkbenchExports
@testable import ChartEngine
@testable import PriceData

/// libsodium underneath, the folder's signing key, signed exports and `ProvenanceCheck`.
@Suite struct SignedProvenanceTests {
    let folder: String

    init() throws {
        folder = NSTemporaryDirectory() + "signed-provenance-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    /// The repository (Tests/ServerTests/ is two folders below it).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    @Test func sodiumPrimitives() throws {
        #expect(SHA256.hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(Sodium.constantTimeEqual("abc", "abc") && !Sodium.constantTimeEqual("abc", "abd") && !Sodium.constantTimeEqual("abc", "ab"))
        #expect(Sodium.randomBytes(32) != Sodium.randomBytes(32) && Sodium.randomHex(bytes: 8).count == 16)
        for bytes in [[UInt8](), [0], [1, 2], [255, 0, 7], Sodium.randomBytes(32)] {
            #expect(Sodium.unbase64(Sodium.base64(bytes)) == bytes && Sodium.unhex(Sodium.hex(bytes)) == bytes)
        }
        #expect(Sodium.unbase64("AAAA!") == nil && Sodium.unhex("0g") == nil)
        // RFC 8032, test 1: the empty message.
        let key = try #require(Ed25519(seed: Sodium.unhex("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60")!))
        #expect(Sodium.hex(key.publicKey) == "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a")
        let signature = key.sign([])
        #expect(Sodium.hex(signature).hasPrefix("e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46b"))
        #expect(Ed25519.verify(signature, of: [], publicKey: key.publicKey))
        #expect(!Ed25519.verify(signature, of: [0], publicKey: key.publicKey))
        #expect(!Ed25519.verify(signature, of: [], publicKey: Ed25519.generate().key.publicKey))
    }

    @Test func signingKeyIsMadeOnceWithModeSixHundred() throws {
        let first = try #require(try SigningKey.of(folder: folder, create: true))
        let path = folder + "/" + SigningKey.fileName
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        #expect(mode & 0o777 == 0o600)
        #expect(try SigningKey.of(folder: folder, create: false)?.publicKey == first.publicKey)
        #expect(SigningKey.parsePublicKey(Sodium.base64(first.publicKey)) == first.publicKey)
        #expect(SigningKey.parsePublicKey(Sodium.hex(first.publicKey)) == first.publicKey)
        #expect(SigningKey.parsePublicKey("nope") == nil)
        // A key others can read is refused (a fresh folder: the cache holds the first one).
        let other = folder + "/other"
        try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
        try (Sodium.hex(Sodium.randomBytes(32)) + "\n").write(toFile: other + "/" + SigningKey.fileName, atomically: true, encoding: .utf8)
        chmod(other + "/" + SigningKey.fileName, 0o644)
        #expect(throws: SigningKey.KeyError.self) { try SigningKey.of(folder: other, create: true) }
    }

    private func write(_ text: String, _ name: String) throws -> String {
        let path = folder + "/out-" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func genuineExportsVerifyAndForgeriesDoNot() throws {
        let store = try PresetStore(folder: folder + "/Presets")
        var preset = Preset(name: "PM's favourite")
        try preset.style.set("inactiveLineWidth", .number(4))
        _ = try store.save(preset, ifMatch: nil)
        let exported = try store.exportable("PM's favourite", revision: nil)
        let data = IndexedSeries(BuiltInData.series())
        // A saved, never approved revision: verified as the draft it is (drafts fail without allowDraft).
        let check = ProvenanceCheck(store: store, allowDraft: true, data: data)
        #expect(ProvenanceCheck(store: store, data: data).verifyFile(try write(format(.json, exported, data), "draft")).line.contains("--allow-draft"))
        let key = try #require(exported.provenance.signer).publicKey
        for format in ExportFormat.allCases {
            let text = format.export(exported.preset, data: data, provenance: exported.provenance)
            let path = try write(text, format.rawValue)
            let verdict = check.verifyFile(path)
            #expect(verdict.matches, "\(format): \(verdict.line)")
            #expect(ProvenanceCheck(store: nil, publicKey: key, allowDraft: true).verifyFile(path).matches)
            #expect(!ProvenanceCheck(store: nil, publicKey: Ed25519.generate().key.publicKey).verifyFile(path).matches)
            if format == .json || format == .tokens {
                // Re-indented and re-ordered JSON is the same document.
                let reindented = try JSONValue.parse(text).canonicalized().serialized(pretty: true)
                #expect(check.verifyFile(try write(reindented, "re-" + format.rawValue)).matches)
            }
        }
        let json = format(.json, exported, data)
        let forgeries: [(String, String)] = [
            ("line width", json.replacingOccurrences(of: "\"inactiveLineWidth\": 4", with: "\"inactiveLineWidth\": 40")),
            ("format renamed", json.replacingOccurrences(of: "\"chart-workbench.preset\"", with: "\"chart-workbench.other\"")),
            ("duplicate key", json.replacingOccurrences(of: "\"inactiveLineWidth\": 4,", with: "\"inactiveLineWidth\": 4, \"inactiveLineWidth\": 40,")),
            ("revision", json.replacingOccurrences(of: "\"revision\":1", with: "\"revision\":2")),
            ("status", json.replacingOccurrences(of: "\"status\":\"draft\"", with: "\"status\":\"approved\"")),
            ("swift code", format(.swift, exported, data) + "\nlet injected = 1\n"),
            ("svg script", format(.svg, exported, data).replacingOccurrences(of: "</svg>", with: "<script>alert(1)</script></svg>")),
        ]
        for (what, text) in forgeries {
            #expect(text != json, "\(what): the forgery changed nothing")
            let verdict = check.verifyFile(try write(text, "forged"))
            #expect(!verdict.matches, "\(what) passed: \(verdict.line)")
        }
    }

    private func format(_ format: ExportFormat, _ exported: (preset: Preset, provenance: Provenance), _ data: IndexedSeries) -> String {
        format.export(exported.preset, data: data, provenance: exported.provenance)
    }

    /// A file signed before provenance v3 (approvers as bare names, no rule) still verifies, and
    /// says what it said; its version cannot be raised without breaking the signature.
    @Test func aVersionTwoProvenanceStillVerifies() throws {
        let key = Ed25519.generate().key
        let preset = Preset(name: "Old")
        let text = preset.fileText
        var block: [(String, JSONValue)] = [
            ("format", .string(Provenance.format)), ("version", .number(2)), ("preset", .string("Old")), ("revision", .number(1)),
            ("status", .string("approved")), ("approvers", .array([.string("Bo")])), ("approvedAt", .string("t")),
            ("parametersSha256", .string(preset.parametersSHA256)), ("export", .string("json")),
            ("contentSha256", .string(SHA256.hex(try JSONValue.parse(text).canonical))),
            ("publicKey", .string(Sodium.base64(key.publicKey))), ("keyId", .string(Ed25519.keyID(key.publicKey))),
        ]
        block.append(("signature", .string(Sodium.base64(key.sign(Array(("chart-workbench.provenance v2\n" + JSONValue.object(block).canonical).utf8))))))
        func file(_ block: [(String, JSONValue)], _ name: String) throws -> String {
            var document = try #require(try JSONValue.parse(text).objectPairs)
            document.append(("provenance", .object(block)))
            return try write(JSONValue.object(document).serialized(pretty: true), name)
        }
        let verdict = ProvenanceCheck(store: nil, publicKey: key.publicKey).verifyFile(try file(block, "v2.json"))
        #expect(verdict.matches, "\(verdict.line)")
        #expect(verdict.verified.first?.statement == "revision 1 of “Old”, approved by Bo")
        var raised = block
        raised[1].1 = .number(3)
        #expect(ProvenanceCheck(store: nil, publicKey: key.publicKey).verifyFile(try file(raised, "v3.json")).line.contains("signature"))
    }

    @Test func bundlesAreSignedAndNameTheirOwnPreset() throws {
        let store = try PresetStore(folder: folder + "/Presets")
        _ = try store.save(Preset(name: "PM's favourite"), ifMatch: nil)
        let exported = try store.exportable("PM's favourite", revision: nil)
        let bundle = HandoffBundle(preset: exported.preset, platform: .ios, provenance: exported.provenance)
        let out = folder + "/bundle"
        try bundle.write(to: out)
        #expect(ProvenanceCheck(store: store, allowDraft: true).verify(path: out).matches)
        let guide = String(decoding: try #require(FileManager.default.contents(atPath: out + "/HANDOFF.md")), as: UTF8.self)
        #expect(!guide.contains("DesignersFavourite") && !guide.contains("designersFavourite"))
        #expect(guide.contains("ChartStyle+PMsFavourite.swift") && guide.contains("style: .pMsFavourite"))
        try "extra".write(toFile: out + "/extra.txt", atomically: true, encoding: .utf8)
        #expect(ProvenanceCheck(store: store, allowDraft: true).verify(path: out).line.contains("extra.txt is not listed"))
    }

    /// The embed cannot go stale silently: it holds exactly the repository's files.
    @Test func embeddedSourcesAreTheRepositorysFiles() throws {
        let trees = [("Sources/ChartEngine", "swift"), ("iOS/ChartSwiftUI", "swift"), ("Android/chart-engine/src/main/kotlin", "kt"),
                     ("Android/chart-engine/src/test/kotlin", "kt"), ("Android/chart-compose/src/main/kotlin", "kt")]
        var expected: [String: [UInt8]] = [:]
        for (tree, ext) in trees {
            for case let path as String in FileManager.default.enumerator(atPath: Self.root + "/" + tree)! where path.hasSuffix("." + ext) {
                expected[tree + "/" + path] = [UInt8](FileManager.default.contents(atPath: Self.root + "/" + tree + "/" + path)!)
            }
        }
        expected["docs/handoff.md"] = [UInt8](FileManager.default.contents(atPath: Self.root + "/docs/handoff.md")!)
        #expect(expected.count > 50)
        #expect(Set(EmbeddedSources.files.keys) == Set(expected.keys))
        let stale = expected.filter { EmbeddedSources.files[$0.key] != $0.value }.map(\.key).sorted()
        #expect(stale.isEmpty, "embedded copies differ from the repository (rebuild): \(stale)")
    }
}
