import ChartEngine
import ChartRendering
import Foundation
import HTTPServer
import PreferenceLearning
import WorkbenchStores
import WorkbenchSupport

/// `POST /api/explore`: the preset a round starts from, the parameters that may move (a key, or
/// `{key, min, max}` narrowing a number's range), who answers, and when it ends.
struct ExploreStartRequest: Decodable {
    let preset: String
    let keys: [String]
    let ranges: [String: ClosedRange<Double>]
    let voters: [String]
    let stableAfter: Int
    let endWhenStable: Bool
    let honesty: Bool
    let seed: UInt64?

    /// The preset alone, read first: a round from a preset that is not there is a 404 whatever
    /// else its body says.
    struct Origin: Decodable {
        let preset: String
        init(from decoder: any Decoder) throws { preset = try ExploreStartRequest.preset(try decoder.container(keyedBy: AnyCodingKey.self)) }
    }

    init(from decoder: any Decoder) throws {
        let members = try decoder.container(keyedBy: AnyCodingKey.self)
        if members.requestSchema != nil {
            // The document's probe reads every member as absent: the two it needs, refused, must not keep the others from being noted.
            _ = try? Self.preset(members)
            _ = try? Self.parameters(members)
            (preset, keys, ranges) = ("", [], [:])
        } else {
            preset = try Self.preset(members)
            (keys, ranges) = try Self.parameters(members)
        }
        voters = try Self.voters(members)
        let stable = ExploreStore.stableRange
        let stableExpected = "must be a whole number from \(stable.lowerBound) to \(stable.upperBound)"
        let stableSchema = JSONSchema.range(Double(stable.lowerBound)...Double(stable.upperBound), integer: true, default: Double(ExploreStore.defaultStableAfter),
                                            description: "The round ends by itself once its best has settled for this many answers, counted after the first \(ExploreRound.Settings().explorationAnswers) far-apart pairs. Settled: \(ExploreRoutes.settledMeans).")
        let after = try members.member("stableAfter", Double.self, stableExpected, schema: stableSchema)
        if let after { guard after.rounded() == after, stable.contains(Int(exactly: after) ?? -1) else { throw members.refusal("stableAfter", stableExpected) } }
        stableAfter = after.map { Int($0) } ?? ExploreStore.defaultStableAfter
        endWhenStable = try members.flag("endWhenStable") ?? true
        honesty = try members.flag("honesty") ?? false
        let seedExpected = "must be a whole number ≥ 0"
        let seed = try members.member("seed", Double.self, seedExpected, schema: JSONSchema.range(0...9_007_199_254_740_991, integer: true))
        if let seed { guard seed.rounded() == seed, seed >= 0, seed <= 9_007_199_254_740_991 else { throw members.refusal("seed", seedExpected) } }
        self.seed = seed.map { UInt64($0) }
    }

    private static func preset(_ members: KeyedDecodingContainer<AnyCodingKey>) throws -> String {
        let name = try members.required("preset", "is required: the preset to start from") {
            try $0.member($1, String.self, "is required: the preset to start from", schema: OpenAPIDocument.presetName, required: true)
        }
        do { return try Preset.validName(name) } catch { throw members.refusal("preset", error.message) }
    }

