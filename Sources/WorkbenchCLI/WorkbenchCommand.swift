import WorkbenchSupport
import HTTPServer
import WorkbenchStores
import WorkbenchExports
import PriceData
import WorkbenchApplication
import EmbeddedPage
import ArgumentParser
import ChartEngine
import ChartRendering
import Foundation

public struct WorkbenchCommand: ParsableCommand {
    public init() {}

    public static let configuration = CommandConfiguration(
        commandName: "workbench",
        abstract: "Chart Workbench: tune, compare and export the price chart's look and motion.",
        version: "workbench \(BuildFacts.description)",
        subcommands: [Serve.self, HistoryCommand.self, Render.self, Export.self, ImportFigma.self, Inspect.self, PathCommand.self, Smooth.self, Downsample.self, Frame.self, Ease.self, Motion.self, Select.self, LineWidth.self, SeriesCommand.self, Verify.self, Key.self, Check.self, PeopleCommand.self, LinksCommand.self],
        defaultSubcommand: Serve.self
    )

    /// Errors end in one line on stderr (help and usage only when asked for).
    public static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let exit as ExitCode {
            Foundation.exit(exit.rawValue)  // the message was printed already
        } catch {
            let code = exitCode(for: error)
            if code == .success { exit(withError: error) }
            let message = self.message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
            Output.error(message.hasPrefix("Error: ") ? String(message.dropFirst(7)) : message)
            Foundation.exit(code.rawValue)
        }
    }
}

/// A bad input found while running: printed as one line, exit status 1.
struct InputError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension Output {
    /// Runs `body`, turning an `InputError` into one line on stderr and exit status 1.
    static func reportingInputErrors(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as InputError {
            Output.error(error.description)
            throw ExitCode(1)
        }
    }
}

/// Where the page, presets and data come from, shared by the commands that need them.
/// `--preset NAME|FILE` and the folder it is looked up in, for the commands that read one preset.
struct PresetChoice: ParsableArguments {
    @Option(help: "Preset name (from --presets) or preset file.")
    var preset: String

    @Option(help: "Folder of preset files.")
    var presets: String = "Presets"

    @Option(help: "The workbench's own state folder for these presets (its signing key, its history's signed head); default $XDG_STATE_HOME/chart-workbench/<the presets folder's id>.")
    var state: String?

    func load() throws -> Preset {
        guard let loaded = try loadPreset(preset, folder: presets, state: state) else { throw InputError("--preset is required") }
        return loaded
    }
}

/// `--width`, `--height` and `--progress` of the commands that draw one frame, with their ranges.
struct ChartSize: ParsableArguments {
    @Option(parsing: .unconditional, help: "Width in pixels.")
    var width = 390.0

    @Option(parsing: .unconditional, help: "Height in pixels.")
    var height = 240.0

    @Option(parsing: .unconditional, help: "Transition progress, already eased (a spring's may leave 0…1).")
    var progress: Double

    func validate() throws {
        guard width.isFinite, ChartDrawing.widthRange.contains(width) else {
            throw ValidationError("--width must be between \(NumberText.shortest(ChartDrawing.widthRange.lowerBound)) and \(NumberText.shortest(ChartDrawing.widthRange.upperBound))")
        }
        guard height.isFinite, ChartDrawing.heightRange.contains(height) else {
            throw ValidationError("--height must be between \(NumberText.shortest(ChartDrawing.heightRange.lowerBound)) and \(NumberText.shortest(ChartDrawing.heightRange.upperBound))")
        }
        guard progress.isFinite, ChartState.progressRange.contains(progress) else {
            throw ValidationError("--progress must be between \(NumberText.shortest(ChartState.progressRange.lowerBound)) and \(NumberText.shortest(ChartState.progressRange.upperBound))")
        }
    }
}

struct Locations: ParsableArguments {
    @Option(help: "Folder of preset files.")
    var presets: String = "Presets"

    @Flag(help: "Begin a new history from the preset files when the folder's history database is missing, empty or damaged (it is kept aside). Without it such a folder is refused.")
    var newHistory = false

    @Option(help: "CSV file of prices to chart instead of the built-in ten-year series.")
    var data: String?

    func loadData() throws -> (series: ChartEngine.PriceSeries, source: String) {
        guard let path = data else { return (BuiltInData.series(), BuiltInData.source) }
        guard let contents = CSVFile.contents(path) else {
            throw InputError("--data: cannot read \(path)")
        }
        do {
            let result = try CSVImport.parse(contents)
            for warning in result.warnings { Output.error("\(path): \(warning)") }
            return (result.series, (path as NSString).lastPathComponent)
        } catch {
            throw InputError("--data \(path): \(error.description)")
        }
    }

    /// `--data`'s series with its index; the built-in one's index is shared with the halving-decade scenario.
    func loadIndexedData() throws -> (data: IndexedSeries, source: String) {
        guard data != nil else { return (BuiltInData.indexed, BuiltInData.source) }
        let (series, source) = try loadData()
        return (IndexedSeries(series), source)
    }

    /// The scenario's series (built in, or saved in the presets folder's `scenarios/`), else `--data`'s.
    func chartData(scenario: String?) throws -> IndexedSeries {
        guard let scenario else { return try loadIndexedData().data }
        do throws(ScenarioLibrary.Failure) { return try ScenarioLibrary(presetsFolder: presets).series(named: scenario) } catch {
            throw InputError("--scenario: \(error.description)")
        }
    }
}

/// Opens the presets folder by the history's start rule (`HistoryFile`): a missing, empty or
/// damaged history beside a folder that had one is refused (exit 1, saying how to restore)
/// unless `--new-history`; tells on stderr what it served around (a read-only history). Only
/// `serve` makes a missing folder (where presets will be saved); a command that reads presets
/// refuses it rather than leave an empty folder and database behind. `serve` starts a new team
/// folder (missing, or empty) with the starter presets the binary carries (Default and the
/// designers' and PMs' favourites), so the page opens on a preset and `export --preset Default`
/// works from a copied binary; one that holds anything (even a history whose presets were all
/// deleted) is served as it is.
func openPresets(_ folder: String, state: String?, maxPresets: Int = PresetStore.Limits.presets, options: HistoryFile.Options = .init(),
                 createMissing: Bool = false) throws -> PresetStore {
    var options = options
    options.stateFolder = state
    var isFolder: ObjCBool = false
    if !FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) {
        if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: folder) {
            throw InputError("--presets \(folder): a link to \(target), which does not exist")
        }
        guard createMissing else { throw InputError("--presets \(folder): no such folder (`workbench serve --presets \(folder)` starts one, with the starter presets)") }
    } else if !isFolder.boolValue {
        throw InputError("--presets \(folder): not a folder")
    }
    let store: PresetStore
    do {
        store = try PresetStore(folder: folder, maxPresets: maxPresets, options: options, starters: createMissing ? EmbeddedPage.starterPresets : [:])
    } catch let error as HistoryError {
        throw InputError("refused: \(error.message)")
    } catch {
        throw InputError("--presets \(folder): \(error)")
    }
    for warning in store.warnings { Output.error(warning) }
    return store
}
