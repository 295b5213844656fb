import Foundation
import PackagePlugin

/// Embeds the page (every file under Public/), the starter presets (Presets/*.json) and the build's facts (the version in VERSION,
/// the git commit) into the EmbeddedPage module at build time, so one `workbench` binary copied
/// anywhere serves the whole page and says what it is. The plugin runs on every build: a new or
/// changed file, or a new commit, changes the command and so rebuilds the embed.
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
        let version = (try? String(contentsOf: versionFile, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "unknown"
        return [
            .buildCommand(
                displayName: "Embedding \(relative.count) page files from Public and starter presets",
                executable: tool,
                arguments: [pageOutput.path, "EmbeddedPage", root.path] + relative,
                inputFiles: relative.map { root.appendingPathComponent($0) },
                outputFiles: [pageOutput]
            ),
            .buildCommand(
                displayName: "Embedding version \(version) and commit",
                executable: tool,
                arguments: ["--build-facts", factsOutput.path, version, Self.commit(root: root) ?? "unknown"],
                inputFiles: [versionFile],
                outputFiles: [factsOutput]
            ),
        ]
    }

    /// The commit checked out, read from the git folder's files (no git needed; a worktree's
    /// `.git` file and packed refs are followed); nil in a copy without git.
    static func commit(root: URL) -> String? {
        func read(_ url: URL) -> String? {
            (try? String(contentsOf: url, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        var gitFolder = root.appendingPathComponent(".git")
        if let pointer = read(gitFolder), pointer.hasPrefix("gitdir: ") {
            let path = String(pointer.dropFirst("gitdir: ".count))
            gitFolder = path.hasPrefix("/") ? URL(fileURLWithPath: path) : root.appendingPathComponent(path)
        }
        guard let head = read(gitFolder.appendingPathComponent("HEAD")) else { return nil }
        guard head.hasPrefix("ref: ") else { return head.isEmpty ? nil : head }
        let ref = String(head.dropFirst("ref: ".count))
        // A worktree keeps its HEAD; the refs live in the common folder.
        var folders = [gitFolder]
        if let common = read(gitFolder.appendingPathComponent("commondir")) {
            folders.append(common.hasPrefix("/") ? URL(fileURLWithPath: common) : gitFolder.appendingPathComponent(common))
        }
        for folder in folders {
            if let loose = read(folder.appendingPathComponent(ref)), !loose.isEmpty { return loose }
            if let packed = read(folder.appendingPathComponent("packed-refs")) {
                for line in packed.split(separator: "\n") where line.hasSuffix(" " + ref) {
                    return String(line.prefix(while: { $0 != " " }))
                }
            }
        }
        return nil
    }
}
