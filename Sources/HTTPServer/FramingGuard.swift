import WorkbenchSupport
import Foundation

/// Refuses requests whose framing is ambiguous: the same `Host`, `Origin` or
/// `Content-Length` sent twice (proxies and servers may read different ones), `Content-Length`
/// beside `Transfer-Encoding`, or a transfer coding this server does not implement. The
/// application adds the headers that say who is asking: sent twice, which one counts is a guess.
package struct FramingGuard: Middleware {
    /// Headers that must come at most once (lower-case; `Content-Length` may repeat one value).
    package let singleHeaders: [String]

    package init(alsoOnce names: [String] = []) {
        singleHeaders = Self.framingHeaders + names.map { $0.lowercased() }
    }

    private static let framingHeaders = ["host", "origin", "content-length"]

    package func refusal(for head: RequestHead) -> HTTPResponse? {
        for name in singleHeaders {
            if let values = head.repeatedHeaders[name], Set(values).count > 1 || name != "content-length" {
                return .error(400, "bad_request", "the \(name.capitalized) header is sent more than once", field: name.capitalized)
            }
        }
        if let coding = head.header("transfer-encoding"), coding.lowercased().trimmingCharacters(in: .whitespaces) != "chunked" {
            return .error(501, "not_implemented", "only the chunked transfer coding is implemented", field: "Transfer-Encoding")
        }
        // Both say where the body ends, and a proxy in front may believe the other one (request smuggling).
        if head.header("transfer-encoding") != nil && head.header("content-length") != nil {
            return .error(400, "bad_request", "a request may give Content-Length or Transfer-Encoding, not both", field: "Transfer-Encoding")
        }
        if let length = head.header("content-length"), !(1...18).contains(length.count) || !length.allSatisfy({ $0.isASCII && $0.isNumber }) {
            return .error(400, "bad_request", "Content-Length must be a decimal number of bytes", field: "Content-Length")
        }
        return nil
    }
}
