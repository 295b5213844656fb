import WorkbenchSupport
import WorkbenchStores
import ChartEngine

/// The preset as a value of the engine's own `ChartStyle`, for an app that adds the ChartEngine
/// package: the file drops into the app target and `ChartStyle.<name>` draws the agreed chart.
package struct SwiftEngineExport {
    package init(preset: Preset) {
        self.preset = preset
    }

    package let preset: Preset

    package var text: String {
        let valueName = CodeName.valueName(preset.name)
        var out = CodeString.header(for: preset) + "\nimport ChartEngine\n\npublic extension ChartStyle {\n"
        out += "    /// \(CodeString.comment(preset.name))\(preset.author.isEmpty ? "" : " by " + CodeString.comment(preset.author))\n"
        out += "    static var \(valueName): ChartStyle {\n        var style = ChartStyle()\n"
        for d in ChartStyle.definitions {
            out += "        style.\(d.key) = \(literal(d, d.value(in: preset.style)))\n"
        }
        out += "        return style\n    }\n}\n"
        return out
    }

    private func literal(_ d: ParameterDefinition, _ value: ParameterValue) -> String {
        switch value {
        case .number(let v):
            if case .integer = d.kind { return String(Int(v)) }
            return CodeString.floatingLiteral(v)
        case .text(let s):
            if case .color = d.kind { return CodeString.swift(s) }
            return ".`\(s)`"
        case .flag(let b): return b ? "true" : "false"
        case .numbers(let list): return "[" + list.map { NumberText.shortest($0) }.joined(separator: ", ") + "]"
        }
    }
}
