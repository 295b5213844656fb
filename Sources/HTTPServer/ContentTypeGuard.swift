import WorkbenchSupport
/// A write must carry the media type its route reads (JSON, or CSV for the data upload), or
/// it gets 415 before its body is read. A cross-site page can only send "simple" bodies
/// (`text/plain`, forms) without asking first, so none of them can reach a handler.
package struct ContentTypeGuard: Middleware {
    package init() {}


    package func refusal(for head: RequestHead) -> HTTPResponse? {
        guard HostOriginGuard.writeMethods.contains(head.method), let route = head.route.route else { return nil }
        let sent = head.header("content-type")
        let hasBody = head.header("transfer-encoding") != nil || (head.header("content-length").map { $0 != "0" } ?? false)
        if let expected = route.body {
            guard MediaType(contentType: sent) == expected else {
                return .error(415, "unsupported_media_type", "send the body as \(expected.rawValue)", field: "Content-Type")
            }
        } else if hasBody || sent != nil, MediaType(contentType: sent) != .json {
            // Routes without a body still refuse a non-JSON one.
            return .error(415, "unsupported_media_type", "this request takes no body (or an empty JSON one)", field: "Content-Type")
        }
        return nil
    }
}
