import WorkbenchSupport
import HTTPServer
import WorkbenchStores
import WorkbenchExports
import PriceData
import WorkbenchApplication
import ArgumentParser
import ChartEngine
import ChartRendering
import Foundation

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Write the chart as an SVG document to stdout.")

    @Option(help: "Preset name (from --presets) or preset file.")
    var preset: String?

    @OptionGroup var locations: Locations

    // `--state` is the chart's state here (SPEC §5), so the workbench's state folder is named apart.
    @Option(name: .customLong("state-folder"), help: "The workbench's own state folder for these presets (default $XDG_STATE_HOME/chart-workbench/<the presets folder's id>).")
    var stateFolder: String?

    @Option(help: "1D, 1W, 1M, 1Y or ALL.")
    var period = "1Y"

    @Option(parsing: .unconditional, help: "Width in pixels.")
    var width = 390.0

    @Option(parsing: .unconditional, help: "Height in pixels.")
    var height = 240.0

    @Option(help: "inactive or active.")
    var state: String?

    @Option(parsing: .unconditional, help: "Transition progress 0…1 (already eased).")
    var progress: Double?

    @Option(parsing: .unconditional, help: "Finger position, 0…1 of the width.")
    var selection: Double?

    @Flag(help: "Write the self-running animated SVG instead of one frame.")
    var animated = false

    @Option(help: "A market scenario instead of the data: flash-crash, spike, outage, flat, parabolic, halving-decade, or a CSV saved as a scenario in --presets' scenarios/.")
    var scenario: String?
    /// Which of the chart's motions the frame belongs to.
    enum Motion: String, ExpressibleByArgument, CaseIterable { case press, period, live, reveal }

    @Option(help: "press (the default: --state/--progress/--selection), period (a frame of the period change from --from to --to at --progress), live (a new --price a minute after the data's end, at --progress; --selection: a finger is down there) or reveal (the first load from the placeholder at --progress 0 to the chart at 1).")
    var motion = Motion.press

    @Option(help: "With --motion period: the period the change starts from (1D, 1W, 1M, 1Y or ALL).")
    var from: String?

    @Option(help: "With --motion period: the period the change goes to.")
    var to: String?

    @Option(parsing: .unconditional, help: "With --motion live: the new price.")
    var price: Double?

    @Option(parsing: .unconditional, help: "With --motion live: seconds since the price arrived, for the header's flash (default: --progress × livePriceDuration).")
    var elapsed: Double?

    @Flag(help: "Write the frame's scene JSON (docs/scene.md) instead of SVG.")
    var scene = false

    @Flag(help: "The viewer asks for reduced motion: the preset's reduced-motion variant plays.")
    var reducedMotion = false

    @Option(parsing: .unconditional, help: "Seconds since the last price: from outageStaleAfter on, the outage state (dimmed, \"Prices delayed\").")
    var staleFor: Double?

    func run() throws {
        try Output.reportingInputErrors {
            var flags: [(String, JSONValue)] = [("period", .string(period)), ("width", .number(width)), ("height", .number(height))]
            if let state { flags.append(("state", .string(state))) }
            if let progress { flags.append(("progress", .number(progress))) }
            if let selection { flags.append(("selection", .number(selection))) }
            if let scenario { flags.append(("scenario", .string(scenario))) }
            if reducedMotion { flags.append(("reducedMotion", .bool(true))) }
            let style = try loadPreset(preset, folder: locations.presets, state: stateFolder)?.style ?? ChartStyle()
            /// The flags as the chart request every edge decodes; a refusal names its flag.
            func renderRequest(_ flags: [(String, JSONValue)], periodOption: String = "period") throws -> ChartDrawing {
                do { return try JSONValueDecoder().decode(ChartRequest.self, from: .object(flags)).drawing(over: style) } catch {
                    let field = (error as? ChartRequestError)?.field ?? (error as? JSONValueDecoder.Failure)?.field
                    let message = (error as? ChartRequestError)?.message ?? (error as? JSONValueDecoder.Failure)?.message ?? "\(error)"
                    throw InputError("--\(field == "period" ? periodOption : field ?? "option"): \(message)")
                }
            }
            let request = try renderRequest(flags)
            let data = try locations.chartData(scenario: request.scenario)
            if motion == .period {
                guard !animated else { throw InputError("--animated: only for --motion press") }
                guard let from else { throw InputError("--from: required with --motion period") }
                guard let to else { throw InputError("--to: required with --motion period") }
                let start = try renderRequest(flags.filter { $0.0 != "period" } + [("period", .string(from))], periodOption: "from").document(data: data)
                let end = try renderRequest(flags.filter { $0.0 != "period" } + [("period", .string(to))], periodOption: "to").document(data: data)
                let frame = try outage(PeriodMorph(from: start.model, to: end.model, builder: end.builder()).scene(at: progress ?? 0), style: end.style)
                return Output.write((scene ? SceneJSON.text(frame) : end.svg(frame)) + "\n")
            }
            if motion == .live || motion == .reveal {
                guard !animated else { throw InputError("--animated: only for --motion press") }
                let (document, frame) = motion == .live ? try liveFrame(request, data: data) : try revealFrame(request, data: data)
                let shown = try outage(frame, style: request.style)
                return Output.write((scene ? SceneJSON.text(shown) : document.svg(shown)) + "\n")
            }
            let document = request.document(data: data)
            if scene || staleFor != nil {
                let frame = try outage(document.scene(state: ChartState(progress: request.progress, selection: request.selection)), style: request.style)
                guard !animated else { throw InputError("--stale-for: not with --animated") }
                return Output.write((scene ? SceneJSON.text(frame) : document.svg(frame)) + "\n")
            }
            Output.write((animated ? document.animatedSVG(selection: request.selection ?? 0.7)
                                   : document.svg(state: ChartState(progress: request.progress, selection: request.selection))) + "\n")
        }
    }
}

