import WorkbenchSupport
import Foundation

/// Serves the page's files: from one folder (`serve --public-folder`, for development), or from
/// the files built into the binary. A path is decoded once and refused when it holds `..`, `.`
/// or hidden segments, an encoded slash or backslash, NUL, or leads (through a symlink) outside
/// the folder.
package struct StaticFiles: Sendable {
    /// A built-in file and its entity tag (its SHA-256, fixed for the binary's life).
    struct BuiltInFile: Sendable {
        let bytes: [UInt8]
        let etag: String
    }

    package let root: String  // real path, no trailing slash; empty when built in
    private let builtIn: [String: BuiltInFile]?

    package init(folder: String) {
        let url = URL(fileURLWithPath: folder).standardizedFileURL.resolvingSymlinksInPath()
        root = url.path
        builtIn = nil
    }

    /// The page from `files` (path below the page's folder → bytes), as built into the binary.
    package init(builtIn files: [String: [UInt8]]) {
        root = ""
        builtIn = files.mapValues { BuiltInFile(bytes: $0, etag: "\"" + String(SHA256.hex($0).prefix(32)) + "\"") }
    }

    /// What is served, for people: "the page built into this binary" or "the page in FOLDER".
    package var origin: String { builtIn == nil ? "the page in \(root)" : "the page built into this binary" }
    package var isBuiltIn: Bool { builtIn != nil }

    package static let contentTypes: [String: String] = [
        "html": "text/html; charset=utf-8", "css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8",
        "mjs": "text/javascript; charset=utf-8", "json": "application/json; charset=utf-8", "svg": "image/svg+xml",
        "png": "image/png", "ico": "image/x-icon", "txt": "text/plain; charset=utf-8", "csv": "text/csv; charset=utf-8",
        "woff2": "font/woff2", "webmanifest": "application/manifest+json",
    ]

    package func response(to request: HTTPRequest) -> HTTPResponse? {
        guard request.method == "GET" || request.method == "HEAD" else { return nil }
        guard let relative = safeRelativePath(request.rawPath) else { return nil }
        if let builtIn { return builtInResponse(relative, from: builtIn, request: request) }
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

    /// A built-in file, its folder's index.html for a folder; 304 when the client's copy is current.
    private func builtInResponse(_ relative: String, from files: [String: BuiltInFile], request: HTTPRequest) -> HTTPResponse? {
        let path = files[relative] != nil ? relative : (relative.isEmpty ? "index.html" : relative + "/index.html")
        guard let file = files[path] else { return nil }
        let type = Self.contentTypes[(path as NSString).pathExtension.lowercased()] ?? "application/octet-stream"
        let headers = [("Content-Type", type), ("Cache-Control", "no-cache"), ("ETag", file.etag)]
        if let held = request.header("if-none-match"), held.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == file.etag }) {
            return HTTPResponse(status: 304, headers: headers, body: .bytes([]))
        }
        return HTTPResponse(status: 200, headers: headers, body: .bytes(file.bytes))
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
