/// One tunable parameter: what the page shows, what validation accepts, and how it reads and
/// writes the typed `ChartStyle`. Built only by the helpers below, from a key path.
public struct ParameterDefinition: Sendable {
    public enum Kind: Sendable, Equatable {
        case number(range: ClosedRange<Double>, step: Double, unit: String?)
        /// Whole numbers; `oddOnly` for centred windows.
        case integer(range: ClosedRange<Int>, step: Int, oddOnly: Bool)
        case color
        /// One of `options`; `typeName` names the enum in generated code.
        case choice(options: [String], typeName: String)
        case toggle
        /// Four numbers x1, y1, x2, y2 with both x in 0…1, as CSS `cubic-bezier()`.
        case cubicBezier
    }

    /// Shown only while one of `keys` has one of `values`.
    public struct Condition: Sendable, Equatable {
        public let keys: [String]
        public let values: [String]
        /// A further condition that must hold too (e.g. moving average and fixed sizing).
        public var also: [Condition] = []

        public func holds(in style: ChartStyle) -> Bool {
            keys.contains { key in ParameterDefinition.named(key).map { values.contains($0.read(style).description) } ?? false }
                && also.allSatisfy { $0.holds(in: style) }
        }

        /// The condition and each of its `also` conditions, each on its own keys and values: all
        /// must hold for the condition to hold.
        public var parts: [Condition] {
            [Condition(keys: keys, values: values)] + also.flatMap(\.parts)
        }

        func and(_ key: String, is values: String...) -> Condition {
            var both = self
            both.also.append(Condition(keys: [key], values: values))
            return both
        }

        static func key(_ key: String, is values: String...) -> Condition { Condition(keys: [key], values: values) }
        static func either(_ keys: [String], is value: String) -> Condition { Condition(keys: keys, values: [value]) }
    }

    /// A named set of values one click applies (e.g. a spring preset beside the easing).
    public struct Shortcut: Sendable {
        public let name: String
        public let label: String
        public let values: [(key: String, value: ParameterValue)]
    }

    /// Bounds of a cubic Bézier's control points: x within the duration (as CSS requires), y
    /// free enough for anticipation and overshoot.
    public static let bezierX = 0.0...1.0
    public static let bezierY = -5.0...5.0

    public let key: String
    public let label: String
    public let group: String
    public let kind: Kind
    public let help: String
    public let visibleWhen: Condition?
    /// For a choice: what a person reads for each option, in the order of the options.
    public var optionLabels: [String] = []
    /// Named value sets offered beside the control.
    public var shortcuts: [Shortcut] = []
    /// Given without the implied key, this key sets it too (what old presets and links meant).
    public var legacyImplies: (key: String, value: ParameterValue)?
    let read: @Sendable (ChartStyle) -> ParameterValue
    let write: @Sendable (inout ChartStyle, ParameterValue) -> Void

    public var defaultValue: ParameterValue { read(ChartStyle()) }

    public func value(in style: ChartStyle) -> ParameterValue { read(style) }

    /// Checks a value against the kind and range; returns it normalised (colours upper-case).
    public func validate(_ value: ParameterValue) throws(ParameterError) -> ParameterValue {
        switch (kind, value) {
        case (.number(let range, _, let unit), .number(let v)):
            guard v.isFinite else { throw fail("must be a finite number") }
            guard range.contains(v) else {
                throw fail("must be between \(NumberText.shortest(range.lowerBound)) and \(NumberText.shortest(range.upperBound))\(unit.map { " " + $0 } ?? ""), got \(NumberText.shortest(v))")
            }
            return value
        case (.integer(let range, _, let oddOnly), .number(let v)):
            guard v.isFinite, v.rounded() == v else { throw fail("must be a whole number") }
            guard Double(range.lowerBound) <= v, v <= Double(range.upperBound) else {
                throw fail("must be between \(range.lowerBound) and \(range.upperBound), got \(NumberText.shortest(v))")
            }
            if oddOnly && Int(v) % 2 == 0 { throw fail("must be odd, got \(Int(v))") }
            return value
        case (.color, .text(let s)):
            let hex = s.utf8
            guard hex.count == 7, hex.first == UInt8(ascii: "#"),
                  hex.dropFirst().allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 | 0x20 >= 97 && $0 | 0x20 <= 102) })
            else { throw fail("must be a colour #RRGGBB") }
            return .text(s.uppercased())
        case (.choice(let options, _), .text(let s)):
            guard options.contains(s) else { throw fail("must be one of \(options.joined(separator: ", "))") }
            return value
        case (.toggle, .flag):
            return value
        case (.cubicBezier, .numbers(let list)):
            guard list.count == 4, list.allSatisfy(\.isFinite) else { throw fail("must be four numbers x1, y1, x2, y2") }
            let x = Self.bezierX, y = Self.bezierY
            guard x.contains(list[0]), x.contains(list[2]) else {
                throw fail("x1 and x2 must be between \(NumberText.shortest(x.lowerBound)) and \(NumberText.shortest(x.upperBound))")
            }
            guard y.contains(list[1]), y.contains(list[3]) else {
                throw fail("y1 and y2 must be between \(NumberText.shortest(y.lowerBound)) and \(NumberText.shortest(y.upperBound))")
            }
            return value
        default:
            throw fail("must be \(typeName)")
        }
    }

    /// Reads a value from text (query strings, CSV-like input), then validates it.
    public func parse(_ text: String) throws(ParameterError) -> ParameterValue {
        let trimmed = text.trimmingSpaces
        switch kind {
        case .number, .integer:
            guard let v = Double(trimmed) else { throw fail("must be a number, got \"\(trimmed)\"") }
            return try validate(.number(v))
        case .color, .choice:
            return try validate(.text(trimmed))
        case .toggle:
            switch trimmed.lowercased() {
            case "true", "1", "on", "yes": return .flag(true)
            case "false", "0", "off", "no": return .flag(false)
            default: throw fail("must be true or false, got \"\(trimmed)\"")
            }
        case .cubicBezier:
            let parts = trimmed.split(separator: ",").map { Double($0.trimmingSpaces) }
            guard parts.count == 4, parts.allSatisfy({ $0 != nil }) else { throw fail("must be four numbers x1,y1,x2,y2") }
            return try validate(.numbers(parts.map { $0! }))
        }
    }

    public var typeName: String {
        switch kind {
        case .number: "a number"
        case .integer(_, _, let odd): odd ? "an odd whole number" : "a whole number"
        case .color: "a colour #RRGGBB"
        case .choice(let options, _): "one of \(options.joined(separator: ", "))"
        case .toggle: "true or false"
        case .cubicBezier: "four numbers x1, y1, x2, y2"
        }
    }

    /// Whether the parameter applies given the other values (e.g. the window only for the moving average).
    public func isVisible(in style: ChartStyle) -> Bool {
        visibleWhen?.holds(in: style) ?? true
    }

    private func fail(_ message: String) -> ParameterError { ParameterError(field: key, message: message) }
}

