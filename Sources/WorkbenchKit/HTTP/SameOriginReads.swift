/// Reads a route marks `sameOriginOnly` are answered only to the workbench's own pages: a
/// browser names a cross-site request in `Sec-Fetch-Site` (an `<img>` from another site sends
/// `cross-site` and no `Origin`), and an `Origin` must be one this server serves. Programs that
/// send neither header are not browsers and may read.
struct SameOriginReads: Middleware {
    let router: Router
    let origins: HostOriginGuard

    func refusal(for head: RequestHead) -> HTTPResponse? {
        guard head.method == "GET" || head.method == "HEAD",
              router.route(method: head.method, rawPath: head.rawPath)?.sameOriginOnly == true else { return nil }
        if let origin = head.header("origin"), !origins.isAllowed(origin: origin) {
            return .error(403, "cross_site", "this is answered only to the workbench's own page", field: "Origin")
        }
        if let site = head.header("sec-fetch-site"), site != "same-origin" && site != "none" {
            return .error(403, "cross_site", "this is answered only to the workbench's own page", field: "Sec-Fetch-Site")
        }
        return nil
    }
}
