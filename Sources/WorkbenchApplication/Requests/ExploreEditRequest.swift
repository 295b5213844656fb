import ChartEngine
import ChartRendering
import HTTPServer
import WorkbenchSupport

/// `POST /api/explore/{id}/edits`: `{"values": {...}}`, values of the round's moving parameters a
/// person set by hand and keeps, each checked by its parameter's definition (whether it moves in
/// the round is the route's to say: the request does not know the round).
struct ExploreEditRequest: Decodable {
    let values: [(key: String, value: ParameterValue)]

    init(from decoder: any Decoder) throws {
        let members = try decoder.container(keyedBy: AnyCodingKey.self)
        let expected = "must be an object of the round's parameter values"
        guard let value = try members.member("values", JSONValue.self, expected, schema: DraftChangeRequest.valuesSchema,
                                             "values set by hand and kept; parameters not given keep the team's best's", required: true) else {
            values = []
            if members.requestSchema == nil { throw members.refusal("values", expected) }
            return
        }
        try members.refuseOthers(than: ["values"], "is not a member of an edit (values)")
        guard case .object(let pairs) = value else { throw members.refusal("values", expected) }
        guard !pairs.isEmpty else { throw members.refusal("values", "must name at least one parameter") }
        var checked: [(key: String, value: ParameterValue)] = []
        for (key, json) in pairs {
            let field = "values." + String(key.prefix(40))
            guard let definition = ParameterDefinition.named(key) else { throw KeyedDecodingContainer.refusal(field, "is not a parameter") }
            guard !checked.contains(where: { $0.key == key }) else { throw KeyedDecodingContainer.refusal(field, "is given twice") }
            do { checked.append((key, try ParameterValue.reading(json, as: definition))) } catch {
                throw KeyedDecodingContainer.refusal(field, error.message)
            }
        }
        values = checked
    }
}
