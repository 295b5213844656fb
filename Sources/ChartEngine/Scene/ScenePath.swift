/// A path in view coordinates as the commands every renderer knows (SVG `d`, SwiftUI `Path`,
/// Compose `Path`): move, line, cubic curve, close. Curves draw into it like into any sink.
/// JSON: an array of commands, each an array: `["M",x,y]`, `["L",x,y]`,
/// `["C",x1,y1,x2,y2,x,y]`, `["Z"]`, numbers in full precision.
public struct ScenePath: PathSink, Equatable, Sendable, Codable {
    public enum Command: Equatable, Sendable {
        case move(Double, Double)
        case line(Double, Double)
        case curve(Double, Double, Double, Double, Double, Double)
        case close
    }

    public private(set) var commands: [Command] = []

    public init(_ commands: [Command] = []) { self.commands = commands }

    public var isEmpty: Bool { commands.isEmpty }

    public mutating func moveTo(_ x: Double, _ y: Double) { commands.append(.move(x, y)) }
    public mutating func lineTo(_ x: Double, _ y: Double) { commands.append(.line(x, y)) }
    public mutating func curveTo(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x: Double, _ y: Double) {
        commands.append(.curve(x1, y1, x2, y2, x, y))
    }
    public mutating func closePath() { commands.append(.close) }

    public mutating func append(_ other: ScenePath) { commands += other.commands }

    /// Replays the commands into another sink (an SVG path writer, a platform path).
    public func draw<S: PathSink>(into sink: inout S) {
        for command in commands {
            switch command {
            case .move(let x, let y): sink.moveTo(x, y)
            case .line(let x, let y): sink.lineTo(x, y)
            case .curve(let x1, let y1, let x2, let y2, let x, let y): sink.curveTo(x1, y1, x2, y2, x, y)
            case .close: sink.closePath()
            }
        }
    }

    /// SVG path data; `digits` nil writes shortest round-trip numbers.
    public func svgData(digits: Int?) -> String {
        var writer = PathWriter(digits: digits, reservingCapacity: commands.count * 24)
        draw(into: &writer)
        return writer.text
    }

    public init(from decoder: Decoder) throws {
        var list = try decoder.unkeyedContainer()
        while !list.isAtEnd {
            var item = try list.nestedUnkeyedContainer()
            let letter = try item.decode(String.self)
            func number() throws -> Double { try item.decode(Double.self) }
            switch letter {
            case "M": commands.append(.move(try number(), try number()))
            case "L": commands.append(.line(try number(), try number()))
            case "C": commands.append(.curve(try number(), try number(), try number(), try number(), try number(), try number()))
            case "Z": commands.append(.close)
            default: throw DecodingError.dataCorruptedError(in: item, debugDescription: "unknown path command \(letter)")
            }
        }
    }

    public func encode(to encoder: Encoder) throws {
        var list = encoder.unkeyedContainer()
        for command in commands {
            var item = list.nestedUnkeyedContainer()
            switch command {
            case .move(let x, let y): try item.encode("M"); try item.encode(x); try item.encode(y)
            case .line(let x, let y): try item.encode("L"); try item.encode(x); try item.encode(y)
            case .curve(let x1, let y1, let x2, let y2, let x, let y):
                try item.encode("C")
                for v in [x1, y1, x2, y2, x, y] { try item.encode(v) }
            case .close: try item.encode("Z")
            }
        }
    }
}
