import ChartEngine
import WorkbenchSupport

extension ParameterDefinition {
    /// The JSON Schema of the parameter's value as a request writes it (query text or JSON).
    package var jsonSchema: JSONValue {
        switch kind {
        case .number(let range, _, _):
            JSONSchema.range(range)
        case .integer(let range, _, let oddOnly) where oddOnly:
            SchemaObject(type: "integer", choices: range.filter { $0 % 2 != 0 }.map { .number(Double($0)) }).json
        case .integer(let range, _, _):
            JSONSchema.range(Double(range.lowerBound)...Double(range.upperBound), integer: true)
        case .color: JSONSchema.pattern("^#[0-9A-Fa-f]{6}$")
        case .choice(let options, _): JSONSchema.enumeration(options)
        case .toggle: JSONSchema.boolean
        case .cubicBezier:
            // x1,y1,x2,y2 with x in 0–1 and y in −5–5 (ParameterDefinition.bezierX/Y), written as a few digits each.
            SchemaObject(type: "string", description: "x1,y1,x2,y2: x in \(ParameterDefinition.bezierX), y in \(ParameterDefinition.bezierY)",
                         pattern: "^(0(\\.[0-9]{1,4})?|1),(-?[0-4](\\.[0-9]{1,4})?|-?5),(0(\\.[0-9]{1,4})?|1),(-?[0-4](\\.[0-9]{1,4})?|-?5)$").json
        }
    }
}
