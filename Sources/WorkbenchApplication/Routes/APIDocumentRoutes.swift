import HTTPServer
import Synchronization
import WorkbenchSupport

/// The OpenAPI document, derived from the routes themselves once the router holds them all.
final class APIDocument: Sendable {
    private let json = Mutex<JSONValue>(.null)

    func set(_ document: JSONValue) { json.withLock { $0 = document } }
    var document: JSONValue { json.withLock { $0 } }
}

struct APIDocumentRoutes: AppRouteGroup {
    let app: AppServices

    func addRoutes(to r: inout Router) {
        r.get("/api/openapi.json", "This document", answers: [.json("OpenAPI 3")]) { _ in .json(app.apiDocument.document) }
    }
}
