import WorkbenchSupport
import ChartEngine

/// Candidates around one style for a pairwise round: each parameter jittered within the range
/// its definition gives, and every value checked by the same `ChartStyle.set` a save uses.
package enum Variations {
    /// How far a number moves: up to this share of its range either way.
    package static let numberSpread = 0.15
    /// How often a choice or a toggle changes: rarely, so variations stay near the original.
    package static let switchChance = 0.15
    /// How far each colour channel moves (0–255).
    package static let colorSpread = 24

    package static func around<R: RandomNumberGenerator>(_ style: ChartStyle, count: Int, using random: inout R) -> [ChartStyle] {
        (0..<count).map { _ in jittered(style, using: &random) }
    }

    package static func jittered<R: RandomNumberGenerator>(_ style: ChartStyle, using random: inout R) -> ChartStyle {
        var result = style
        for definition in ChartStyle.definitions {
            let value = jittered(definition, definition.value(in: style), using: &random)
            // A value the rules refuse (cannot happen by construction) keeps the original.
            try? result.set(definition.key, value)
        }
        return result
    }

    package static func jittered<R: RandomNumberGenerator>(_ definition: ParameterDefinition, _ value: ParameterValue, using random: inout R) -> ParameterValue {
        switch (definition.kind, value) {
        case (.number(let range, let step, _), .number(let v)):
            let span = range.upperBound - range.lowerBound
            let moved = v + Double.random(in: -1...1, using: &random) * numberSpread * span
            return .number(snap(moved, to: step, in: range))
        case (.integer(let range, let step, let oddOnly), .number(let v)):
            let low = Double(range.lowerBound), high = Double(range.upperBound)
            let moved = v + Double.random(in: -1...1, using: &random) * numberSpread * (high - low)
            var n = snap(moved, to: Double(max(step, 1)), in: low...high)
            if oddOnly && Int(n) % 2 == 0 { n = n + 1 <= high ? n + 1 : n - 1 }
            return .number(n)
        case (.color, .text(let hex)):
            guard let rgb = rgb(hex) else { return value }
            let channels = rgb.map { min(255, max(0, $0 + Int.random(in: -colorSpread...colorSpread, using: &random))) }
            return .text("#" + channels.map { hex2($0) }.joined())
        case (.choice(let options, _), .text):
            guard options.count > 1, Double.random(in: 0..<1, using: &random) < switchChance else { return value }
            return .text(options.randomElement(using: &random) ?? options[0])
        case (.toggle, .flag(let on)):
            return .flag(Double.random(in: 0..<1, using: &random) < switchChance ? !on : on)
        case (.cubicBezier, .numbers(let list)) where list.count == 4:
            return .numbers(list.enumerated().map { index, v in
                let range = index % 2 == 0 ? ParameterDefinition.bezierX : ParameterDefinition.bezierY
                // y's range allows wild overshoot: move it by the x range's share only.
                let moved = v + Double.random(in: -1...1, using: &random) * numberSpread
                return snap(moved, to: 0.01, in: range)
            })
        default:
            return value
        }
    }

    /// The nearest multiple of `step` from the range's start, inside the range.
    package static func snap(_ v: Double, to step: Double, in range: ClosedRange<Double>) -> Double {
        let clamped = min(range.upperBound, max(range.lowerBound, v))
        guard step > 0 else { return clamped }
        let steps = ((clamped - range.lowerBound) / step).rounded()
        let snapped = range.lowerBound + steps * step
        // Rounding to the step's decimals keeps 0.1 + 0.2 from saving as 0.30000000000000004.
        let places = decimals(step)
        let scale = Double(pow10(places))
        let tidy = (snapped * scale).rounded() / scale
        return min(range.upperBound, max(range.lowerBound, tidy))
    }

    private static func decimals(_ step: Double) -> Int {
        var places = 0, s = step
        while places < 6 && (s - s.rounded()).magnitude > 1e-9 { s *= 10; places += 1 }
        return places
    }

    private static func pow10(_ n: Int) -> Int { (0..<n).reduce(1) { acc, _ in acc * 10 } }

    private static func rgb(_ hex: String) -> [Int]? {
        let digits = Array(hex.utf8.dropFirst())
        guard digits.count == 6 else { return nil }
        return stride(from: 0, to: 6, by: 2).compactMap { Int(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16) }
    }

    private static func hex2(_ n: Int) -> String {
        let s = String(n, radix: 16, uppercase: true)
        return s.count == 1 ? "0" + s : s
    }
}
