extension ParameterDefinition {
    /// The label where it stands without its group around it (a change, a sentence, a message, a
    /// list of a round's parameters): with the group's name when another group has a parameter of
    /// the same label. Four motions each have a "Duration", said "Period change duration", "Live
    /// price duration", …; a label of its own is said as it is. The schema carries it, so the page
    /// and the server say a parameter alike.
    public var standaloneLabel: String {
        Self.sharedLabels.contains(label) ? "\(group) \(Self.inSentence(label))" : label
    }

    /// A label inside a sentence: its first letter lower-case ("Inactive line width" → "inactive line width").
    public static func inSentence(_ label: String) -> String { label.prefix(1).lowercased() + label.dropFirst() }

    private static let sharedLabels: Set<String> = {
        var seen: [String: Int] = [:]
        for definition in ChartStyle.definitions { seen[definition.label, default: 0] += 1 }
        return Set(seen.filter { $0.value > 1 }.keys)
    }()
}
