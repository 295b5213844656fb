@testable import ChartEngine

/// Reads path text back into commands, so tests can check geometry rather than strings.
struct PathCommand: Equatable {
    let letter: Character
    let values: [Double]
    var end: (Double, Double)? { values.count >= 2 ? (values[values.count - 2], values[values.count - 1]) : nil }
}

func parsePath(_ d: String) -> [PathCommand] {
    var commands: [PathCommand] = []
    var letter: Character?
    var number = ""
    var values: [Double] = []
    func flushNumber() { if !number.isEmpty { values.append(Double(number)!); number = "" } }
    for c in d {
        if "MLCZ".contains(c) {
            flushNumber()
            if let l = letter { commands.append(PathCommand(letter: l, values: values)) }
            letter = c
            values = []
        } else if c == "," {
            flushNumber()
        } else {
            number.append(c)
        }
    }
    flushNumber()
    if let l = letter { commands.append(PathCommand(letter: l, values: values)) }
    return commands
}

/// Every point a path passes through (ends of M, L and C commands).
func pathEndpoints(_ d: String) -> [(Double, Double)] { parsePath(d).compactMap(\.end) }

func curve(_ name: CurveName, alpha: Double = 0.5, tension: Double = 0) -> Curve {
    Curve(name, catmullRomAlpha: alpha, cardinalTension: tension)
}

/// A cubic Bézier from `p0` along one command, sampled.
func bezierSamples(from p0: (Double, Double), _ c: PathCommand, count: Int = 16) -> [(Double, Double)] {
    let v = c.values
    return (0...count).map { i in
        let t = Double(i) / Double(count), u = 1 - t
        let x = u * u * u * p0.0 + 3 * u * u * t * v[0] + 3 * u * t * t * v[2] + t * t * t * v[4]
        let y = u * u * u * p0.1 + 3 * u * u * t * v[1] + 3 * u * t * t * v[3] + t * t * t * v[5]
        return (x, y)
    }
}
