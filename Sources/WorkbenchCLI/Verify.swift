import WorkbenchSupport
import HTTPServer
import WorkbenchStores
import WorkbenchExports
import PriceData
import WorkbenchApplication
import ArgumentParser

/// `workbench verify FILE|DIR`: exit 0 when the export matches an approved revision in the
/// store, 1 saying why not.
struct Verify: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check that an export (a file, a handoff folder, or a folder of exports) matches an approved revision in the presets' history.")

    @Argument(help: "An exported file, an unzipped ios/android bundle, or a folder of exports.")
    var path: String

    @OptionGroup var locations: Locations

    func run() throws {
        try Output.reportingInputErrors {
            let store: PresetStore
            store = try openPresets(locations.presets, options: .init(newHistory: locations.newHistory))
            let verdict = ProvenanceCheck(store: store).verify(path: path)
            if verdict.matches {
                Output.write(verdict.lines.joined(separator: "\n") + "\n")
            } else {
                for line in verdict.lines.dropLast() { Output.error(line) }
                throw InputError(verdict.lines.last ?? "\(path): does not match")
            }
        }
    }
}
