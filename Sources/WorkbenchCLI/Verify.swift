import WorkbenchSupport
import WorkbenchStores
import WorkbenchExports
import PriceData
import ArgumentParser
import ChartEngine
import Foundation

/// `workbench verify [--public-key KEY] [--presets DIR] FILE|DIR`: exit 0 with one line when the
/// export carries a valid signature by the trusted key over its content and, with a presets
/// folder, is what that revision exports; exit 1 with one line on stderr saying what failed.
struct Verify: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check an export's signed provenance (a file, a handoff folder, or a folder of exports) and, with a presets folder, export the signed revision again and compare.",
        discussion: """
        With --public-key and no --presets, only the signature and the content hashes are checked (no presets \
        folder needed: a mobile team's CI). Otherwise the presets folder (default Presets) supplies the trusted \
        key (unless --public-key is given) and the revisions to compare with.
        """)

    @Argument(help: "An exported file, an unzipped ios/android bundle, or a folder of exports.")
    var path: String

    @Option(name: .customLong("public-key"), help: "The trusted public key, as `workbench key` prints it (base64; 64 hex digits also work).")
    var publicKey: String?

    @Option(help: "Folder of preset files and their history (default Presets, unless --public-key is given alone).")
    var presets: String?

    @Option(help: "The workbench's own state folder for these presets (its signing key, its history's signed head); default $XDG_STATE_HOME/chart-workbench/<the presets folder's id>.")
    var state: String?

    @Option(help: "The CSV the SVG export drew (as given to export --data); the built-in series by default.")
    var data: String?

    func run() throws {
        try Output.reportingInputErrors {
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
            var problem: InputError?
            let verdict = ProvenanceCheck(store: store, publicKey: key, data: {
                do { return IndexedSeries(try loadSeries()) } catch { problem = error as? InputError ?? InputError("\(error)"); return nil }
            }).verify(path: path)
            if let problem { throw problem }
            guard verdict.matches else { throw InputError(verdict.line) }
            Output.write(verdict.line + "\n")
        }
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