    /// The keys that may move and the ranges narrowed, each a parameter's, none twice.
    private static func parameters(_ members: KeyedDecodingContainer<AnyCodingKey>) throws -> ([String], [String: ClosedRange<Double>]) {
        let count = ExploreStore.parameterRange
        let expected = "must list \(count.lowerBound) to \(count.upperBound) parameters that may move"
        let numberKeys = ChartStyle.definitions.filter { if case .number = $0.kind { true } else if case .integer = $0.kind { true } else { false } }.map(\.key)
        let item = SchemaObject(oneOf: [JSONSchema.enumeration(ChartStyle.definitions.map(\.key)),
                                        JSONSchema.object([("key", JSONSchema.enumeration(numberKeys)), ("min", JSONSchema.number), ("max", JSONSchema.number)],
                                                          required: ["key"])])
        let schema = SchemaObject(type: "array", minItems: count.lowerBound, maxItems: count.upperBound, items: item.json)
        guard let items = try members.member("parameters", [JSONValue].self, expected, schema: schema.json, required: true), count.contains(items.count) else {
            throw members.refusal("parameters", expected)
        }
        var keys: [String] = [], ranges: [String: ClosedRange<Double>] = [:]
        for (i, item) in items.enumerated() {
            let field = "parameters[\(i)]"
            let key: String?
            var lo: Double?, hi: Double?
            switch item {
            case .string(let s): key = s
            case .object:
                key = item["key"]?.stringValue
                for member in item.objectPairs ?? [] where !["key", "min", "max"].contains(member.0) {
                    throw KeyedDecodingContainer.refusal(field, "has an unknown member \"\(member.0.prefix(40))\"")
                }
                if let v = item["min"] { guard let n = v.numberValue, n.isFinite else { throw KeyedDecodingContainer.refusal(field + ".min", "must be a number") }; lo = n }
                if let v = item["max"] { guard let n = v.numberValue, n.isFinite else { throw KeyedDecodingContainer.refusal(field + ".max", "must be a number") }; hi = n }
            default: key = nil
            }
            guard let key, let definition = ParameterDefinition.named(key) else { throw KeyedDecodingContainer.refusal(field, "must name a parameter") }
            guard !keys.contains(key) else { throw KeyedDecodingContainer.refusal(field, "names \"\(key)\" twice") }
            if lo != nil || hi != nil {
                let full: ClosedRange<Double>
                switch definition.kind {
                case .number(let range, _, _): full = range
                case .integer(let range, _, _): full = Double(range.lowerBound)...Double(range.upperBound)
                default: throw KeyedDecodingContainer.refusal(field, "only numbers take a range")
                }
                let a = lo ?? full.lowerBound, b = hi ?? full.upperBound
                guard full.contains(a), full.contains(b), a <= b else {
                    throw KeyedDecodingContainer.refusal(field, "must lie within \(NumberText.shortest(full.lowerBound))…\(NumberText.shortest(full.upperBound)), min ≤ max")
                }
                ranges[key] = a...b
            }
            keys.append(key)
        }
        let space: ChartParameterSpace
        do { space = try ChartParameterSpace(keys: keys, ranges: ranges) } catch { throw members.refusal("parameters", "a range holds no valid value") }
        if let key = space.unmovingKeys.first, let i = keys.firstIndex(of: key) {
            throw KeyedDecodingContainer.refusal("parameters[\(i)]", "holds one value on the slider's grid, so \(key) could not move: widen it")
        }
        return (keys, ranges)
    }

    /// The people who answer, each once; none: anyone may.
    private static func voters(_ members: KeyedDecodingContainer<AnyCodingKey>) throws -> [String] {
        let expected = "must be a list of at most \(ExploreStore.voterLimit) names"
        let schema = SchemaObject(type: "array", maxItems: ExploreStore.voterLimit, items: JSONSchema.text(1...Authorship.maxLength, pattern: "\\S"))
        guard let names = try members.member("voters", [JSONValue].self, expected, schema: schema.json) else { return [] }
        guard names.count <= ExploreStore.voterLimit else { throw members.refusal("voters", expected) }
        var voters: [String] = []
        for (i, n) in names.enumerated() {
            guard let s = n.stringValue?.trimmingCharacters(in: .whitespaces), (1...Authorship.maxLength).contains(s.count) else {
                throw KeyedDecodingContainer.refusal("voters[\(i)]", "must be a name of 1 to \(Authorship.maxLength) characters")
            }
            if !voters.contains(s) { voters.append(s) }
        }
        return voters
    }
}
