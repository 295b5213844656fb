import ChartEngine
import WorkbenchStores

/// Why a parameter would change no Explore candidate, in words.
extension ExploreRoutes {
    /// Why `key` would change no candidate: it shows only under a condition (Bounce under a
    /// spring easing) that the preset does not meet and that no moving parameter can meet. Nil
    /// when it can change the chart.
    static func neverShown(_ key: String, moving: [String], in style: ChartStyle, preset: String) -> String? {
        guard let definition = ParameterDefinition.named(key), let condition = definition.visibleWhen else { return nil }
        guard let missing = condition.parts.first(where: { !$0.holds(in: style) && !$0.keys.contains(where: moving.contains) }) else { return nil }
        let names = missing.keys.compactMap { ParameterDefinition.named($0) }
        let needs = names.map { d in "\(d.standaloneLabel) is \(missing.values.map { ChangeWords.text(.text($0), d) }.joined(separator: " or "))" }
        let has = names.map { "\($0.standaloneLabel) \(ChangeWords.text($0.value(in: style), $0))" }.joined(separator: ", ")
        return "“\(definition.standaloneLabel)” changes the chart only while \(needs.joined(separator: " or ")); “\(preset)” has \(has): "
            + "let \(names.map(\.standaloneLabel).joined(separator: " or ")) move too, or start from another preset"
    }
}
