import ChartEngine
import ChartRendering
import HTTPServer
import WorkbenchSupport

extension RequestContext {
    /// The query's members as `T`, numbers and booleans read from their text (`?width=390`).
    package func decodeQuery<T: Decodable>(_ type: T.Type) throws(HTTPError) -> T {
        let members = query.keys.sorted().map { ($0, JSONValue.string(query[$0]!)) }
        return try HTTPError.decoding { try JSONValueDecoder(textValues: true).decode(type, from: .object(members)) }
    }

    /// The JSON body as `T`; a request without a body reads as an empty object.
    package func decodeBody<T: Decodable>(_ type: T.Type) throws(HTTPError) -> T {
        let members = try jsonObject()
        return try HTTPError.decoding { try JSONValueDecoder().decode(type, from: .object(members)) }
    }
}

extension HTTPError {
    package init(_ error: ParameterError) { self.init(400, "invalid_parameter", error.message, field: error.field) }

    package init(_ error: ChartRequestError) {
        switch error.kind {
        case .unknownParameter: self.init(400, "unknown_parameter", error.message, field: error.field)
        case .invalidParameter: self.init(400, "invalid_parameter", error.message, field: error.field)
        case .invalidField: self = .badRequest(error.message, field: error.field.isEmpty ? nil : error.field)
        }
    }

    /// A request decoded at the API's edge, its refusal a 400 naming the member.
    package static func decoding<T>(_ decode: () throws -> T) throws(HTTPError) -> T {
        do { return try decode() } catch { throw HTTPError(decoding: error) }
    }

    package init(decoding error: any Error) {
        switch error {
        case let error as HTTPError: self = error
        case let error as ChartRequestError: self.init(error)
        case let error as ParameterError: self.init(error)
        case let error as JSONValueDecoder.Failure: self = .badRequest(error.message, field: error.field.isEmpty ? nil : error.field)
        default: self = .badRequest(String(describing: error))
        }
    }
}