// Builders: each ties a key, its label and its limits to one property of `ChartStyle`.
extension ParameterDefinition {
    static func number(_ path: WritableKeyPath<ChartStyle, Double> & Sendable, _ key: String, _ label: String, group: String,
                       range: ClosedRange<Double>, step: Double, unit: String? = nil, help: String = "",
                       when condition: Condition? = nil) -> ParameterDefinition {
        ParameterDefinition(key: key, label: label, group: group, kind: .number(range: range, step: step, unit: unit), help: help,
                            visibleWhen: condition,
                            read: { .number($0[keyPath: path]) },
                            write: { style, value in if case .number(let v) = value { style[keyPath: path] = v } })
    }

    static func integer(_ path: WritableKeyPath<ChartStyle, Int> & Sendable, _ key: String, _ label: String, group: String,
                        range: ClosedRange<Int>, step: Int, oddOnly: Bool, help: String = "",
                        when condition: Condition? = nil, legacyImplies: (key: String, value: ParameterValue)? = nil) -> ParameterDefinition {
        ParameterDefinition(key: key, label: label, group: group, kind: .integer(range: range, step: step, oddOnly: oddOnly), help: help,
                            visibleWhen: condition, legacyImplies: legacyImplies,
                            read: { .number(Double($0[keyPath: path])) },
                            write: { style, value in if case .number(let v) = value { style[keyPath: path] = Int(v) } })
    }

    static func color(_ path: WritableKeyPath<ChartStyle, String> & Sendable, _ key: String, _ label: String, group: String,
                      help: String = "") -> ParameterDefinition {
        ParameterDefinition(key: key, label: label, group: group, kind: .color, help: help, visibleWhen: nil,
                            read: { .text($0[keyPath: path]) },
                            write: { style, value in if case .text(let s) = value { style[keyPath: path] = s } })
    }

    static func choice<T: RawRepresentable & CaseIterable & Sendable>(
        _ path: WritableKeyPath<ChartStyle, T> & Sendable, _ key: String, _ label: String, group: String, help: String = "",
        when condition: Condition? = nil, presets: [Shortcut] = []
    ) -> ParameterDefinition where T.RawValue == String {
        ParameterDefinition(key: key, label: label, group: group, kind: .choice(options: T.allCases.map(\.rawValue), typeName: String(describing: T.self)), help: help,
                            visibleWhen: condition,
                            optionLabels: T.allCases.map { ($0 as? any ChoiceLabelled)?.choiceLabel ?? $0.rawValue },
                            shortcuts: presets,
                            read: { .text($0[keyPath: path].rawValue) },
                            write: { style, value in if case .text(let s) = value, let v = T(rawValue: s) { style[keyPath: path] = v } })
    }

    static func toggle(_ path: WritableKeyPath<ChartStyle, Bool> & Sendable, _ key: String, _ label: String, group: String,
                       help: String = "", when condition: Condition? = nil) -> ParameterDefinition {
        ParameterDefinition(key: key, label: label, group: group, kind: .toggle, help: help, visibleWhen: condition,
                            read: { .flag($0[keyPath: path]) },
                            write: { style, value in if case .flag(let b) = value { style[keyPath: path] = b } })
    }

    static func cubicBezier(_ path: WritableKeyPath<ChartStyle, [Double]> & Sendable, _ key: String, _ label: String, group: String,
                            help: String = "", when condition: Condition? = nil) -> ParameterDefinition {
        ParameterDefinition(key: key, label: label, group: group, kind: .cubicBezier, help: help, visibleWhen: condition,
                            read: { .numbers($0[keyPath: path]) },
                            write: { style, value in if case .numbers(let list) = value { style[keyPath: path] = list } })
    }

}

extension StringProtocol {
    var trimmingSpaces: String {
        String(drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
    }
}
