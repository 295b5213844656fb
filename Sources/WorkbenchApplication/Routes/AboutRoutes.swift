import EmbeddedPage
import HTTPServer
import WorkbenchSupport

/// `GET /api/about`: `{version, commit, page}`: which build this is and which page it serves
/// (the one built in, or a folder under `serve --public-folder`), shown in the page's footer.
struct AboutAnswer: Encodable, DocumentedAnswer {
    let version: String
    let commit: String
    /// "built-in" or "folder".
    let page: String
    /// The folder served, under `--public-folder`; absent when the page is built in.
    let folder: String?

    static var example: AboutAnswer { AboutAnswer(version: "0.13.20", commit: "1a2b3c4d5e6f", page: "folder", folder: "/srv/Public") }
}

struct AboutRoutes: AppRouteGroup {
    let app: AppServices

    func addRoutes(to r: inout Router) {
        r.get("/api/about", "This build's version and commit, and whether the page served is built in or from a folder (--public-folder)",
              answers: [.json("version, commit, page, folder", AboutAnswer.self)]) { _ in
            .answer(AboutAnswer(version: BuildFacts.version, commit: BuildFacts.commit, page: app.staticFiles.isBuiltIn ? "built-in" : "folder",
                                folder: app.staticFiles.isBuiltIn ? nil : app.staticFiles.root))
        }
    }
}
