import WorkbenchSupport
import HTTPServer
import WorkbenchStores
import WorkbenchExports
import PriceData
import WorkbenchApplication
import ArgumentParser
import ChartEngine
import Foundation

/// `workbench frame`: the whole chart pipeline on the given prices, for other platforms to
/// check themselves against: the line's path on the first line, the fill's on the second (and
/// with a selection, the selected point and the split), or the whole scene as JSON.
struct Frame: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the chart's line path d and fill path d (or its whole scene) for time,price lines on stdin (or --data), at a progress.",
        discussion: """
            Times are unix seconds, increasing; an empty price is a gap. Numbers are written in shortest round-trip form; the fill \
            line is empty when the fill is off. With --selection, two more lines: the selected point as index,time,price,x,y \
            (empty when the finger is over no price) and the x of the split at the finger. --format scene prints the \
            chart-workbench.scene v1 JSON (docs/scene.md) instead.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable { case paths, scene }

    @Option(help: "Preset name (from --presets) or preset file.")
    var preset: String

    @OptionGroup var locations: Locations

    @Option(help: "The workbench's own state folder for these presets (its signing key, its history's signed head); default $XDG_STATE_HOME/chart-workbench/<the presets folder's id>.")
    var state: String?

    @OptionGroup var size: ChartSize

    var width: Double { size.width }
    var height: Double { size.height }
    var progress: Double { size.progress }

    @Option(parsing: .unconditional, help: "Finger position, 0…1 of the width.")
    var selection: Double?

    @Option(help: "paths (line and fill path d, one a line) or scene (the scene JSON).")
    var format = Format.paths

    @Flag(help: "The viewer asks for reduced motion: between the states the scene crossfades (or jumps), as reducedMotionStyle says.")
    var reducedMotion = false

    func validate() throws {
        if let selection, !(selection.isFinite && (0...1).contains(selection)) { throw ValidationError("--selection must be between 0 and 1") }
    }

    func run() throws {
        try Output.reportingInputErrors {
            guard let style = try loadPreset(preset, folder: locations.presets, state: state)?.style else { throw InputError("--preset is required") }
            let series = locations.data == nil ? try Self.readSeries(StandardInput.read()) : try locations.loadData().series
            let model = ChartModel(series: series, period: .all, style: style, width: width, height: height)
            let state = ChartState(progress: progress, selection: selection)
            if format == .scene {
                return Output.write(SceneJSON.text(ChartSceneBuilder(style: style, reducedMotion: reducedMotion)(model, state)) + "\n")
            }
            let geometry = LineGeometry(model: model, style: style, progress: progress, digits: nil)
            var text = geometry.line + "\n" + (style.fillEnabled ? geometry.fill : "") + "\n"
            if let selection {
                let scene = ChartSceneBuilder(style: style)(model, state)
                let point = scene.selection.map { [Double($0.index), $0.time, $0.price, $0.x, $0.y].map(NumberText.shortest).joined(separator: ",") }
                let split: String
                if case .stroke(let line)? = scene.scene.primitive("line"), let clip = line.clip { split = NumberText.shortest(clip.width) }
                else { split = NumberText.shortest(Swift.min(Swift.max((selection * width).rounded(), 0), width)) }
                text += (point ?? "") + "\n" + split + "\n"
            }
            Output.write(text)
        }
    }

    /// `time,price` lines: whole unix seconds, strictly increasing; an empty price is a gap.
    static func readSeries(_ input: StandardInput) throws -> PriceSeries {
        let (xs, ys) = try input.pairs(first: "time", second: "price")
        guard !xs.isEmpty else { throw InputError("no time,price lines on stdin") }
        var times: [Int64] = []
        times.reserveCapacity(xs.count)
        for (i, t) in xs.enumerated() {
            guard t.rounded() == t, t.magnitude < 1e15 else { throw InputError("line \(i + 1): time must be whole unix seconds, got \(NumberText.shortest(t))") }
            let seconds = Int64(t)
            if let previous = times.last, seconds <= previous {
                throw InputError("line \(i + 1): times must increase, got \(seconds) after \(previous)")
            }
            times.append(seconds)
        }
        return PriceSeries(times: times, prices: ys)
    }
}

/// `workbench ease`: a preset's easing at fractions of the duration.
struct Ease: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the eased progress of a preset's easing for each fraction of the duration (0…1, one a line) on stdin; a duration-and-bounce spring's duration is its settling time (motion.json).")

    @OptionGroup var chosen: PresetChoice

    func run() throws {
        try Output.reportingInputErrors {
            let style = try chosen.load().style
            let easing = style.easingFunction
            let input = StandardInput.read()
            var out = ByteBuffer(capacity: 1 << 12)
            try input.forEachLine { line, number in
                guard let f = DecimalNumber.read(line) else {
                    throw InputError("line \(number): cannot read a fraction \"\(String(decoding: DecimalNumber.trim(line).prefix(40), as: UTF8.self))\"")
                }
                guard (0...1).contains(f) else { throw InputError("line \(number): the fraction must be between 0 and 1, got \(NumberText.shortest(f))") }
                out.append(number: easing(f))
                out.append(UInt8(ascii: "\n"))
            }
            Output.write(out)
        }
    }
}
