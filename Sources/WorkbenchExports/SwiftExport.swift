import WorkbenchSupport
import WorkbenchStores
import ChartEngine

/// A standalone Swift file for the iOS team: its own enums and struct, and the preset as a
/// static value. Compiles with plain `swiftc`, no Foundation needed.
package struct SwiftExport {
    package let preset: Preset

    package var text: String {
        let definitions = ChartStyle.definitions
        let valueName = CodeName.valueName(preset.name)
        var out = CodeString.header(for: preset) + """

        """
        out += "\n"
        for (typeName, options) in ChartStyle.choiceTypes {
            out += "public enum Chart\(typeName): String, CaseIterable, Sendable {\n"
            out += "    case " + options.map { "`\($0)`" }.joined(separator: ", ") + "\n}\n\n"
        }
        out += """
        /// An sRGB colour with components in 0...1.
        public struct ChartColor: Equatable, Sendable {
            public var red: Double
            public var green: Double
            public var blue: Double

            public init(hex: UInt32) {
                red = Double((hex >> 16) & 0xFF) / 255
                green = Double((hex >> 8) & 0xFF) / 255
                blue = Double(hex & 0xFF) / 255
            }
        }

        /// Cubic Bézier timing control points, as CSS cubic-bezier(x1, y1, x2, y2).
        public struct ChartCubicBezier: Equatable, Sendable {
            public var x1: Double
            public var y1: Double
            public var x2: Double
            public var y2: Double
        }


        """
        out += "public struct ChartStyle: Equatable, Sendable {\n"
        out += "    public var name: String\n    public var author: String\n    public var notes: String\n"
        for d in definitions {
            let comment = d.help.isEmpty ? d.label : "\(d.label): \(d.help)"
            out += "    /// \(CodeString.comment(comment))\n"
            out += "    public var \(d.key): \(typeName(d))\n"
        }
        out += "}\n\npublic extension ChartStyle {\n"
        out += "    static let \(valueName) = ChartStyle(\n"
        var arguments = ["name: \(CodeString.swift(preset.name))", "author: \(CodeString.swift(preset.author))",
                         "notes: \(CodeString.swift(preset.notes))"]
        for d in definitions { arguments.append("\(d.key): \(Self.literal(d, d.value(in: preset.style), forEngine: false))") }
        out += arguments.map { "        " + $0 }.joined(separator: ",\n")
        out += "\n    )\n}\n"
        return out
    }

    private func typeName(_ d: ParameterDefinition) -> String {
        switch d.kind {
        case .number: "Double"
        case .integer: "Int"
        case .color: "ChartColor"
        case .choice(_, let typeName): "Chart\(typeName)"
        case .toggle: "Bool"
        case .cubicBezier: "ChartCubicBezier"
        }
    }

    /// A parameter's value as Swift source: in this file's own types, or `forEngine` in the
    /// engine's (`SwiftEngineExport`), where colours are strings and a Bézier is an array.
    static func literal(_ d: ParameterDefinition, _ value: ParameterValue, forEngine: Bool) -> String {
        switch value {
        case .number(let v):
            if case .integer = d.kind { return String(Int(v)) }
            return CodeString.floatingLiteral(v)
        case .text(let s):
            if case .color = d.kind { return forEngine ? CodeString.swift(s) : "ChartColor(hex: 0x\(s.dropFirst()))" }
            return ".`\(s)`"
        case .flag(let b): return b ? "true" : "false"
        case .numbers(let list):
            let n = list.map { NumberText.shortest($0) }
            if forEngine { return "[" + n.joined(separator: ", ") + "]" }
            return "ChartCubicBezier(x1: \(n[0]), y1: \(n[1]), x2: \(n[2]), y2: \(n[3]))"
        }
    }
}
