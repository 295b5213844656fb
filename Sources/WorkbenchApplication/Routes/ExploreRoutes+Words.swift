import ChartEngine

/// How Explore says things in words: values as the controls name them, counts, and why a
/// parameter would change no candidate.
extension ExploreRoutes {
    /// Why `key` would change no candidate: it shows only under a condition (Bounce under a
    /// spring easing) that the preset does not meet and that no moving parameter can meet. Nil
    /// when it can change the chart.
    static func neverShown(_ key: String, moving: [String], in style: ChartStyle, preset: String) -> String? {
        guard let definition = ParameterDefinition.named(key), let condition = definition.visibleWhen else { return nil }
        func reachable(_ c: ParameterDefinition.Condition) -> Bool {
            Self.holdsAlone(c, in: style) || c.keys.contains(where: moving.contains)
        }
        func all(_ c: ParameterDefinition.Condition) -> [ParameterDefinition.Condition] { [c] + c.also.flatMap(all) }
        guard let missing = all(condition).first(where: { !reachable($0) }) else { return nil }
        let names = missing.keys.compactMap { ParameterDefinition.named($0) }
        let needs = names.map { d -> String in
            let labels = missing.values.map { v in
                if case .choice(let options, _) = d.kind, let j = options.firstIndex(of: v), j < d.optionLabels.count { return d.optionLabels[j] }
                return v
            }
            return "\(d.label) is \(labels.joined(separator: " or "))"
        }
        let has = names.map { "\($0.label) \(words($0.value(in: style), $0))" }.joined(separator: ", ")
        return "“\(definition.label)” changes the chart only while \(needs.joined(separator: " or ")); “\(preset)” has \(has): "
            + "let \(names.map(\.label).joined(separator: " or ")) move too, or start from another preset"
    }

    /// Whether `condition`'s own keys and values hold in `style` (not its `also` conditions).
    static func holdsAlone(_ condition: ParameterDefinition.Condition, in style: ChartStyle) -> Bool {
        condition.keys.contains { key in ParameterDefinition.named(key).map { condition.values.contains($0.value(in: style).description) } ?? false }
    }

    /// "1 answer", "2 answers".
    static func answers(_ count: Int) -> String { count == 1 ? "1 answer" : "\(count) answers" }

    /// A value as people read it: numbers without float noise, a choice by its label (as the
    /// page's controls name it), Béziers as four numbers.
    static func words(_ value: ParameterValue, _ definition: ParameterDefinition) -> String {
        switch value {
        case .number(let v): NumberText.shortest((v * 1e6).rounded() / 1e6)
        case .text(let s):
            if case .choice(let options, _) = definition.kind, let i = options.firstIndex(of: s), i < definition.optionLabels.count {
                definition.optionLabels[i]
            } else {
                s
            }
        case .flag(let b): b ? "on" : "off"
        case .numbers(let list): list.map { NumberText.shortest(($0 * 1e6).rounded() / 1e6) }.joined(separator: ", ")
        }
    }
}
