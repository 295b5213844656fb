import HTTPServer
import WorkbenchStores
import WorkbenchSupport

/// `POST /api/rounds`: a blind round over presets named (`{"candidates": [names]}`, 2–8), or
/// over one preset and generated variations of it (`{"variationsOf": name, "count": n}`, 1–7).
/// The API document says it as the two alternatives, read by the same code.
enum RoundRequest: Decodable {
    case candidates([String])
    case variations(of: String, count: Int)

    static var schema: JSONValue { RequestSchema.oneOf(Candidates.self, Variations.self) }

    init(from decoder: any Decoder) throws {
        let members = try decoder.container(keyedBy: AnyCodingKey.self)
        if members.contains(AnyCodingKey("candidates")) {
            guard !members.contains(AnyCodingKey("variationsOf")) else {
                throw KeyedDecodingContainer.refusal("variationsOf", "give either candidates or variationsOf, not both")
            }
            self = .candidates(try Self.candidates(members))
        } else if members.contains(AnyCodingKey("variationsOf")) {
            let (name, count) = try Self.variations(members)
            self = .variations(of: name, count: count)
        } else {
            throw KeyedDecodingContainer.refusal("candidates", "is required: a list of 2 to 8 preset names (or give variationsOf and count)")
        }
    }

    /// The presets named, each a valid name, none twice.
    private static func candidates(_ members: KeyedDecodingContainer<AnyCodingKey>) throws -> [String] {
        let range = PairwiseRound.candidateRange
        let schema = SchemaObject(type: "array", minItems: range.lowerBound, maxItems: range.upperBound, uniqueItems: true, items: OpenAPIDocument.presetName)
        guard let items = try members.member("candidates", [JSONValue].self, "must be a list of preset names", schema: schema.json, required: true) else {
            throw KeyedDecodingContainer.refusal("candidates", "is required: a list of 2 to 8 preset names (or give variationsOf and count)")
        }
        guard range.contains(items.count) else {
            throw KeyedDecodingContainer.refusal("candidates", "must name \(range.lowerBound) to \(range.upperBound) presets, got \(items.count)")
        }
        var names: [String] = []
        for (index, item) in items.enumerated() {
            let name = try presetName(item, field: "candidates[\(index)]")
            guard !names.contains(name) else { throw KeyedDecodingContainer.refusal("candidates[\(index)]", "names \"\(name)\" twice") }
            names.append(name)
        }
        return names
    }

    private static func variations(_ members: KeyedDecodingContainer<AnyCodingKey>) throws -> (String, Int) {
        let base = try members.member("variationsOf", JSONValue.self, "must be a preset name", schema: OpenAPIDocument.presetName, required: true)
        let range = RoundRoutes.variationRange
        let expected = "must be a whole number from \(range.lowerBound) to \(range.upperBound)"
        let count = try members.number("count", in: Double(range.lowerBound)...Double(range.upperBound), integer: true, expected: expected, required: true)
        let name = try presetName(base ?? .null, field: "variationsOf")
        guard let count else { throw KeyedDecodingContainer.refusal("count", expected) }
        return (name, Int(count))
    }

    private static func presetName(_ value: JSONValue, field: String) throws -> String {
        guard case .string(let raw) = value else { throw KeyedDecodingContainer.refusal(field, "must be a preset name") }
        do { return try Preset.validName(raw) } catch { throw KeyedDecodingContainer.refusal(field, error.message) }
    }

    /// The document's first alternative: presets named.
    private struct Candidates: Decodable {
        init(from decoder: any Decoder) throws { _ = try RoundRequest.candidates(try decoder.container(keyedBy: AnyCodingKey.self)) }
    }

    /// The second: one preset and its variations.
    private struct Variations: Decodable {
        init(from decoder: any Decoder) throws { _ = try RoundRequest.variations(try decoder.container(keyedBy: AnyCodingKey.self)) }
    }
}
