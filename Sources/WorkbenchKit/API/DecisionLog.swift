/// Entries of the decision log made by comments and rounds, announced as `log` events so the
/// log page updates live.
extension WorkbenchApp {
    func recordDecision(_ kind: String, preset: String?, by author: String, summary: String, details: JSONValue? = nil) {
        events.publish("log", .object([("kind", .string(kind)), ("preset", preset.map(JSONValue.string) ?? .null),
                                       ("author", .string(author)), ("summary", .string(summary)), ("at", .string(Preset.now()))]))
    }
}
