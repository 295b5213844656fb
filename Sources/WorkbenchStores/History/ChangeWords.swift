import ChartEngine

/// What a save changed, in the words of the parameters' definitions: "Line width 2 → 3 px".
package enum ChangeWords {
    /// Changes listed in a log entry's summary; the rest are counted ("and 4 more").
    package static let summaryLimit = 6

    /// In a log entry's details: key, label, from, to.
    package struct Change: Sendable, Encodable {
        package let key: String
        package let label: String
        package let from: String
        package let to: String
        package var words: String { "\(label) \(from) → \(to)" }
    }

    /// Every parameter whose value differs, in definition order.
    package static func changes(from old: ChartStyle, to new: ChartStyle) -> [Change] {
        ChartStyle.definitions.compactMap { definition in
            let before = definition.value(in: old), after = definition.value(in: new)
            guard before != after else { return nil }
            return Change(key: definition.key, label: definition.standaloneLabel, from: text(before, definition), to: withUnit(after, definition))
        }
    }

    /// A value as `text` reads it, followed by its number's unit when the definition has one: "3 px".
    package static func withUnit(_ value: ParameterValue, _ definition: ParameterDefinition) -> String {
        let words = text(value, definition)
        if case .number(_, _, let unit?) = definition.kind { return "\(words) \(unit)" }
        return words
    }

    /// The changes as a clause: "Line width 2 → 3 px, Curve Linear → Monotone x and 3 more".
    package static func summary(_ changes: [Change]) -> String {
        let shown = changes.prefix(summaryLimit).map(\.words).joined(separator: ", ")
        return changes.count > summaryLimit ? "\(shown) and \(changes.count - summaryLimit) more" : shown
    }

    /// A value as a person reads it: the choice's label, on/off, numbers in their shortest form.
    package static func text(_ value: ParameterValue, _ definition: ParameterDefinition) -> String {
        switch value {
        case .number(let n): return NumberText.shortest(n)
        case .flag(let on): return on ? "on" : "off"
        case .numbers(let list): return "(" + list.map(NumberText.shortest).joined(separator: ", ") + ")"
        case .text(let raw):
            if case .choice(let options, _) = definition.kind, let index = options.firstIndex(of: raw), index < definition.optionLabels.count {
                return definition.optionLabels[index]
            }
            return raw
        }
    }

    /// A parameter's standalone label for a key ("periodDuration" → "Period change duration"); the key itself when unknown.
    package static func label(_ key: String) -> String { ParameterDefinition.named(key)?.standaloneLabel ?? key }
}
