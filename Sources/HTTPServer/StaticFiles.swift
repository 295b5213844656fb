import WorkbenchSupport
import Foundation

/// Serves files from one folder. A path is decoded once and refused when it holds `..`, `.`
/// or hidden segments, an encoded slash or backslash, NUL, or leads (through a symlink) outside
/// the folder.
package struct StaticFiles: Sendable {
    package let root: String  // real path, no trailing slash

    package init(folder: String) {
        let url = URL(fileURLWithPath: folder).standardizedFileURL.resolvingSymlinksInPath()
        root = url.path
    }

    package static let contentTypes: [String: String] = [
        "html": "text/html; charset=utf-8", "css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8",
        "mjs": "text/javascript; charset=utf-8", "json": "application/json; charset=utf-8", "svg": "image/svg+xml",
        "png": "image/png", "ico": "image/x-icon", "txt": "text/plain; charset=utf-8", "csv": "text/csv; charset=utf-8",
        "woff2": "font/woff2", "webmanifest": "application/manifest+json",
    ]

    package func response(to request: HTTPRequest) -> HTTPResponse? {
        guard request.method == "GET" || request.method == "HEAD" else { return nil }
        guard let relative = safeRelativePath(request.rawPath) else { return nil }
        let candidate = URL(fileURLWithPath: root + "/" + relative).resolvingSymlinksInPath().path
        guard candidate == root || candidate.hasPrefix(root + "/") else { return nil }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory) else { return nil }
        let path = isDirectory.boolValue ? candidate + "/index.html" : candidate
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let ext = (path as NSString).pathExtension.lowercased()
        let type = Self.contentTypes[ext] ?? "application/octet-stream"
        return HTTPResponse(status: 200, headers: [("Content-Type", type), ("Cache-Control", "no-cache")], body: .bytes([UInt8](data)))
    }

    /// The decoded path below the root, or nil when it is not a plain relative path.
    package func safeRelativePath(_ rawPath: String) -> String? {
        guard rawPath.hasPrefix("/") else { return nil }
        var parts: [String] = []
        for segment in rawPath.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            let lowered = segment.lowercased()
            if lowered.contains("%2f") || lowered.contains("%5c") { return nil }
            guard let decoded = PercentDecoding.decode(segment) else { return nil }
            // No ".", "..", hidden files or backslashes.
            if decoded.hasPrefix(".") || decoded.contains("\\") { return nil }
            if decoded.isEmpty { continue }
            parts.append(decoded)
        }
        return parts.joined(separator: "/")
    }
}
