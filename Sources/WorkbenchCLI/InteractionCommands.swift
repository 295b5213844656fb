import WorkbenchSupport
import HTTPServer
import WorkbenchStores
import WorkbenchExports
import PriceData
import WorkbenchApplication
import ArgumentParser
import ChartEngine
import Foundation

/// `workbench motion`: the engine's `TransitionMotion` driven by press/release/follow events, for
/// other platforms to check their retargeting (and a spring's carried velocity) against.
struct Motion: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Drive the transition with \"press T\", \"release T\" or \"follow T\" lines on stdin (T in seconds) and print its state after each.",
        discussion: "Starts at rest, inactive. Each line prints progress,velocity,finished,target (numbers in shortest round-trip form; velocity in progress per second).")

    @OptionGroup var chosen: PresetChoice

    @Flag(help: "The viewer asks for reduced motion: the preset's reduced variant plays (linear over reducedMotionDuration, or a jump).")
    var reducedMotion = false

    func run() throws {
        try Output.reportingInputErrors {
            let style = try chosen.load().style.motionStyle(reducedMotion: reducedMotion)
            var motion = TransitionMotion.resting(at: 0)
            var out = ""
            try StandardInput.read().forEachLine { line, number in
                let words = String(decoding: line, as: UTF8.self).split(separator: " ", omittingEmptySubsequences: true)
                if words.isEmpty { return }
                guard words.count == 2, let time = DecimalNumber.read(String(words[1])), time.isFinite, time.magnitude < 1e9 else {
                    throw InputError("line \(number): expected press, release or follow and a time in seconds, got \"\(String(decoding: line.prefix(40), as: UTF8.self))\"")
                }
                switch words[0] {
                case "press": motion = motion.retargeted(to: 1, at: time, style: style)
                case "release": motion = motion.retargeted(to: 0, at: time, style: style)
                case "follow": break
                default: throw InputError("line \(number): expected press, release or follow, got \"\(words[0].prefix(40))\"")
                }
                let state = motion.state(at: time)
                out += "\(NumberText.shortest(state.progress)),\(NumberText.shortest(state.velocity)),\(state.finished),\(NumberText.shortest(motion.target))\n"
            }
            Output.write(out)
        }
    }
}

/// `workbench select`: the point the finger selects (nearest in time, a real price preferred
/// over a gap) through the whole pipeline, as `frame` builds it.
struct Select: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the selected point for each finger position, for time,price lines on stdin.",
        discussion: "One JSON object a line per --selections value (index, time, price, x, y, and the label's priceText and timeText in UTC), or null when no real price is there.")

    @OptionGroup var chosen: PresetChoice

    @OptionGroup var size: ChartSize

    var width: Double { size.width }
    var height: Double { size.height }
    var progress: Double { size.progress }

    @Option(help: "1D, 1W, 1M, 1Y or ALL.")
    var period = "ALL"

    @Option(parsing: .unconditional, help: "Finger positions, 0…1 of the width, separated by commas.")
    var selections: String

    func fractions() throws -> [Double] {
        let parts = selections.split(separator: ",", omittingEmptySubsequences: false).map { DecimalNumber.read(String($0)) }
        guard !parts.isEmpty, parts.count <= 10_000, parts.allSatisfy({ $0.map { $0.isFinite && (0...1).contains($0) } ?? false }) else {
            throw ValidationError("--selections must be numbers between 0 and 1 separated by commas")
        }
        return parts.map { $0! }
    }

    func validate() throws {
        _ = try fractions()
        guard Period(rawValue: period) != nil else { throw ValidationError("--period must be one of \(Period.allCases.map(\.rawValue).joined(separator: ", "))") }
    }

    func run() throws {
        try Output.reportingInputErrors {
            let style = try chosen.load().style
            let model = ChartModel(series: try Frame.readSeries(StandardInput.read()), period: Period(rawValue: period)!, style: style,
                                   width: width, height: height)
            var out = ""
            for fraction in try fractions() {
                var point = JSONValue.null
                if let s = Selection(model: model, fraction: fraction, progress: progress), let index = model.nearestIndex(toPixel: fraction * model.width) {
                    let timeText = ValueFormat.timeLabel(s.time, period: model.period, withTime: model.showsTimeOfDay)
                    point = .object([("index", .number(Double(index))), ("time", .number(s.time)), ("price", .number(s.price)), ("x", .number(s.x)),
                                     ("y", .number(s.y)), ("priceText", .string(ValueFormat.price(s.price))), ("timeText", .string(timeText))])
                }
                out += point.serialized() + "\n"
            }
            Output.write(out)
        }
    }
}

/// `workbench line-width`: the line's width at each progress, as every renderer strokes it.
struct LineWidth: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "line-width",
        abstract: "Print the line width for each progress (one a line on stdin; a spring's may leave 0…1).")

    @OptionGroup var chosen: PresetChoice

    func run() throws {
        try Output.reportingInputErrors {
            let style = try chosen.load().style
            var out = ""
            try StandardInput.read().forEachLine { line, number in
                guard let p = DecimalNumber.read(line), ChartState.progressRange.contains(p) else {
                    throw InputError("line \(number): expected a progress between \(NumberText.shortest(ChartState.progressRange.lowerBound)) and \(NumberText.shortest(ChartState.progressRange.upperBound))")
                }
                out += NumberText.shortest(style.lineWidth(at: p)) + "\n"
            }
            Output.write(out)
        }
    }
}
