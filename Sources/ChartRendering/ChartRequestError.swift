import ChartEngine

/// A chart request refused, naming its field. Each edge says it its own way: the API as a 400
/// with the field, the command line as its `--flag`, the render socket as an error line.
package struct ChartRequestError: Error, Equatable, Sendable, CustomStringConvertible {
    package enum Kind: Sendable {
        /// A member that is neither a parameter nor a field of the request.
        case unknownParameter
        /// A parameter's value its definition refuses.
        case invalidParameter
        /// A view or source field of the wrong kind or out of its range.
        case invalidField
    }

    package let kind: Kind
    package let field: String
    package let message: String

    package init(_ kind: Kind, field: String, _ message: String) {
        self.kind = kind
        self.field = field
        self.message = message
    }

    package init(_ error: ParameterError) { self.init(.invalidParameter, field: error.field, error.message) }

    package var description: String { "\(field): \(message)" }
}
