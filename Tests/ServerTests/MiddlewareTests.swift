import Testing
@testable import HTTPServer
@testable import WorkbenchApplication
@testable import WorkbenchCLI
@testable import WorkbenchStores
@testable import WorkbenchSupport

private func head(_ method: String = "GET", _ path: String = "/api/schema", _ headers: [String: String] = [:],
                  repeated: [String: [String]] = [:]) -> RequestHead {
    RequestHead(method: method, rawPath: path, headers: headers, repeatedHeaders: repeated)
}

@Suite struct HostOriginGuardTests {
    let guard_ = HostOriginGuard(boundHost: "127.0.0.1", port: 8080, interfaceAddresses: { [] })

    @Test func hostMustNameThisServer() {
        #expect(guard_.isAllowed(hostHeader: "127.0.0.1:8080"))
        #expect(guard_.isAllowed(hostHeader: "LOCALHOST:8080"))
        #expect(guard_.isAllowed(hostHeader: "localhost"))
        #expect(!guard_.isAllowed(hostHeader: "127.0.0.1:8081"))
        #expect(!guard_.isAllowed(hostHeader: "evil.example:8080"))
        #expect(!guard_.isAllowed(hostHeader: "localhost.evil.example"))
        #expect(!guard_.isAllowed(hostHeader: "127.0.0.1:99999999999999999999999"))
        #expect(!guard_.isAllowed(hostHeader: "127.0.0.1:+80"))
    }

    @Test func originNeedsSchemeHostAndPort() {
        #expect(guard_.isAllowed(origin: "http://127.0.0.1:8080"))
        #expect(guard_.isAllowed(origin: "http://localhost:8080"))
        #expect(!guard_.isAllowed(origin: "http://127.0.0.1"))        // port 80: another origin
        #expect(!guard_.isAllowed(origin: "http://localhost"))
        #expect(!guard_.isAllowed(origin: "https://127.0.0.1:8080"))
        #expect(!guard_.isAllowed(origin: "http://127.0.0.1:8080/x"))
        #expect(!guard_.isAllowed(origin: "null"))
        #expect(!guard_.isAllowed(origin: "http://user@127.0.0.1:8080"))
    }

    @Test func wildcardBindServesItsInterfacesNotEveryIP() {
        let wildcard = HostOriginGuard(boundHost: "0.0.0.0", port: 8080, interfaceAddresses: { ["127.0.0.1", "192.168.1.20", "fe80::1"] })
        #expect(wildcard.isAllowed(origin: "http://192.168.1.20:8080"))
        #expect(wildcard.isAllowed(origin: "http://[fe80::1]:8080"))
        #expect(!wildcard.isAllowed(origin: "http://10.9.8.7:8080"))
        #expect(!wildcard.isAllowed(origin: "http://192.168.1.20"))
        #expect(wildcard.isAllowed(hostHeader: "10.9.8.7:8080"))   // a Host may be any IP literal: rebinding needs a name
        #expect(!wildcard.isAllowed(hostHeader: "evil.example:8080"))
    }

    @Test func refusesForeignWritesButNotReads() {
        #expect(guard_.refusal(for: head("GET", "/api/schema", ["host": "localhost:8080", "origin": "http://evil.example"])) == nil)
        #expect(guard_.refusal(for: head("POST", "/api/data", ["host": "localhost:8080", "origin": "http://127.0.0.1"]))?.status == 403)
        #expect(guard_.refusal(for: head("POST", "/api/data", ["host": "localhost:8080", "sec-fetch-site": "cross-site"]))?.status == 403)
        #expect(guard_.refusal(for: head("POST", "/api/data", ["host": "localhost:8080", "origin": "http://localhost:8080"])) == nil)
        #expect(guard_.refusal(for: head("GET", "/", ["host": "evil.example"]))?.status == 421)
        #expect(guard_.refusal(for: head("GET", "/", [:]))?.status == 421)
    }
}

@Suite struct FramingGuardTests {
    @Test func repeatedHostOriginAndDifferingLengthsAreRefused() {
        let framing = FramingGuard()
        #expect(framing.refusal(for: head(repeated: ["host": ["a", "b"]]))?.status == 400)
        #expect(framing.refusal(for: head(repeated: ["origin": ["x", "x"]]))?.status == 400)
        #expect(framing.refusal(for: head(repeated: ["content-length": ["5", "6"]]))?.status == 400)
        #expect(framing.refusal(for: head("POST", "/api/data", ["content-length": "5"], repeated: ["content-length": ["5", "5"]])) == nil)
        #expect(framing.refusal(for: head("POST", "/api/data", ["content-length": "-1"]))?.status == 400)
        #expect(framing.refusal(for: head("POST", "/api/data", ["content-length": "99999999999999999999"]))?.status == 400)
    }

