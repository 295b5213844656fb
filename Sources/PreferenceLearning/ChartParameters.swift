import ChartEngine

/// The thin adapter from ChartEngine's parameter definitions to a `PreferenceSpace`: each chosen
/// key becomes one dimension (a colour three, R, G and B; a cubic Bézier four), and points map
/// back to `ParameterValue`s the engine validates.
public struct ChartParameterSpace: Sendable {
    public enum AdapterError: Error, Sendable, Equatable {
        case unknownKey(String)
        case emptyRange(String)
    }

    /// Which keys, in order, and for each the dimensions it spans.
    public let keys: [String]
    public let space: PreferenceSpace
    let spans: [(key: String, kind: ParameterDefinition.Kind, range: Range<Int>)]

    /// Keys whose range holds one value on its grid: they could not move, and a new round
    /// refuses them (a round stored before that rule still opens with them).
    public var unmovingKeys: [String] {
        spans.filter { span in
            span.range.allSatisfy { d in
                switch space.dimensions[d].kind {
                case .continuous(let lower, let upper, _): lower >= upper
                case .integer(let lower, let upper, _): lower >= upper
                case .categorical, .boolean: false
                }
            }
        }.map(\.key)
    }

    /// `ranges` narrows a number's or whole number's range for the round (clamped to its own).
    public init(keys: [String], ranges: [String: ClosedRange<Double>] = [:]) throws(AdapterError) {
        var dimensions: [Dimension] = []
        var spans: [(String, ParameterDefinition.Kind, Range<Int>)] = []
        for key in keys {
            guard let definition = ParameterDefinition.named(key) else { throw .unknownKey(key) }
            let start = dimensions.count
            switch definition.kind {
            case .number(let range, let step, _):
                let lo = max(range.lowerBound, ranges[key]?.lowerBound ?? range.lowerBound)
                let hi = min(range.upperBound, ranges[key]?.upperBound ?? range.upperBound)
                guard lo <= hi else { throw .emptyRange(key) }
                // Keep the slider's grid: start on a multiple of the step from the range's start.
                let first = step > 0 ? range.lowerBound + ((lo - range.lowerBound) / step).rounded(.up) * step : lo
                dimensions.append(Dimension(name: key, kind: .continuous(lower: min(first, hi), upper: hi, step: step > 0 ? step : nil)))
            case .integer(let range, let step, let oddOnly):
                var lo = Int(max(Double(range.lowerBound), (ranges[key]?.lowerBound ?? -.infinity).rounded(.up)))
                let hi = Int(min(Double(range.upperBound), (ranges[key]?.upperBound ?? .infinity).rounded(.down)))
                var s = max(1, step)
                if oddOnly {
                    if lo % 2 == 0 { lo += 1 }
                    if s % 2 == 1 { s *= 2 }
                }
                guard lo <= hi else { throw .emptyRange(key) }
                dimensions.append(Dimension(name: key, kind: .integer(lower: lo, upper: hi - (hi - lo) % s, step: s)))
            case .choice(let options, _):
                dimensions.append(Dimension(name: key, kind: .categorical(options: options)))
            case .toggle:
                dimensions.append(Dimension(name: key, kind: .boolean))
            case .color:
                for channel in ["r", "g", "b"] {
                    dimensions.append(Dimension(name: "\(key).\(channel)", kind: .integer(lower: 0, upper: 255, step: 1)))
                }
            case .cubicBezier:
                let x = ParameterDefinition.bezierX, y = ParameterDefinition.bezierY
                for (name, r) in [("x1", x), ("y1", y), ("x2", x), ("y2", y)] {
                    dimensions.append(Dimension(name: "\(key).\(name)", kind: .continuous(lower: r.lowerBound, upper: r.upperBound, step: 0.01)))
                }
            }
            spans.append((key, definition.kind, start..<dimensions.count))
        }
        self.keys = keys
        self.space = PreferenceSpace(dimensions)
        self.spans = spans
    }

    /// The parameter values of a point.
    public func values(at point: [Double]) -> [String: ParameterValue] {
        let p = space.snap(point)
        var out: [String: ParameterValue] = [:]
        for span in spans {
            let v = Array(p[span.range])
            switch span.kind {
            case .number, .integer: out[span.key] = .number(v[0])
            case .choice(let options, _): out[span.key] = .text(options[Int(v[0])])
            case .toggle: out[span.key] = .flag(v[0] == 1)
            case .color:
                let hex = v.map { String(Int($0), radix: 16, uppercase: true) }.map { $0.count == 1 ? "0" + $0 : $0 }.joined()
                out[span.key] = .text("#" + hex)
            case .cubicBezier: out[span.key] = .numbers(v)
            }
        }
        return out
    }

    /// The point of some parameter values (e.g. the current style, to start from); keys absent
    /// take the definition's default.
    public func point(from values: [String: ParameterValue]) -> [Double] {
        var point: [Double] = []
        for span in spans {
            let definition = ParameterDefinition.named(span.key)!
            let value = values[span.key] ?? definition.defaultValue
            switch (span.kind, value) {
            case (.number, .number(let v)), (.integer, .number(let v)): point.append(v)
            case (.choice(let options, _), .text(let s)): point.append(Double(options.firstIndex(of: s) ?? 0))
            case (.toggle, .flag(let b)): point.append(b ? 1 : 0)
            case (.color, .text(let s)):
                let digits = Array(s.dropFirst())
                for c in 0..<3 {
                    let pair = digits.count >= 2 * c + 2 ? String(digits[(2 * c)..<(2 * c + 2)]) : "00"
                    point.append(Double(Int(pair, radix: 16) ?? 0))
                }
            case (.cubicBezier, .numbers(let list)) where list.count == 4: point += list
            default:
                point += Array(repeating: 0, count: span.range.count)
            }
        }
        return space.snap(point)
    }
}
