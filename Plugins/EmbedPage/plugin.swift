import Foundation
import PackagePlugin

/// Embeds the page (every file under Public/), the starter presets (Presets/*.json) and the build's facts (the version in VERSION,
/// the git commit) into the EmbeddedPage module at build time, so one `workbench` binary copied
/// anywhere serves the whole page and says what it is. A changed file reruns its command; the
/// commit is read when the facts' command runs, which reruns whenever HEAD moves (its reflog is an
/// input): SwiftPM does not plan a build again, nor run this plugin, when no source changed.
@main
struct EmbedPage: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        let folder = root.appendingPathComponent("Public")
        var relative: [String] = []
        if let walker = FileManager.default.enumerator(atPath: folder.path) {
            for case let path as String in walker {
                var isDirectory: ObjCBool = false
                let full = folder.appendingPathComponent(path).path
                // Hidden files (editor swap files, .DS_Store) are never served, so never embedded.
                guard !path.split(separator: "/").contains(where: { $0.hasPrefix(".") }),
                      FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
                relative.append("Public/" + path)
            }
        }
        // The starter presets a new team folder begins with (Presets/*.json, as the repository ships them).
        let presets = root.appendingPathComponent("Presets")
        for name in (try? FileManager.default.contentsOfDirectory(atPath: presets.path)) ?? [] where !name.hasPrefix(".") && name.hasSuffix(".json") {
            relative.append("Presets/" + name)
        }
        relative.sort()
        let tool = try context.tool(named: "EmbedSourcesTool").url
        let pageOutput = context.pluginWorkDirectoryURL.appendingPathComponent("EmbeddedPageFiles.swift")
        let factsOutput = context.pluginWorkDirectoryURL.appendingPathComponent("BuildFactsValues.swift")
        let versionFile = root.appendingPathComponent("VERSION")
        return [
            .buildCommand(
                displayName: "Embedding \(relative.count) page files from Public and starter presets",
                executable: tool,
                arguments: [pageOutput.path, "EmbeddedPage", root.path] + relative,
                inputFiles: relative.map { root.appendingPathComponent($0) },
                outputFiles: [pageOutput]
            ),
            .buildCommand(
                displayName: "Embedding the version and commit",
                executable: tool,
                arguments: ["--build-facts", factsOutput.path, root.path],
                inputFiles: [versionFile] + Self.headFiles(root: root),
                outputFiles: [factsOutput]
            ),
        ]
    }

    /// The files that change whenever the commit checked out does: HEAD and its reflog (every
    /// commit, checkout and reset appends to it); none in a copy without git.
    static func headFiles(root: URL) -> [URL] {
        var gitFolder = root.appendingPathComponent(".git")
        if let pointer = try? String(contentsOf: gitFolder, encoding: .utf8), pointer.hasPrefix("gitdir: ") {
            let path = pointer.dropFirst("gitdir: ".count).trimmingCharacters(in: .whitespacesAndNewlines)
            gitFolder = path.hasPrefix("/") ? URL(fileURLWithPath: path) : root.appendingPathComponent(path)
        }
        return ["HEAD", "logs/HEAD"].map { gitFolder.appendingPathComponent($0) }.filter { FileManager.default.fileExists(atPath: $0.path) }
    }
}
