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
            out += "        style.\(d.key) = \(SwiftExport.literal(d, d.value(in: preset.style), forEngine: true))\n"
        }
        out += "        return style\n    }\n}\n"
        return out
    }
}
