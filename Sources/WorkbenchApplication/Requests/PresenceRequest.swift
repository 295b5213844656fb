import ChartEngine
import ChartRendering
import HTTPServer
import WorkbenchSupport

/// `POST /api/session/presence`: what this page is doing, for those who follow it. Members the
/// workbench does not know are let be (a page may still send `user`).
struct PresenceRequest: Decodable {
    /// The presenceKey of this page's event stream (its hello event): it proves the page is that one.
    let key: String
    /// Absent: unchanged; null: no preset open.
    let preset: String??
    let pressing: Bool?
    /// Where the finger is now, 0…1 of the width.
    let selection: Double?
    /// The period, size and theme the page shows, as it sent them.
    let view: JSONValue?
    let leaving: Bool

    init(from decoder: any Decoder) throws {
        let members = try decoder.container(keyedBy: AnyCodingKey.self)
        let nullableText = SchemaObject(type: "string", nullable: true).json
        let keyExpected = "must be the presenceKey of this page's event stream (its hello event)"
        let key = try members.member("key", String.self, keyExpected, schema: JSONSchema.text(1...64, pattern: "^[!-~]+$"), required: true)
        leaving = try members.flag("leaving") ?? false
        if members.requestSchema != nil || members.contains(AnyCodingKey("preset")) {
            preset = .some(try members.member("preset", String.self, "must be a preset name or null", schema: nullableText, nullable: true).map { String($0.prefix(64)) })
        } else {
            preset = nil
        }
        pressing = try members.flag("pressing")
        _ = try members.member("user", String.self, "must be a string", schema: JSONSchema.string, nullable: true)
        let fraction = SchemaObject(type: "number", nullable: true, minimum: 0, maximum: 1).json
        selection = try members.member("selection", Double.self, "must be a number 0–1", schema: fraction, nullable: true)
        if let selection, !(0...1).contains(selection) { throw members.refusal("selection", "must be a number 0–1") }
        view = try members.member("view", PresenceView.self, "must be an object of period, width, height and theme",
                                  schema: RequestSchema.of(PresenceView.self).body())?.json
        guard let key, (1...64).contains(key.utf8.count), key.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            throw members.refusal("key", keyExpected)
        }
        self.key = key
    }
}

/// A page's view as others may follow it: period, width, height and theme, checked like a
/// render request's, kept in the order sent.
struct PresenceView: Decodable {
    let json: JSONValue

    init(from decoder: any Decoder) throws {
        let members = try decoder.container(keyedBy: AnyCodingKey.self)
        if let other = members.allKeys.first(where: { !["period", "width", "height", "theme"].contains($0.stringValue) }) {
            // Said of the view as a whole (an HTTPError passes the member's own "must be an object" by).
            throw HTTPError.badRequest("unknown view setting \"\(other.stringValue.prefix(64))\"; use period, width, height or theme", field: "view")
        }
        _ = try members.choice("period", Period.allCases.map(\.rawValue), expected: ChartRequest.periodChoices)
        for (name, range) in [("width", ChartDrawing.widthRange), ("height", ChartDrawing.heightRange)] {
            _ = try members.number(name, in: range, integer: true, expected: "must be a whole number \(Int(range.lowerBound))–\(Int(range.upperBound))")
        }
        _ = try members.choice("theme", ["light", "dark"])
        json = .object(try members.allKeys.map { ($0.stringValue, try members.decode(JSONValue.self, forKey: $0)) })
    }
}
