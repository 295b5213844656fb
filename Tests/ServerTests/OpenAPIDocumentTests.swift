import Testing
@testable import WorkbenchApplication
@testable import WorkbenchSupport

@Suite struct OpenAPIDocumentTests {
    /// The document the server serves for the route table of `RouterTests`.
    let document = OpenAPIDocument.json(for: RouterTests.router())

    func operation(_ path: String, _ method: String) -> JSONValue? { document["paths"]?[path]?[method] }

    @Test func everyRouteIsAnOperationAndNothingElse() {
        let router = RouterTests.router()
        for route in router.routes { #expect(operation(route.path, route.method.lowercased()) != nil, "\(route.method) \(route.path)") }
        let count = document["paths"]?.objectPairs?.reduce(0) { $0 + ($1.1.objectPairs?.count ?? 0) }
        #expect(count == router.routes.count)
    }

    @Test func answersCarryTheirMediaTypesAndStatuses() {
        #expect(operation("/api/items", "get")?["responses"]?["200"]?["content"]?["application/json"] != nil)
        #expect(operation("/api/stream", "get")?["responses"]?["200"]?["content"]?["text/event-stream"]?["schema"]?["type"] == .string("object"))
        let upload = operation("/api/items/{name}/upload", "post")
        #expect(upload?["requestBody"]?["content"]?["text/csv"] != nil)
        for status in ["400", "403", "404", "413", "415", "421"] { #expect(upload?["responses"]?[status] != nil, "\(status)") }
        #expect(operation("/api/items", "get")?["responses"]?["415"] == nil)   // reads take no body
        let path = operation("/api/items/{name}", "get")?["parameters"]
        #expect(path == .array([.object([("name", .string("name")), ("in", .string("path")), ("required", .bool(true)),
                                         ("schema", .object([("type", .string("string")), ("minLength", .number(1))]))])]))
    }
}
