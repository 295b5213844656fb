import ChartEngine
import WorkbenchSupport

/// A parameter value as a file holds it: a number, a string, true or false, or a list of numbers.
extension ParameterValue: Codable {
    /// Reads any of those shapes; a value of another shape throws (the caller names the key).
    public init(from decoder: any Decoder) throws {
        let single = try decoder.singleValueContainer()
        if let flag = try? single.decode(Bool.self) { self = .flag(flag) }
        else if let number = try? single.decode(Double.self) { self = .number(number) }
        else if let text = try? single.decode(String.self) { self = .text(text) }
        else { self = .numbers(try single.decode([Double].self)) }
    }

    public func encode(to encoder: any Encoder) throws {
        var single = encoder.singleValueContainer()
        switch self {
        case .number(let v): try single.encode(v)
        case .text(let s): try single.encode(s)
        case .flag(let b): try single.encode(b)
        case .numbers(let list): try single.encode(list)
        }
    }
}

extension KeyedDecodingContainer where Key == AnyCodingKey {
    /// The value of `key` checked as `definition`'s. `textBezier`: a cubic Bézier may be written
    /// as in a query ("x1,y1,x2,y2") as well as four numbers (a request body, a kept round).
    func parameterValue(_ key: Key, as definition: ParameterDefinition, textBezier: Bool) throws(ParameterError) -> ParameterValue {
        if textBezier, case .cubicBezier = definition.kind, let text = try? decode(String.self, forKey: key) { return try definition.parse(text) }
        guard let value = try? decode(ParameterValue.self, forKey: key) else {
            throw ParameterError(field: key.stringValue, message: "must be \(definition.typeName)")
        }
        return try definition.validate(value)
    }
}

/// A style kept as an object of parameter values, read forgivingly: a key this version does not
/// know, or a value it no longer takes, keeps its default (a round kept by an older version).
struct KeptStyle: Codable {
    let style: ChartStyle

    init(_ style: ChartStyle) { self.style = style }

    init(from decoder: any Decoder) {
        var style = ChartStyle()
        if let members = try? decoder.container(keyedBy: AnyCodingKey.self) {
            for key in members.allKeys {
                guard let definition = ParameterDefinition.named(key.stringValue),
                      let value = try? members.parameterValue(key, as: definition, textBezier: true) else { continue }
                try? style.set(key.stringValue, value)
            }
        }
        self.style = style
    }

    /// Every parameter, in definition order.
    func encode(to encoder: any Encoder) throws {
        try OrderedMembers(style.values.map { ($0.key, $0.value) }).encode(to: encoder)
    }
}