extension Render {
    /// The frame in the outage state when `--stale-for` says the prices are stale.
    func outage(_ frame: ChartScene, style: ChartStyle) throws -> ChartScene {
        guard let staleFor else { return frame }
        guard staleFor.isFinite, staleFor >= 0 else { throw InputError("--stale-for: must be a number of seconds, 0 or more") }
        return Outage.apply(to: frame, secondsSinceLastPrice: staleFor, style: style)
    }
}

struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Export a preset for the app teams.")

    @Option(help: "Preset name (from --presets) or preset file.")
    var preset: String

    @Option(help: ArgumentHelp("\(ExportFormat.allCases.map(\.rawValue).joined(separator: ", ")), or a handoff bundle: \(HandoffBundle.Platform.allCases.map(\.rawValue).joined(separator: ", ")) (with --output)."))
    var format: String

    @Option(help: "For --format swift: standalone (declares its own types) or engine (a value of ChartEngine's ChartStyle).")
    var target = "standalone"

    @Option(help: "Folder the ios/android bundle is written into (created if missing).")
    var output: String?

    @Option(help: "The saved revision to export (a number, or approved); the current one by default. Needs --preset NAME.")
    var revision: String?

    @Option(help: "Who exports, as the decision log names them: a person of the folder, whose secret is in WORKBENCH_SECRET (the owner by default).")
    var by: String?

    @OptionGroup var locations: Locations

    @Option(help: "The workbench's own state folder for these presets (its signing key, its history's signed head); default $XDG_STATE_HOME/chart-workbench/<the presets folder's id>.")
    var state: String?

    /// A produced export of a stored preset is logged like the page's, "from the command line".
    private func record(_ provenance: Provenance?, format: String, in store: PresetStore?, by author: String) {
        guard let provenance, let store else { return }
        do {
            try store.log.append(.export, preset: provenance.preset, revision: provenance.revision, author: author,
                                 summary: provenance.exportSummary(format: format, via: "from the command line"),
                                 details: provenance.exportDetails(format: format, via: "command line"))
        } catch {
            Output.error("the decision log could not record this export: \(error)")
        }
    }

    func run() throws {
        try Output.reportingInputErrors {
            let formats = (ExportFormat.allCases.map(\.rawValue) + HandoffBundle.Platform.allCases.map(\.rawValue)).joined(separator: ", ")
            var opened: PresetStore?
            var exporter = ""
            // A preset named from the store is exported with its provenance (a file path has none).
            var provenance: Provenance?
            var fromStore: Preset?
            let platform = HandoffBundle.Platform(rawValue: format)
            // Refused before anything is read or logged: an --output a file format would ignore.
            if let output, platform == nil {
                throw InputError("--output \(output): only the ios and android bundles are written to a folder; --format \(format) prints to standard output (> FILE)")
            }
            if !preset.hasSuffix(".json") {
                let store: PresetStore
                store = try openPresets(locations.presets, state: state, options: .init(newHistory: locations.newHistory))
                opened = store
                // Who exports is settled before anything is written: a refused --by writes nothing.
                exporter = try CommandLinePerson.name(by: by, people: try openPeople(store), writes: false)
                do {
                    let exported = try store.exportable(preset, revision: revision)
                    (fromStore, provenance) = (exported.preset, exported.provenance)
                } catch PresetStore.SaveError.noRevision(let why) {
                    throw InputError("--revision: \(why)")
                } catch {
                    _ = try loadPreset(preset, folder: locations.presets, state: state)  // says which presets there are
                    throw InputError("--preset: no preset named \"\(preset)\"")
                }
            } else if revision != nil {
                throw InputError("--revision needs --preset NAME (a preset of the presets folder)")
            } else if by != nil {
                throw InputError("--by names who exports a preset of the presets folder, which the decision log records; an export of a file is not logged")
            }
            guard target == "standalone" || target == "engine" else { throw InputError("--target must be standalone or engine") }
            if let platform {
                guard let output, !output.isEmpty else { throw InputError("--output DIR is required for --format \(format)") }
                guard let loaded = try fromStore ?? loadPreset(preset, folder: locations.presets, state: state) else { throw InputError("--preset is required") }
                let bundle = HandoffBundle(preset: loaded, platform: platform, provenance: HonestyMarkets.signing(provenance, style: loaded.style))
                do { try bundle.write(to: output) } catch let error as InputError { throw error } catch {
                    throw InputError("--output \(output): \(error.localizedDescription)")
                }
                Output.error("wrote \(try bundle.files().count) files to \(output)")
                record(provenance, format: format, in: opened, by: exporter)
                return
            }
            guard let exportFormat = ExportFormat(rawValue: format) else {
                throw InputError("--format must be one of \(formats)")
            }
            guard let loaded = try fromStore ?? loadPreset(preset, folder: locations.presets, state: state) else { throw InputError("--preset is required") }
            if exportFormat == .swift && target == "engine" {
                let text = SwiftEngineExport(preset: loaded).text
                Output.write(provenance.map { $0.stamp(text, as: .lineComment, export: "swift-engine") } ?? text)
                return record(provenance, format: "swift (engine)", in: opened, by: exporter)
            }
            let data = exportFormat == .svg ? IndexedSeries(try locations.loadData().series) : IndexedSeries(PriceSeries(times: [], prices: []))
            Output.write(exportFormat.export(loaded, data: data, provenance: provenance))
            record(provenance, format: format, in: opened, by: exporter)
        }
    }
}

/// A preset by file path or by name in the presets folder.
func loadPreset(_ reference: String?, folder: String, state: String?) throws -> Preset? {
    guard let reference else { return nil }
    if reference.hasSuffix(".json"), let contents = FileManager.default.contents(atPath: reference) {
        let preset: Preset
        do throws(PresetError) { preset = try Preset(fileText: [UInt8](contents)) } catch {
            throw InputError("--preset \(reference): \(error.description)")
        }
        for warning in preset.warnings { Output.error("\(reference): \(warning)") }
        return preset
    }
    let store: PresetStore
    store = try openPresets(folder, state: state)
    guard let entry = store.get(reference) else {
        let names = store.list().entries.map { "\"\($0.preset.name)\"" }.joined(separator: ", ")
        throw InputError("--preset: no preset named \"\(reference)\" in \(folder) (have \(names.isEmpty ? "none" : names))")
    }
    return entry.preset
}
