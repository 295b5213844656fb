import WorkbenchSupport
import WorkbenchStores
import ChartEngine

/// W3C Design Tokens (DTCG) JSON: widths as `dimension`, the duration as `duration`, the easing
/// as `cubicBezier`, colours as `color`, opacities and scales as `number`. What design tokens
/// have no type for (curves, smoothing, spring, toggles) goes under `$extensions`.
package struct TokensExport {
    package static let extensionKey = "com.chartworkbench"
    package let preset: Preset

    package var json: JSONValue {
        let style = preset.style
        var groups: [(String, [(String, JSONValue)])] = []
        var extensions: [(String, JSONValue)] = []
        func add(_ group: String, _ key: String, _ token: JSONValue) {
            if let i = groups.firstIndex(where: { $0.0 == group }) { groups[i].1.append((key, token)) } else { groups.append((group, [(key, token)])) }
        }
        for d in ChartStyle.definitions {
            let group = d.group.lowercased()
            let value = d.value(in: style)
            let description: [(String, JSONValue)] = [("$description", .string(d.help.isEmpty ? d.label : d.help))]
            switch (d.kind, value) {
            case (.number(_, _, let unit), .number(let v)) where unit == "px":
                add(group, d.key, .object([("$type", .string("dimension")),
                                           ("$value", .object([("value", .number(v)), ("unit", .string("px"))]))] + description))
            case (.number(_, _, let unit), .number(let v)) where unit == "s":
                add(group, d.key, .object([("$type", .string("duration")),
                                           ("$value", .object([("value", .number((v * 1000).rounded())), ("unit", .string("ms"))]))] + description))
            case (.number, .number(let v)):
                add(group, d.key, .object([("$type", .string("number")), ("$value", .number(v))] + description))
            case (.color, .text(let hex)):
                let c = Self.components(hex)
                add(group, d.key, .object([("$type", .string("color")),
                                           ("$value", .object([("colorSpace", .string("srgb")), ("components", .array(c.map(JSONValue.number))),
                                                               ("hex", .string(hex))]))] + description))
            default:
                extensions.append((d.key, value.json))
            }
        }
        // The easing as the curve a token consumer can use directly, when it is one.
        if let bezier = MotionExport.bezier(for: style) {
            add("animation", "easingCurve", .object([("$type", .string("cubicBezier")), ("$value", .array(bezier.map(JSONValue.number))),
                                                     ("$description", .string("The transition's timing curve."))]))
        }
        let about: JSONValue = .object([("name", .string(preset.name)), ("author", .string(preset.author)),
                                        ("notes", .string(preset.notes)), ("updatedAt", .string(preset.updatedAt))])
        // The transition in each platform's terms (UIKit, SwiftUI, Compose, CSS), which DTCG has no type for.
        let motion: (String, JSONValue) = ("motion", MotionExport(style: style).json(presetName: preset.name))
        let chartOnly: JSONValue = .object([(Self.extensionKey, .object([("preset", about)] + extensions + [motion]))])
        var chart: [(String, JSONValue)] = groups.map { ($0.0, JSONValue.object($0.1)) }
        chart.append(("$extensions", chartOnly))
        return .object([
            ("$description", .string("Chart style \u{201C}\(preset.name)\u{201D} from Chart Workbench")),
            ("chart", .object(chart)),
        ])
    }

    package static func components(_ hex: String) -> [Double] {
        let v = UInt32(hex.dropFirst(), radix: 16) ?? 0
        let channels: [UInt32] = [(v >> 16) & 0xFF, (v >> 8) & 0xFF, v & 0xFF]
        return channels.map { channel in (Double(channel) / 255 * 10_000).rounded() / 10_000 }
    }
}
