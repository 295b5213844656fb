import WorkbenchSupport
import HTTPServer
import WorkbenchStores
import WorkbenchExports
import PriceData
import WorkbenchApplication
import ArgumentParser
import ChartEngine
import Decimation
import Foundation

/// `workbench path`: the SVG path of a curve through x,y points read from stdin.
struct PathCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "path",
        abstract: "Print the SVG path d of a curve through x,y lines from stdin (a line \"x,\" is a gap).")

    @Option(help: "Curve: \(CurveName.allCases.map(\.rawValue).joined(separator: ", ")).")
    var curve: String

    @Option(parsing: .unconditional, help: ArgumentHelp("Catmull–Rom alpha, \(rangeText("catmullRomAlpha"))."))
    var alpha = 0.5

    @Option(parsing: .unconditional, help: ArgumentHelp("Cardinal tension, \(rangeText("cardinalTension"))."))
    var tension = 0.0

    @Option(parsing: .unconditional, help: ArgumentHelp("Fractional digits (\(PathWriter.digitRange.lowerBound)…\(PathWriter.digitRange.upperBound)); without it, shortest round-trip numbers."))
    var digits: Int?

    func validate() throws {
        guard CurveName(rawValue: curve) != nil else {
            throw ValidationError("--curve must be one of \(CurveName.allCases.map(\.rawValue).joined(separator: ", ")), got \"\(curve)\"")
        }
        try checkOption("alpha", alpha, rule: "catmullRomAlpha")
        try checkOption("tension", tension, rule: "cardinalTension")
        if let digits, !PathWriter.digitRange.contains(digits) { throw ValidationError("--digits must be between \(PathWriter.digitRange.lowerBound) and \(PathWriter.digitRange.upperBound)") }
    }

    func run() throws {
        try Output.reportingInputErrors {
            let (xs, ys) = try StandardInput.read().pairs()
            let shape = Curve(CurveName(rawValue: curve)!, catmullRomAlpha: alpha, cardinalTension: tension)
            var path = PathWriter(digits: digits, reservingCapacity: xs.count * shape.typicalBytesPerPoint)
            shape.draw(xs: xs, ys: ys, into: &path)
            path.withUnsafeBytes { Output.write($0) }
            Output.write("\n")
        }
    }
}

struct Smooth: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Smooth one number per line from stdin (an empty line is a gap).")

    @Option(help: "movingAverage, exponential or gaussian.")
    var method: String

    @Option(parsing: .unconditional, help: ArgumentHelp("Odd window size, \(rangeText("smoothingWindow")) (movingAverage)."))
    var window: Int?

    @Option(parsing: .unconditional, help: ArgumentHelp("Alpha, \(rangeText("smoothingAlpha")) (exponential)."))
    var alpha: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("Sigma, \(rangeText("smoothingSigma")) (gaussian)."))
    var sigma: Double?

    func smoothing() throws -> Smoothing {
        switch method {
        case "movingAverage":
            guard let window else { throw ValidationError("--window is required for movingAverage") }
            try checkOption("window", Double(window), rule: "smoothingWindow")
            return .movingAverage(window: window)
        case "exponential":
            guard let alpha else { throw ValidationError("--alpha is required for exponential") }
            try checkOption("alpha", alpha, rule: "smoothingAlpha")
            return .exponential(alpha: alpha)
        case "gaussian":
            guard let sigma else { throw ValidationError("--sigma is required for gaussian") }
            try checkOption("sigma", sigma, rule: "smoothingSigma")
            return .gaussian(sigma: sigma)
        default:
            throw ValidationError("--method must be movingAverage, exponential or gaussian, got \"\(method)\"")
        }
    }

    func validate() throws { _ = try smoothing() }

    func run() throws {
        try Output.reportingInputErrors {
            let smoothed = try smoothing().apply(try StandardInput.read().singles())
            var out = ByteBuffer(capacity: 1 << 16)
            for v in smoothed {
                if v.isFinite { out.append(number: v) }
                out.append(UInt8(ascii: "\n"))
                if out.count > 1 << 16 { Output.write(out); out.removeAll() }
            }
            Output.write(out)
        }
    }
}

struct Downsample: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Downsample x,y lines from stdin and print the kept lines in order.")

    @Option(help: "lttb or minmax.")
    var method: String

    @Option(parsing: .unconditional, help: "How many points to keep.")
    var threshold: Int

    func validate() throws {
        guard method == "lttb" || method == "minmax" else { throw ValidationError("--method must be lttb or minmax, got \"\(method)\"") }
        guard threshold >= 0 else { throw ValidationError("--threshold must be 0 or more") }
    }

    func run() throws {
        try Output.reportingInputErrors {
            let (xs, ys) = try StandardInput.read().pairs()
            guard ys.allSatisfy(\.isFinite) else { throw InputError("downsample needs a y on every line; gaps are not supported here") }
            let kept = method == "lttb" ? LTTB.indices(xs: xs, ys: ys, threshold: threshold)
                                        : MinMaxDecimation.indices(ys: ys, threshold: threshold)
            var out = ByteBuffer(capacity: kept.count * 24)
            for i in kept {
                out.append(number: xs[i]); out.append(UInt8(ascii: ",")); out.append(number: ys[i]); out.append(UInt8(ascii: "\n"))
            }
            Output.write(out)
        }
    }
}

/// An engine command's option checked by the parameter definition it stands for, so the CLI,
/// the server and the page share one rule set.
/// A parameter's limits as help text ("1…61"), read from its one definition.
func rangeText(_ key: String) -> String {
    switch ParameterDefinition.named(key)?.kind {
    case .number(let range, _, _)?: "\(plain(range.lowerBound))…\(plain(range.upperBound))"
    case .integer(let range, _, _)?: "\(range.lowerBound)…\(range.upperBound)"
    default: preconditionFailure("no numeric parameter \(key)")
    }
}

private func plain(_ x: Double) -> String { x == x.rounded() ? String(Int(x)) : String(x) }

func checkOption(_ option: String, _ value: Double, rule key: String) throws {
    guard let definition = ParameterDefinition.named(key) else { preconditionFailure("no parameter \(key)") }
    do { _ = try definition.validate(.number(value)) } catch { throw ValidationError("--\(option) \(error.message)") }
}
