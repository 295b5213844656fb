import Foundation

/// The page (every file under Public/) and the starter presets (Presets/*.json), embedded in the
/// binary at build time by the EmbedPage plugin (Plugins/EmbedPage): `workbench serve` needs no
/// repository at run time, and a new team folder starts with the presets the repository ships.
package enum EmbeddedPage {
    /// Path below Public/ → bytes.
    package static let files: [String: [UInt8]] = embedded(below: "Public/")

    /// File name → bytes of each starter preset.
    package static let starterPresets: [String: [UInt8]] = embedded(below: "Presets/")

    private static func embedded(below folder: String) -> [String: [UInt8]] {
        var out: [String: [UInt8]] = [:]
        for (path, base64) in encoded where path.hasPrefix(folder) {
            out[String(path.dropFirst(folder.count))] = Data(base64Encoded: base64).map { [UInt8]($0) } ?? []
        }
        return out
    }
}

/// What this build is: the version in the repository's VERSION file and the git commit it was
/// built from ("unknown" when built outside git), embedded by the EmbedPage plugin.
package enum BuildFacts {
    /// `0.13.20 (commit 1a2b3c4d5e6f)`, as `workbench --version` says it.
    package static var description: String {
        "\(version) (commit \(commit == "unknown" ? commit : String(commit.prefix(12))))"
    }
}