    @Test func unknownTransferCodingIs501() {
        #expect(FramingGuard().refusal(for: head("POST", "/api/data", ["transfer-encoding": "xchunked"]))?.status == 501)
        #expect(FramingGuard().refusal(for: head("POST", "/api/data", ["transfer-encoding": "gzip, chunked"]))?.status == 501)
        #expect(FramingGuard().refusal(for: head("POST", "/api/data", ["transfer-encoding": "chunked"])) == nil)
    }
}

@Suite struct RouterTests {
    static func router() -> Router {
        var r = Router()
        r.get("/api/items", "list", answers: [.json("items")]) { _ in .json(.string("list")) }
        r.get("/api/items/{name}", "read", answers: [.json("item")]) { .json(.string("read " + $0.pathParameters["name"]!)) }
        r.put("/api/items/{name}", "save", answers: [.json("item")]) { _ in throw HTTPError(409, "conflict", "busy") }
        r.post("/api/items/{name}/upload", "upload", body: .csv, answers: [.json("ok")]) { _ in .json(.null) }
        r.get("/api/stream", "stream", answers: [.eventStream(["hello"])]) { _ in HTTPResponse(status: 200, body: .stream(EventStream())) }
        return r
    }

    func respond(_ method: String, _ path: String, headers: [String: String] = [:]) -> HTTPResponse? {
        let router = Self.router()
        var request = HTTPRequest(method: method, rawPath: path, query: [:], headers: headers, body: [])
        request.route = router.route(method: method, rawPath: path)
        return router.response(to: RequestContext(request: request))
    }

    /// A head as the server sees it once its route is resolved.
    func routed(_ head: RequestHead) -> RequestHead {
        var head = head
        head.route = Self.router().route(method: head.method, rawPath: head.rawPath)
        return head
    }

    func text(_ response: HTTPResponse?) -> String? {
        guard case .bytes(let bytes)? = response?.body else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func matchesMethodAndDecodesPathParameters() {
        #expect(text(respond("GET", "/api/items")) == "\"list\"")
        #expect(text(respond("GET", "/api/items/caf%C3%A9")) == "\"read café\"")
        #expect(respond("GET", "/api/items/%FF")?.status == 400)
        #expect(respond("GET", "/api/nothing") == nil)
        #expect(respond("GET", "/api/items/") == nil)
    }

    @Test func wrongMethodIs405WithAllow() {
        let response = respond("DELETE", "/api/items/x")
        #expect(response?.status == 405)
        #expect(response?.headers.contains { $0.0 == "Allow" && $0.1 == "GET, PUT, HEAD" } == true)
    }

    @Test func thrownErrorsBecomeTheirResponses() {
        #expect(respond("PUT", "/api/items/x")?.status == 409)
    }

    @Test func headOfAStreamHasNoBody() {
        let response = respond("HEAD", "/api/stream")
        #expect(response?.status == 200)
        #expect(text(response) == "")
    }

    @Test func contentTypeGuardReadsTheRouteTable() {
        let guard_ = ContentTypeGuard()
        #expect(guard_.refusal(for: routed(head("POST", "/api/items/x/upload", ["content-type": "text/plain", "content-length": "3"])))?.status == 415)
        #expect(guard_.refusal(for: routed(head("POST", "/api/items/x/upload", ["content-type": "text/csv; charset=utf-8"]))) == nil)
        #expect(guard_.refusal(for: routed(head("PUT", "/api/items/x", [:])))?.status == 415)
        #expect(guard_.refusal(for: routed(head("PUT", "/api/items/x", ["content-type": "application/x-www-form-urlencoded"])))?.status == 415)
        #expect(guard_.refusal(for: routed(head("PUT", "/api/items/x", ["content-type": "application/json"]))) == nil)
        #expect(guard_.refusal(for: routed(head("GET", "/api/items", ["content-type": "text/plain"]))) == nil)
    }
}

@Suite struct MiddlewareChainTests {
    struct Refuse: Middleware {
        func refusal(for head: RequestHead) -> HTTPResponse? { head.rawPath == "/no" ? .error(401, "token", "no") : nil }
    }

