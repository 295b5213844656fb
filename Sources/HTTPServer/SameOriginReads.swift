import WorkbenchSupport
/// Reads a route marks `sameOriginOnly` are answered only to the workbench's own pages: a
/// browser names a cross-site request in `Sec-Fetch-Site` (an `<img>` from another site sends
/// `cross-site` and no `Origin`), and an `Origin` must be one this server serves. Programs that
/// send neither header are not browsers and may read.
package struct SameOriginReads: Middleware {
    package let origins: HostOriginGuard

    package init(origins: HostOriginGuard) { self.origins = origins }

    package func refusal(for head: RequestHead) -> HTTPResponse? {
        guard head.method == "GET" || head.method == "HEAD",
              head.route.route?.sameOriginOnly == true else { return nil }
        if let origin = head.header("origin"), !origins.isAllowed(origin: origin) {
            return .error(403, "cross_site", "this is answered only to the workbench's own page", field: "Origin")
        }
        if let site = head.header("sec-fetch-site"), site != "same-origin" && site != "none" {
            return .error(403, "cross_site", "this is answered only to the workbench's own page", field: "Sec-Fetch-Site")
        }
        return nil
    }
}
