import ChartEngine
import WorkbenchSupport

/// Parameter values as the JSON trees of request bodies and answers.
extension ParameterValue {
    package var json: JSONValue {
        switch self {
        case .number(let v): .number(v)
        case .text(let s): .string(s)
        case .flag(let b): .bool(b)
        case .numbers(let list): .array(list.map(JSONValue.number))
        }
    }

    /// A JSON value checked as `definition`'s value. A cubic Bézier may be written as in a query
    /// ("x1,y1,x2,y2") as well as four numbers, so the documented text form works in every body.
    package static func reading(_ json: JSONValue, as definition: ParameterDefinition) throws(ParameterError) -> ParameterValue {
        if case .cubicBezier = definition.kind, case .string(let text) = json { return try definition.parse(text) }
        guard let value = ParameterValue(json: json) else { throw ParameterError(field: definition.key, message: "must be \(definition.typeName)") }
        return try definition.validate(value)
    }

    /// The parameter value a JSON value stands for; nil for shapes no parameter takes.
    package init?(json: JSONValue) {
        switch json {
        case .number(let v): self = .number(v)
        case .string(let s): self = .text(s)
        case .bool(let b): self = .flag(b)
        case .array(let items):
            let numbers = items.compactMap(\.numberValue)
            guard numbers.count == items.count else { return nil }
            self = .numbers(numbers)
        default: return nil
        }
    }
}
