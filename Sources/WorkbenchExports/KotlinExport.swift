import WorkbenchSupport
import WorkbenchStores
import ChartEngine

/// A Kotlin file for the Android team: enums, a data class with Compose types (`Color`, `Dp`)
/// and the preset as a value.
package struct KotlinExport {
    package let preset: Preset

    package var text: String {
        let definitions = ChartStyle.definitions
        let valueName = CodeName.valueName(preset.name)
        var out = CodeString.header(for: preset) + """

        import androidx.compose.ui.graphics.Color
        import androidx.compose.ui.unit.Dp
        import androidx.compose.ui.unit.dp


        """
        for (typeName, options) in ChartStyle.choiceTypes {
            out += "enum class Chart\(typeName)(val key: String) {\n"
            out += options.map { "    \(CodeName.screamingSnake($0))(\"\($0)\")" }.joined(separator: ",\n") + "\n}\n\n"
        }
        out += "/** Cubic Bézier timing control points, as CSS cubic-bezier(x1, y1, x2, y2). */\n"
        out += "data class ChartCubicBezier(val x1: Float, val y1: Float, val x2: Float, val y2: Float)\n\n"
        out += "data class ChartStyle(\n    val name: String,\n    val author: String,\n    val notes: String,\n"
        // No trailing commas: Kotlin before 1.4 rejects them.
        out += definitions.map { d in
            "    /** \(CodeString.blockComment(d.label)) */\n    val \(d.key): \(typeName(d))"
        }.joined(separator: ",\n")
        out += "\n)\n\n"
        out += "val \(valueName) = ChartStyle(\n"
        var arguments = ["name = \(CodeString.kotlin(preset.name))", "author = \(CodeString.kotlin(preset.author))",
                         "notes = \(CodeString.kotlin(preset.notes))"]
        for d in definitions { arguments.append("\(d.key) = \(literal(d, d.value(in: preset.style)))") }
        out += arguments.map { "    " + $0 }.joined(separator: ",\n") + "\n)\n"
        return out
    }

    private func isDimension(_ d: ParameterDefinition) -> Bool {
        if case .number(_, _, let unit) = d.kind { return unit == "px" }
        return false
    }

    private func typeName(_ d: ParameterDefinition) -> String {
        switch d.kind {
        case .number: isDimension(d) ? "Dp" : "Float"
        case .integer: "Int"
        case .color: "Color"
        case .choice(_, let typeName): "Chart\(typeName)"
        case .toggle: "Boolean"
        case .cubicBezier: "ChartCubicBezier"
        }
    }

    private func float(_ v: Double) -> String {
        CodeString.floatingLiteral(v) + "f"
    }

    private func literal(_ d: ParameterDefinition, _ value: ParameterValue) -> String {
        switch value {
        case .number(let v):
            if case .integer = d.kind { return String(Int(v)) }
            return isDimension(d) ? "\(NumberText.shortest(v)).dp" : float(v)
        case .text(let s):
            if case .color = d.kind { return "Color(0xFF\(s.dropFirst()))" }
            if case .choice(_, let typeName) = d.kind { return "Chart\(typeName).\(CodeName.screamingSnake(s))" }
            return CodeString.kotlin(s)
        case .flag(let b): return b ? "true" : "false"
        case .numbers(let list):
            return "ChartCubicBezier(" + list.map(float).joined(separator: ", ") + ")"
        }
    }
}
