import ArgumentParser
import ChartEngine
import Foundation

public struct WorkbenchCommand: ParsableCommand {
    public init() {}

    public static let configuration = CommandConfiguration(
        commandName: "workbench",
        abstract: "Chart Workbench: tune, compare and export the price chart's look and motion.",
        subcommands: [Serve.self, Render.self, Export.self, Inspect.self, PathCommand.self, Smooth.self, Downsample.self, Frame.self, Ease.self, Motion.self, Select.self, LineWidth.self, SeriesCommand.self, Verify.self, Check.self],
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

enum Output {
    /// Never traps: a closed stdout (the reader went away: EPIPE) loses the text, not the process.
    static func write(_ text: String) {
        var bytes = Array(text.utf8)
        bytes.withUnsafeMutableBufferPointer { write(UnsafeBufferPointer($0)) }
    }

    /// Bytes straight to stdout, retrying short writes.
    static func write(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32 = 1) {
        guard var at = bytes.baseAddress else { return }
        var left = bytes.count
        while left > 0 {
            let n = Foundation.write(descriptor, at, left)
            if n > 0 { at += n; left -= n } else if n < 0 && errno == EINTR { continue } else { return }
        }
    }

    static func write(_ buffer: ByteBuffer) { buffer.withUnsafeBytes { write($0) } }

    static func error(_ text: String) {
        var bytes = Array(("workbench: " + text + "\n").utf8)
        bytes.withUnsafeMutableBufferPointer { write(UnsafeBufferPointer($0), to: 2) }
    }

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
struct Locations: ParsableArguments {
    @Option(help: "Folder of preset files.")
    var presets: String = "Presets"

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
}

import ChartEngine

/// The built-in series, generated once per process on first use (about 24 MB), so going back to it
/// after an import is immediate; live prices append to a copy, never to this one.
enum BuiltInData {
    static let source = "built-in 10-year minute series"
    private static let generated = SyntheticPrices.tenYears.generate()
    static func series() -> PriceSeries { generated }
}
