import Foundation
import HTTPServer
import WorkbenchSupport

/// One page of a list that grows (reviews, comments, the log, rounds, revisions): at most
/// `limit` entries and at most `maxBytes` of JSON, so a long history never becomes one huge
/// answer. The answer stays an array; `X-Next-Before` (and a `Link: rel="next"`) say where the
/// next, older page starts when there is one, `X-Total-Count` how many there are in all.
package struct Paging {
    /// The most one answer carries (entries stop before the one that would pass it; one entry always fits).
    package static let maxBytes = 1_000_000

    /// `limit` and `before` as the route documents them.
    package static func query(limitUpTo max: Int, before: JSONValue = OpenAPIDocument.range(1...Double(Int32.max), integer: true)) -> [Router.QueryParameter] {
        [.init("limit", OpenAPIDocument.range(1...Double(max), integer: true), "entries a page, at most \(max)"),
         .init("before", before, "page back: only entries older than this id (the X-Next-Before of the previous page)")]
    }

    /// `newestFirst` entries already filtered by `before`, each with its id: the page, newest
    /// first, and the id to continue from (the oldest kept) when more are left.
    package static func page<Item>(_ newestFirst: [Item], limit: Int, id: (Item) -> String, encode: (Item) -> JSONValue)
        -> (entries: [JSONValue], kept: Int, next: String?) {
        var entries: [JSONValue] = []
        var bytes = 2
        for item in newestFirst.prefix(limit) {
            let json = encode(item)
            let size = json.serialized().utf8.count + 1
            if !entries.isEmpty && bytes + size > maxBytes { break }
            entries.append(json)
            bytes += size
        }
        let next = entries.count < newestFirst.count ? id(newestFirst[entries.count - 1]) : nil
        return (entries, entries.count, next)
    }

    /// The array answer with its paging headers.
    package static func response(_ entries: [JSONValue], total: Int, next: String?, request: RequestContext, limit: Int) -> HTTPResponse {
        var response = HTTPResponse.json(.array(entries)).adding("X-Total-Count", String(total))
        if let next {
            var allowed = CharacterSet.urlQueryAllowed
            allowed.remove(charactersIn: "&=+#")
            func encoded(_ text: String) -> String { text.addingPercentEncoding(withAllowedCharacters: allowed) ?? "" }
            var items = request.query.filter { $0.key != "limit" && $0.key != "before" }.sorted { $0.key < $1.key }.map { "\(encoded($0.key))=\(encoded($0.value))" }
            items += ["limit=\(limit)", "before=\(encoded(next))"]
            let path = request.request.rawPath.split(separator: "?", maxSplits: 1).first.map(String.init) ?? ""
            response = response.adding("X-Next-Before", next).adding("Link", "<\(path)?\(items.joined(separator: "&"))>; rel=\"next\"")
        }
        return response
    }
}
