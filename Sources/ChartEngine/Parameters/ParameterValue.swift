/// A parameter's value as it travels through JSON, query strings and preset files.
public enum ParameterValue: Sendable, Equatable, CustomStringConvertible {
    case number(Double)
    case text(String)
    case flag(Bool)
    case numbers([Double])

    public var description: String {
        switch self {
        case .number(let v): NumberText.shortest(v)
        case .text(let s): s
        case .flag(let b): b ? "true" : "false"
        case .numbers(let list): list.map(NumberText.shortest).joined(separator: ",")
        }
    }
}

/// A rejected parameter, naming the field at fault.
public struct ParameterError: Error, Sendable, Equatable, CustomStringConvertible {
    public let field: String
    public let message: String

    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }

    public var description: String { "\(field): \(message)" }
}
