import ArgumentParser
import Foundation
import WorkbenchExports
import WorkbenchStores
import WorkbenchSupport

/// `workbench import-figma FILE --preset NAME [--apply]`: a Figma Variables file (the REST API's
/// local variables) into a preset's colours and widths (docs/tokens.md). It prints what would
/// change; `--apply` saves it as the preset's next revision, atomically, or changes nothing.
struct ImportFigma: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import-figma",
        abstract: "Set a preset's colours and widths from a Figma Variables file (prints the changes; --apply saves them).")

    @Argument(help: "The Figma Variables JSON (GET /v1/files/:key/variables/local, or the workbench's --format figma).")
    var file: String

    @Option(help: "The preset (of --presets) to change.")
    var preset: String

    @Flag(help: "Save the changes as the preset's next revision; without it nothing is written.")
    var apply = false

    @Option(help: "Who imports, as the history names them: a person of the folder, whose secret is in WORKBENCH_SECRET (the owner by default).")
    var by: String?

    @OptionGroup var locations: Locations

    @Option(help: "The workbench's own state folder for these presets; default $XDG_STATE_HOME/chart-workbench/<the presets folder's id>.")
    var state: String?

    func run() throws {
        try Output.reportingInputErrors {
            guard let contents = FileManager.default.contents(atPath: file) else { throw InputError("\(file): cannot be read") }
            let document: JSONValue
            do { document = try JSONValue.parse([UInt8](contents), strict: true) } catch {
                throw InputError("\(file): not JSON: \(error)")
            }
            let store = try openPresets(locations.presets, state: state, options: .init(newHistory: locations.newHistory))
            // Who imports is settled first: a --by that names no one is refused with or without --apply.
            let author = try CommandLinePerson.name(by: by, people: try openPeople(store), writes: true)
            guard let entry = store.get(preset) else { throw InputError("--preset: no preset named \"\(preset)\"") }
            let preview: FigmaVariables.Preview
            do { preview = try FigmaVariables.preview(document, into: entry.preset) } catch {
                throw InputError("\(file): \(error)")
            }
            Output.write("Figma variables from \(file) into \u{201C}\(preset)\u{201D} (revision \(entry.revision)):\n")
            Output.write(preview.lines.map { "  " + $0 + "\n" }.joined())
            guard apply else {
                Output.write(preview.changes.isEmpty ? "Nothing to save.\n" : "Nothing written; --apply saves these changes.\n")
                return
            }
            guard !preview.changes.isEmpty else { return Output.write("Nothing to save.\n") }
            do {
                let saved = try store.save(preview.result, ifMatch: String(entry.revision), author: author,
                                           message: "Imported from Figma Variables (\((file as NSString).lastPathComponent))")
                Output.write("Saved revision \(saved.entry.revision) of \u{201C}\(preset)\u{201D}.\n")
            } catch {
                throw InputError("--apply: not saved, nothing changed: \(error)")
            }
        }
    }
}
