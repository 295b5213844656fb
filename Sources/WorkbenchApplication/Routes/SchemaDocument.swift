import WorkbenchSupport
import HTTPServer
import WorkbenchStores
import WorkbenchExports
import PriceData
import ChartEngine
import ChartRendering

/// `GET /api/schema`: the parameter definitions of ChartEngine, as the page builds its controls.
package enum SchemaDocument {
    package static let json: JSONValue = {
        let parameters: [JSONValue] = ChartStyle.definitions.map { d in
            var pairs: [(String, JSONValue)] = [("key", .string(d.key)), ("label", .string(d.label)), ("group", .string(d.group))]
            switch d.kind {
            case .number(let range, let step, let unit):
                pairs += [("type", .string("number")), ("min", .number(range.lowerBound)), ("max", .number(range.upperBound)),
                          ("step", .number(step)), ("unit", unit.map(JSONValue.string) ?? .null)]
            case .integer(let range, let step, let oddOnly):
                pairs += [("type", .string("integer")), ("min", .number(Double(range.lowerBound))), ("max", .number(Double(range.upperBound))),
                          ("step", .number(Double(step))), ("odd", .bool(oddOnly))]
            case .color: pairs.append(("type", .string("color")))
            case .choice(let options, _):
                pairs += [("type", .string("choice")), ("options", .array(options.map(JSONValue.string))),
                          ("optionLabels", .object(zip(options, d.optionLabels).map { ($0, .string($1)) }))]
            case .toggle: pairs.append(("type", .string("boolean")))
            case .cubicBezier:
                let x = ParameterDefinition.bezierX, y = ParameterDefinition.bezierY
                pairs += [("type", .string("cubicBezier")),
                          ("x", .object([("min", .number(x.lowerBound)), ("max", .number(x.upperBound))])),
                          ("y", .object([("min", .number(y.lowerBound)), ("max", .number(y.upperBound))]))]
            }
            if !d.shortcuts.isEmpty {
                pairs.append(("presets", .array(d.shortcuts.map { shortcut in
                    .object([("name", .string(shortcut.name)), ("label", .string(shortcut.label)),
                             ("values", .object(shortcut.values.map { ($0.key, $0.value.json) }))])
                })))
            }
            pairs.append(("default", d.defaultValue.json))
            pairs.append(("help", .string(d.help)))
            if let condition = d.visibleWhen { pairs.append(("visibleWhen", Self.json(condition))) }
            if let implies = d.legacyImplies {
                pairs.append(("implies", .object([("key", .string(implies.key)), ("value", implies.value.json)])))
            }
            return .object(pairs)
        }
        return .object([
            ("groups", .array(ChartStyle.groups.map(JSONValue.string))),
            ("parameters", .array(parameters)),
            ("periods", .array(Period.allCases.map { .string($0.rawValue) })),
            ("width", .object([("min", .number(ChartDrawing.widthRange.lowerBound)), ("max", .number(ChartDrawing.widthRange.upperBound))])),
            ("height", .object([("min", .number(ChartDrawing.heightRange.lowerBound)), ("max", .number(ChartDrawing.heightRange.upperBound))])),
            ("progress", .object([("min", .number(ChartDrawing.progressRange.lowerBound)), ("max", .number(ChartDrawing.progressRange.upperBound))])),
            // The engine's colour-vision simulations (Machado 2009, severity 1, on linear RGB): the
            // page's "see it as others see it" filters are built from these, written once.
            ("colorVision", .array(ColorVision.allCases.compactMap { vision in
                vision.matrix.map { .object([("name", .string(vision.rawValue)), ("space", .string("linearRGB")),
                                             ("matrix", .array($0.map(JSONValue.number)))]) }
            })),
            ("backgrounds", .array(ChartBackground.allCases.map {
                .object([("name", .string($0.rawValue)), ("color", .string($0.color)), ("text", .string($0.text))])
            })),
        ])
    }()
}

extension SchemaDocument {
    /// `{keys, values, also?}`: shown while one of `keys` has one of `values` and every `also` holds.
    static func json(_ condition: ParameterDefinition.Condition) -> JSONValue {
        var pairs: [(String, JSONValue)] = [("keys", .array(condition.keys.map(JSONValue.string))),
                                            ("values", .array(condition.values.map(JSONValue.string)))]
        if !condition.also.isEmpty { pairs.append(("also", .array(condition.also.map(json)))) }
        return .object(pairs)
    }
}
