import WorkbenchSupport
import WorkbenchStores
import ChartEngine

/// W3C Design Tokens (DTCG 2025.10) as one resolver document (docs/tokens.md): the set `chart`
/// holds every token (widths as `dimension`, the duration as `duration`, the easing as
/// `cubicBezier`, colours as `color`, opacities and scales as `number`; what design tokens have
/// no type for — curves, smoothing, toggles, springs — under `$extensions`), the modifier `theme`
/// the colours per background (light, dark) and the modifier `motion` the transition, full or
/// reduced. Every source is inline, so the file stands alone.
package struct TokensExport {
    package static let extensionKey = "com.chartworkbench"
    package static let resolverVersion = "2025.10"
    package let preset: Preset

    package var json: JSONValue {
        let title = "Chart style \u{201C}\(preset.name)\u{201D} from Chart Workbench"
        let set = JSONValue.object([("description", .string("Every parameter of the preset.")), ("sources", .array([baseTokens]))])
        let theme = JSONValue.object([
            ("description", .string("The colours on a light and on a dark background. The preset has one set of colours, drawn on both backgrounds (the readability check measures them against both), so both contexts carry the same values; a dark value imported from Figma is reported, not applied (docs/tokens.md).")),
            ("contexts", .object([("light", .array([colourTokens])), ("dark", .array([colourTokens]))])),
            ("default", .string("light")),
        ])
        let motion = JSONValue.object([
            ("description", .string("The press transition as the app plays it (full) and when the viewer asks for reduced motion (reduced).")),
            ("contexts", .object([("full", .array([fullMotion])), ("reduced", .array([reducedMotion]))])),
            ("default", .string("full")),
        ])
        return .object([
            ("name", .string(title)),
            ("version", .string(Self.resolverVersion)),
            ("description", .string(title + ": resolve it with theme light or dark and motion full or reduced.")),
            ("sets", .object([("chart", set)])),
            ("modifiers", .object([("theme", theme), ("motion", motion)])),
            ("resolutionOrder", .array(["#/sets/chart", "#/modifiers/theme", "#/modifiers/motion"].map { .object([("$ref", .string($0))]) })),
        ])
    }

    /// A colour token of `hex`.
    static func colourToken(_ hex: String, description: String) -> JSONValue {
        .object([("$type", .string("color")),
                 ("$value", .object([("colorSpace", .string("srgb")), ("components", .array(components(hex).map(JSONValue.number))),
                                     ("hex", .string(hex))])),
                 ("$description", .string(description))])
    }

    /// The colour parameters, in their groups (the `theme` contexts).
    var colourTokens: JSONValue {
        var groups: [(String, [(String, JSONValue)])] = []
        for d in ChartStyle.definitions {
            guard case .color = d.kind, case .text(let hex) = d.value(in: preset.style) else { continue }
            let token = Self.colourToken(hex, description: d.help.isEmpty ? d.label : d.help)
            if let i = groups.firstIndex(where: { $0.0 == d.group.lowercased() }) { groups[i].1.append((d.key, token)) }
            else { groups.append((d.group.lowercased(), [(d.key, token)])) }
        }
        return .object([("chart", .object(groups.map { ($0.0, JSONValue.object($0.1)) }))])
    }

    /// The press transition: a DTCG `transition` whose parts alias the duration and curve tokens
    /// when the easing is a Bézier; a spring, which DTCG has no type for (design-tokens/community-group#429),
    /// as its settling `duration` and the spring's terms under `$extensions`.
    var fullMotion: JSONValue {
        let m = MotionExport(style: preset.style)
        let press: (String, JSONValue)
        if let s = m.spring {
            let spring: JSONValue = .object([
                ("dampingRatio", .number(s.dampingRatio)), ("stiffness", .number(s.stiffness)), ("damping", .number(s.damping)),
                ("mass", .number(1)), ("initialVelocity", .number(s.velocity)), ("perceptualDuration", .number(s.perceptualDuration)),
                ("bounce", .number(s.bounce)), ("settleDuration", Self.milliseconds(m.duration)),
            ])
            press = ("pressSettle", .object([("$type", .string("duration")), ("$value", Self.milliseconds(m.duration)),
                                             ("$description", .string("The spring settles within 0.1 % after this long; the spring itself is in $extensions.")),
                                             ("$extensions", .object([(Self.extensionKey, .object([("spring", spring)]))]))]))
        } else {
            press = ("press", .object([("$type", .string("transition")),
                                       ("$value", .object([("duration", .string("{chart.animation.animationDuration}")),
                                                           ("delay", .object([("value", .number(0)), ("unit", .string("ms"))])),
                                                           ("timingFunction", .string("{chart.animation.easingCurve}"))])),
                                       ("$description", .string("Into the pressed state; the release plays the same curve back."))]))
        }
        return .object([("chart", .object([("motion", .object([press]))]))])
    }

    /// Reduced motion: a linear crossfade over `reducedMotionDuration`, or none (0 ms).
    var reducedMotion: JSONValue {
        let style = preset.style
        let seconds = style.reducedMotionStyle == .crossfade ? style.reducedMotionDuration : 0
        let token: JSONValue = .object([("$type", .string("transition")),
                                        ("$value", .object([("duration", Self.milliseconds(seconds)),
                                                            ("delay", .object([("value", .number(0)), ("unit", .string("ms"))])),
                                                            ("timingFunction", .array([0, 0, 1, 1].map(JSONValue.number)))])),
                                        ("$description", .string(style.reducedMotionStyle == .crossfade
                                            ? "Reduced motion: the rest and pressed pictures crossfade, linear, never overshooting."
                                            : "Reduced motion: the chart switches at once.")),
                                        ("$extensions", .object([(Self.extensionKey, .object([("reducedMotionStyle", .string(style.reducedMotionStyle.rawValue))]))]))])
        return .object([("chart", .object([("motion", .object([("press", token)]))]))])
    }

    static func milliseconds(_ seconds: Double) -> JSONValue {
        .object([("value", .number((seconds * 1000).rounded())), ("unit", .string("ms"))])
    }

    /// The token tree of every parameter (the set `chart`).
    package var baseTokens: JSONValue {
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
                add(group, d.key, Self.colourToken(hex, description: d.help.isEmpty ? d.label : d.help))
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