    @Test func refusalsAndErrorsStillPassOutThroughEarlierStages() throws {
        let people = try PeopleStore(database: SQLiteDatabase.inMemory())
        let chain = MiddlewareChain(middlewares: [SecurityHeaders(), Refuse(), Authorship(people: people)]) { context in
            if context.request.rawPath == "/fail" { throw HTTPError.badRequest("bad") }
            return .json(.string(context.author.user))
        }
        let refusal = chain.refusal(for: head("GET", "/no"))
        #expect(refusal?.status == 401)
        #expect(refusal?.headers.contains { $0.0 == "X-Frame-Options" } == true)
        let failed = chain.respond(to: RequestContext(request: HTTPRequest(method: "GET", rawPath: "/fail", query: [:], headers: [:], body: [])))
        #expect(failed.status == 400)
        #expect(failed.headers.contains { $0.0 == "X-Content-Type-Options" })
    }

    /// The author is the person whose secret the request carries; name headers decide nothing.
    @Test func theAuthorIsThePersonOfTheSecret() throws {
        let people = try PeopleStore(database: SQLiteDatabase.inMemory())
        let (_, secret) = try people.create(name: "Zoë", role: .editor)
        let chain = MiddlewareChain(middlewares: [Authorship(people: people)]) { .json(.string($0.author.user + "|" + $0.author.client)) }
        // A request that reaches a handler (one that reaches none is 405/404 for anyone, asked of nobody).
        var router = Router()
        router.get("/api/presets/{name}", "read", answers: [.json("preset")]) { _ in .json(.null) }
        router.put("/api/presets/{name}", "save", answers: [.json("preset")]) { _ in .json(.null) }
        func send(_ method: String, _ headers: [String: String], query: [String: String] = [:]) -> HTTPResponse {
            var request = HTTPRequest(method: method, rawPath: "/api/presets/x", query: query, headers: headers, body: [])
            request.route = router.route(method: method, rawPath: request.rawPath)
            return chain.respond(to: RequestContext(request: request))
        }
        let spoofed = send("PUT", ["x-workbench-secret": secret, "x-workbench-user": "Ben", "x-workbench-client": "c1%0A" + String(repeating: "a", count: 100)])
        #expect(spoofed.status == 200)
        guard case .bytes(let bytes) = spoofed.body else { Issue.record("no body"); return }
        #expect(String(decoding: bytes, as: UTF8.self).hasPrefix("\"Zoë|c1a"))
        #expect(send("PUT", ["x-workbench-user": "Zoë"]).status == 401)
        #expect(send("PUT", ["x-workbench-secret": String(repeating: "0", count: 64)]).status == 401)
        #expect(send("GET", [:]).status == 200)
        #expect(send("GET", [:], query: ["secret": secret]).status == 200)
        _ = try people.revoke("Zoë")
        #expect(send("GET", ["x-workbench-secret": secret]).status == 401)
    }

    @Test func jsonBodyIsParsedOnceOrRefused() throws {
        let body = JSONBody()
        func run(_ text: String) -> (HTTPResponse?, JSONValue?) {
            nonisolated(unsafe) var seen: JSONValue?
            let context = RequestContext(request: HTTPRequest(method: "POST", rawPath: "/", query: [:], headers: ["content-type": "application/json"],
                                                              body: Array(text.utf8)))
            let response = try? body.respond(to: context) { seen = $0.json; return .json(.null) }
            return (response, seen)
        }
        #expect(run("{\"a\": 1}").1 == .object([("a", .number(1))]))
        #expect(throws: HTTPError.self) {
            _ = try body.respond(to: RequestContext(request: HTTPRequest(method: "POST", rawPath: "/", query: [:],
                                                                         headers: ["content-type": "application/json"], body: Array("{".utf8)))) { _ in .json(.null) }
        }
    }
}

@Suite struct WebSocketHandshakeTests {
    @Test func acceptValueMatchesRFC6455Example() {
        // RFC 6455 section 1.3.
        #expect(WebSocket.acceptValue(for: "dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
    }

    @Test func sha1MatchesKnownDigests() {
        func hex(_ s: String) -> String { SHA1.digest(Array(s.utf8)).map { String($0, radix: 16).leftPadded }.joined() }
        #expect(hex("abc") == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(hex("") == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
        #expect(hex(String(repeating: "a", count: 1000)) == "291e9a6c66994949b57ba5e650361e98fc36b1ba")
    }
}

private extension String {
    var leftPadded: String { count == 1 ? "0" + self : self }
}
