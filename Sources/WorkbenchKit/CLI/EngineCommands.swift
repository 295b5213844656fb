import ArgumentParser
import ChartEngine
import Foundation

/// `workbench path`: the SVG path of a curve through x,y points read from stdin.
struct PathCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "path",
        abstract: "Print the SVG path d of a curve through x,y lines from stdin (a line \"x,\" is a gap).")

    @Option(help: "Curve: \(CurveName.allCases.map(\.rawValue).joined(separator: ", ")).")
    var curve: String

    @Option(help: "Catmull–Rom alpha, 0…1.")
    var alpha = 0.5

    @Option(help: "Cardinal tension, 0…1.")
    var tension = 0.0

    @Option(help: "Fractional digits (0…12); without it, shortest round-trip numbers.")
    var digits: Int?

    func validate() throws {
        guard CurveName(rawValue: curve) != nil else {
            throw ValidationError("--curve must be one of \(CurveName.allCases.map(\.rawValue).joined(separator: ", ")), got \"\(curve)\"")
        }
        guard alpha.isFinite, (0...1).contains(alpha) else { throw ValidationError("--alpha must be between 0 and 1") }
        guard tension.isFinite, (0...1).contains(tension) else { throw ValidationError("--tension must be between 0 and 1") }
        if let digits, !PathWriter.digitRange.contains(digits) { throw ValidationError("--digits must be between 0 and 12") }
    }

    func run() throws {
        try Output.reportingInputErrors {
            let (xs, ys) = try StdinNumbers.pairs()
            let text = Curve(CurveName(rawValue: curve)!, catmullRomAlpha: alpha, cardinalTension: tension).pathText(xs: xs, ys: ys, digits: digits)
            Output.write(text + "\n")
        }
    }
}

struct Smooth: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Smooth one number per line from stdin (an empty line is a gap).")

    @Option(help: "movingAverage, exponential or gaussian.")
    var method: String

    @Option(help: "Odd window size, 1…61 (movingAverage).")
    var window: Int?

    @Option(help: "Alpha, 0.01…1 (exponential).")
    var alpha: Double?

    @Option(help: "Sigma, 0.5…20 (gaussian).")
    var sigma: Double?

    func smoothing() throws -> Smoothing {
        switch method {
        case "movingAverage":
            guard let window else { throw ValidationError("--window is required for movingAverage") }
            guard (1...61).contains(window), window % 2 == 1 else { throw ValidationError("--window must be an odd number from 1 to 61, got \(window)") }
            return .movingAverage(window: window)
        case "exponential":
            guard let alpha else { throw ValidationError("--alpha is required for exponential") }
            guard alpha.isFinite, (0.01...1).contains(alpha) else { throw ValidationError("--alpha must be between 0.01 and 1") }
            return .exponential(alpha: alpha)
        case "gaussian":
            guard let sigma else { throw ValidationError("--sigma is required for gaussian") }
            guard sigma.isFinite, (0.5...20).contains(sigma) else { throw ValidationError("--sigma must be between 0.5 and 20") }
            return .gaussian(sigma: sigma)
        default:
            throw ValidationError("--method must be movingAverage, exponential or gaussian, got \"\(method)\"")
        }
    }

    func validate() throws { _ = try smoothing() }

    func run() throws {
        try Output.reportingInputErrors {
            let values = try StdinNumbers.singles()
            let smoothed = try smoothing().apply(values)
            var out = ""
            out.reserveCapacity(smoothed.count * 20)
            for v in smoothed { out += v.isFinite ? NumberText.shortest(v) + "\n" : "\n" }
            Output.write(out)
        }
    }
}

struct Downsample: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Downsample x,y lines from stdin and print the kept lines in order.")

    @Option(help: "lttb or minmax.")
    var method: String

    @Option(help: "How many points to keep.")
    var threshold: Int

    func validate() throws {
        guard method == "lttb" || method == "minmax" else { throw ValidationError("--method must be lttb or minmax, got \"\(method)\"") }
        guard threshold >= 0 else { throw ValidationError("--threshold must be 0 or more") }
    }

    func run() throws {
        try Output.reportingInputErrors {
            let (xs, ys) = try StdinNumbers.pairs()
            guard ys.allSatisfy(\.isFinite) else { throw InputError("downsample needs a y on every line; gaps are not supported here") }
            let kept = method == "lttb" ? LTTB.indices(xs: xs, ys: ys, threshold: threshold)
                                        : MinMaxDecimation.indices(ys: ys, threshold: threshold)
            var out = ""
            for i in kept { out += NumberText.shortest(xs[i]) + "," + NumberText.shortest(ys[i]) + "\n" }
            Output.write(out)
        }
    }
}

/// Numbers from stdin, read with full precision; errors name the line.
enum StdinNumbers {
    static func lines() -> [Substring] {
        let data = FileHandle.standardInput.readDataToEndOfFile()
        let text = String(decoding: data, as: UTF8.self)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        return lines.map { $0.hasSuffix("\r") ? $0.dropLast() : $0 }
    }

    static func number(_ text: Substring, line: Int, what: String) throws -> Double {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let v = Double(trimmed), v.isFinite else { throw InputError("line \(line): cannot read \(what) \"\(trimmed)\"") }
        return v
    }

    /// `x,y` lines; `x,` (no y) is a gap.
    static func pairs() throws -> ([Double], [Double]) {
        var xs: [Double] = [], ys: [Double] = []
        for (i, line) in lines().enumerated() {
            let parts = line.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else { throw InputError("line \(i + 1): expected x,y, got \"\(line.prefix(40))\"") }
            xs.append(try number(parts[0], line: i + 1, what: "x"))
            ys.append(parts[1].trimmingCharacters(in: .whitespaces).isEmpty ? .nan : try number(parts[1], line: i + 1, what: "y"))
        }
        return (xs, ys)
    }

    /// One number a line; an empty line is a gap.
    static func singles() throws -> [Double] {
        try lines().enumerated().map { i, line in
            line.trimmingCharacters(in: .whitespaces).isEmpty ? .nan : try number(line, line: i + 1, what: "a number")
        }
    }
}
