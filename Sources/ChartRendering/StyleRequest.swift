/// A preset to start from and parameters over it, without a view: what the readability and
/// honesty checks read. A view member is an unknown parameter here.
package struct StyleRequest: Decodable, Sendable {
    package var chart: ChartRequest

    package init(from decoder: any Decoder) throws { try self.init(from: decoder, ignoring: []) }

    package init(from decoder: any Decoder, ignoring: Set<String>) throws {
        chart = try ChartRequest(from: decoder, ignoring: ignoring, fields: [.preset])
    }
}

/// A view without its parameters: a blind round's candidate, whose parameters only the server knows.
package struct ViewRequest: Decodable, Sendable {
    package var chart: ChartRequest

    package init(from decoder: any Decoder) throws {
        chart = try ChartRequest(from: decoder, ignoring: [], fields: ChartRequest.viewFields, parameters: false)
    }
}
