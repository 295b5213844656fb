import ChartEngine

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
