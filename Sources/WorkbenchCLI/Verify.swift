import WorkbenchSupport
import WorkbenchStores
import WorkbenchExports
import PriceData
import ArgumentParser
import ChartEngine
import Foundation

/// `workbench verify [--public-key KEY] [--presets DIR] [--allow-draft] PATH`: exit 0 when every
/// export under PATH carries a valid signature by the trusted key over its content, is approved
/// (or `--allow-draft`) and, with a presets folder, is what that revision exports; it then prints
/// what passed, the key (as `workbench key` prints it) and each signed statement in words.
/// Exit 1 with one line on stderr per failure; exit 2 when the command's own input is wrong.
struct Verify: ParsableCommand {
    /// The exit codes, as `--help` and docs/handoff.md list them.
    enum Exit {
        static let verified: Int32 = 0, checkFailed: Int32 = 1, badInput: Int32 = 2
    }

    static let configuration = CommandConfiguration(
        abstract: "Check an export's signed provenance (a file, a bundle folder or .zip, or a folder of exports) and, with a presets folder, export the signed revision again and compare.",
        discussion: """
        With --public-key and no --presets, only the signature and the content hashes are checked (no presets \
        folder needed: a mobile team's CI). Otherwise the presets folder (default Presets) supplies the trusted \
        key (unless --public-key is given) and the revisions to compare with. Strict: a symlink, a special file, \
        or a file or folder that is not signed (unlisted in a bundle's PROVENANCE.json, or unsigned in a folder \
        of exports) fails; so does a zip entry that is a symlink, has a `..` or absolute path, or appears twice; \
        so does a draft (never approved) unless --allow-draft. Unsaved parameters never verify.

        On success it prints one line per export, the public key (base64, as `workbench key` prints it) and the \
        signed statement of each export in words (preset, revision, status, approvers with their person ids and \
        the failing checks they approved despite, the approval rule) and, for a bundle, the signed honesty check: \
        "honesty check: passes on 6 scenarios × 5 periods", or what fails per scenario and period (docs/honesty.md).

        Exit codes: 0 verified; 1 a check failed (one line on stderr per failure); 2 bad input (an unreadable \
        --public-key, a missing --presets folder or --data file, no such PATH); 64 the command line itself.
        """)

    @Argument(help: "An exported file, an unzipped ios/android bundle, a bundle's .zip (as the page downloads it), or a folder of exports.")
    var path: String

    @Option(name: .customLong("public-key"), help: "The trusted public key, as `workbench key` prints it (base64; 64 hex digits also work).")
    var publicKey: String?

    @Option(help: "Folder of preset files and their history (default Presets, unless --public-key is given alone).")
    var presets: String?

    @Option(help: "The workbench's own state folder for these presets (its signing key, its history's signed head); default $XDG_STATE_HOME/chart-workbench/<the presets folder's id>.")
    var state: String?

    @Option(help: "The CSV the SVG export drew (as given to export --data); the built-in series by default.")
    var data: String?

    @Flag(name: .customLong("allow-draft"), help: "Accept a signed draft or in-review revision (by default only approved revisions verify).")
    var allowDraft = false

    func run() throws {
        do {
            let verdict = try check()
            guard verdict.matches else {
                for line in verdict.failures { Output.error(Self.printable(line)) }
                if verdict.failures.isEmpty { Output.error(Self.printable(verdict.line)) }
                throw ExitCode(Exit.checkFailed)
            }
            var lines = [verdict.summary].compactMap { $0 } + verdict.verified.map(\.line)
            if let key = verdict.key { lines.append("public key: " + Sodium.base64(key)) }
            lines += verdict.verified.map { verdict.verified.count == 1 ? "statement: \($0.statement)" : "\($0.label): \($0.statement)" }
            // The signed honesty check (bundles), its verdict first, then what fails and the thresholds.
            for verified in verdict.verified where !verified.honesty.isEmpty {
                lines += verified.honesty.enumerated().map { i, line in
                    (verdict.verified.count == 1 ? "" : "\(verified.label): ") + (i == 0 ? line : "  " + line)
                }
            }
            Output.write(lines.map(Self.printable).joined(separator: "\n") + "\n")
        } catch let error as InputError {
            Output.error(error.description)
            throw ExitCode(Exit.badInput)
        }
    }

    /// A line as a terminal shows it: file names under PATH are anyone's, so control, format and
    /// bidi characters (an escape sequence, U+202E) are written as `\u{…}`, never sent raw.
    static func printable(_ line: String) -> String {
        var out = ""
        for scalar in line.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator:
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private func check() throws -> ProvenanceCheck.Verdict {
        var key: [UInt8]?
        if let publicKey {
            guard let parsed = SigningKey.parsePublicKey(publicKey) else {
                throw InputError("--public-key: not an Ed25519 public key (base64 of 32 bytes, as `workbench key` prints it)")
            }
            key = parsed
        }
        var store: PresetStore?
        if presets != nil || key == nil {
            let folder = presets ?? "Presets"
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
                throw InputError("--presets \(folder): no such folder (give --public-key to check the signature alone)")
            }
            store = try openPresets(folder, state: state)
        }
        guard (try? FileManager.default.attributesOfItem(atPath: path)) != nil else { throw InputError("\(path): no such file or folder") }
        var problem: InputError?
        let verdict = ProvenanceCheck(store: store, publicKey: key, allowDraft: allowDraft, data: {
            do { return IndexedSeries(try loadSeries()) } catch { problem = error as? InputError ?? InputError("\(error)"); return nil }
        }).verify(path: path)
        if let problem { throw problem }
        return verdict
    }
}

extension Verify {
    /// The series of `--data`, as `Locations.loadData` reads it.
    func loadSeries() throws -> ChartEngine.PriceSeries {
        guard let data else { return BuiltInData.series() }
        guard let contents = CSVFile.contents(data) else { throw InputError("--data: cannot read \(data)") }
        do { return try CSVImport.parse(contents).series } catch { throw InputError("--data \(data): \(error.description)") }
    }
}

/// `workbench key [--presets DIR]`: the public key exports from this presets folder are signed
/// with (base64 of the 32-byte Ed25519 key), made on first use.
struct Key: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the public key (base64) that exports from the presets folder are signed with; the key is made on first use.",
        discussion: "The secret key is .workbench-signing.key (mode 0600) in the workbench's state folder (--state), never in the presets folder. Give the printed key to whoever runs `workbench verify --public-key KEY`.")

    @Option(help: "Folder of preset files and their history.")
    var presets = "Presets"

    @Option(help: "The workbench's own state folder for these presets (its signing key, its history's signed head); default $XDG_STATE_HOME/chart-workbench/<the presets folder's id>.")
    var state: String?

    func run() throws {
        try Output.reportingInputErrors {
            let store = try openPresets(presets, state: state)
            switch store.signingKey() {
            case .success(let key): Output.write(Sodium.base64(key.publicKey) + "\n")
            case .failure(let error): throw InputError("--presets \(presets): \(error.description)")
            }
        }
    }
}
