import Foundation

/// The repository files a handoff bundle ships (engines, SwiftUI view, Compose adapter, the
/// general guide), embedded in the binary at build time by the EmbedEngineSources plugin
/// (Plugins/EmbedEngineSources): bundles need no repository at run time.
package enum EmbeddedSources {
    /// Repository-relative path → bytes.
    package static let files: [String: [UInt8]] = {
        var out: [String: [UInt8]] = [:]
        for (path, base64) in encoded { out[path] = Data(base64Encoded: base64).map { [UInt8]($0) } ?? [] }
        return out
    }()

    /// The files under `folder` (repository-relative) ending in `.ext`, as paths relative to
    /// `folder` with their bytes, sorted by path.
    package static func tree(_ folder: String, extension ext: String) -> [(String, [UInt8])] {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return files.filter { $0.key.hasPrefix(prefix) && $0.key.hasSuffix("." + ext) }
            .map { (String($0.key.dropFirst(prefix.count)), $0.value) }
            .sorted { $0.0 < $1.0 }
    }
}
