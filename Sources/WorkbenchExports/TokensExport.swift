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

    package var json: JSONValue { JSONValueEncoder.encode(document) }

    var document: TokenResolver {
        let title = "Chart style \u{201C}\(preset.name)\u{201D} from Chart Workbench"
        let colours = TokenSource(chart: colourTokens)
        let theme = TokenResolver.Modifier(
            description: "The colours on a light and on a dark background. The preset has one set of colours, drawn on both backgrounds (the readability check measures them against both), so both contexts carry the same values; a dark value imported from Figma is reported, not applied (docs/tokens.md).",
            contexts: OrderedMembers([("light", [colours]), ("dark", [colours])]), default: "light")
        let motion = TokenResolver.Modifier(
            description: "The press transition as the app plays it (full) and when the viewer asks for reduced motion (reduced).",
            contexts: OrderedMembers([("full", [TokenSource(chart: fullMotion)]), ("reduced", [TokenSource(chart: reducedMotion)])]), default: "full")
        return TokenResolver(
            name: title, version: Self.resolverVersion,
            description: title + ": resolve it with theme light or dark and motion full or reduced.",
            sets: .init(chart: .init(description: "Every parameter of the preset.", sources: [baseTokens])),
            modifiers: .init(theme: theme, motion: motion),
            resolutionOrder: ["#/sets/chart", "#/modifiers/theme", "#/modifiers/motion"].map(TokenResolver.Reference.init(ref:)))
    }

    /// The colour parameters, in their groups (the `theme` contexts).
    var colourTokens: ChartTokens {
        var tokens = ChartTokens()
        for d in ChartStyle.definitions {
            guard case .color = d.kind, case .text(let hex) = d.value(in: preset.style) else { continue }
            tokens.add(.colour(hex, description: d.help.isEmpty ? d.label : d.help), named: d.key, in: d.group.lowercased())
        }
        return tokens
    }

    /// The press transition: a DTCG `transition` whose parts alias the duration and curve tokens
    /// when the easing is a Bézier; a spring, which DTCG has no type for (design-tokens/community-group#429),
    /// as its settling `duration` and the spring's terms under `$extensions`.
    var fullMotion: ChartTokens {
        let m = MotionExport(style: preset.style)
        var tokens = ChartTokens()
        if let s = m.spring {
            let spring = DesignToken.SpringTerms(dampingRatio: s.dampingRatio, stiffness: s.stiffness, damping: s.damping, initialVelocity: s.velocity,
                                                 perceptualDuration: s.perceptualDuration, bounce: s.bounce, settleDuration: .milliseconds(m.duration))
            tokens.add(DesignToken(value: .duration(.milliseconds(m.duration)),
                                   description: "The spring settles within 0.1 % after this long; the spring itself is in $extensions.",
                                   extensions: WorkbenchExtensions(content: .spring(spring))),
                       named: "pressSettle", in: "motion")
        } else {
            let transition = DesignToken.Transition(duration: .alias("{chart.animation.animationDuration}"), timingFunction: .alias("{chart.animation.easingCurve}"))
            tokens.add(DesignToken(value: .transition(transition), description: "Into the pressed state; the release plays the same curve back."),
                       named: "press", in: "motion")
        }
        return tokens
    }

    /// Reduced motion: a linear crossfade over `reducedMotionDuration`, or none (0 ms).
    var reducedMotion: ChartTokens {
        let style = preset.style
        let seconds = style.reducedMotionStyle == .crossfade ? style.reducedMotionDuration : 0
        let transition = DesignToken.Transition(duration: .literal(.milliseconds(seconds)), timingFunction: .literal([0, 0, 1, 1]))
        var tokens = ChartTokens()
        tokens.add(DesignToken(value: .transition(transition),
                               description: style.reducedMotionStyle == .crossfade
                                   ? "Reduced motion: the rest and pressed pictures crossfade, linear, never overshooting."
                                   : "Reduced motion: the chart switches at once.",
                               extensions: WorkbenchExtensions(content: .reducedMotionStyle(style.reducedMotionStyle.rawValue))),
                   named: "press", in: "motion")
        return tokens
    }

    /// The token tree of every parameter (the set `chart`).
    var baseTokens: TokenSource {
        let style = preset.style
        var tokens = ChartTokens()
        var untyped: [(String, JSONValue)] = []
        for d in ChartStyle.definitions {
            let group = d.group.lowercased()
            let description = d.help.isEmpty ? d.label : d.help
            switch (d.kind, d.value(in: style)) {
            case (.number(_, _, let unit), .number(let v)) where unit == "px":
                tokens.add(DesignToken(value: .dimension(Quantity(value: v, unit: "px")), description: description), named: d.key, in: group)
            case (.number(_, _, let unit), .number(let v)) where unit == "s":
                tokens.add(DesignToken(value: .duration(.milliseconds(v)), description: description), named: d.key, in: group)
            case (.number, .number(let v)):
                tokens.add(DesignToken(value: .number(v), description: description), named: d.key, in: group)
            case (.color, .text(let hex)):
                tokens.add(.colour(hex, description: description), named: d.key, in: group)
            case (_, let value):
                untyped.append((d.key, JSONValueEncoder.encode(value)))
            }
        }
        // The easing as the curve a token consumer can use directly, when it is one.
        if let bezier = MotionExport.bezier(for: style) {
            tokens.add(DesignToken(value: .cubicBezier(bezier), description: "The transition's timing curve."), named: "easingCurve", in: "animation")
        }
        // The transition in each platform's terms (UIKit, SwiftUI, Compose, CSS), which DTCG has no type for.
        tokens.extensions = WorkbenchExtensions(content: ChartTokens.Extension(
            preset: .init(name: preset.name, author: preset.author, notes: preset.notes, updatedAt: preset.updatedAt),
            parameters: untyped, motion: MotionExport(style: style).document(presetName: preset.name)))
        return TokenSource(description: "Chart style \u{201C}\(preset.name)\u{201D} from Chart Workbench", chart: tokens)
    }

    package static func components(_ hex: String) -> [Double] {
        let v = UInt32(hex.dropFirst(), radix: 16) ?? 0
        let channels: [UInt32] = [(v >> 16) & 0xFF, (v >> 8) & 0xFF, v & 0xFF]
        return channels.map { channel in (Double(channel) / 255 * 10_000).rounded() / 10_000 }
    }
}
