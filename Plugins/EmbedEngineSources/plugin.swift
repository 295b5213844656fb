import Foundation
import PackagePlugin

/// Embeds the files a handoff bundle copies (the Swift engine, the SwiftUI view, the Kotlin
/// engine and Compose adapter, docs/handoff.md) into WorkbenchExports at build time, so a
/// `workbench` binary copied anywhere still writes whole bundles. Every build lists the folders
/// again and rebuilds the embed when any of the files (or the set of files) changed, so a stale
/// embed cannot ship; `EmbeddedSourcesTests` compares the embed with the repository's files too.
@main
struct EmbedEngineSources: BuildToolPlugin {
    /// Repository-relative folders and the file extension embedded from each.
    static let trees: [(folder: String, ext: String)] = [
        ("Sources/ChartEngine", "swift"),
        ("iOS/ChartSwiftUI", "swift"),
        ("Android/chart-engine/src/main/kotlin", "kt"),
        ("Android/chart-engine/src/test/kotlin", "kt"),
        ("Android/chart-compose/src/main/kotlin", "kt"),
    ]
    static let singles = ["docs/handoff.md"]

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        var relative: [String] = []
        for tree in Self.trees {
            let folder = root.appendingPathComponent(tree.folder)
            guard let walker = FileManager.default.enumerator(atPath: folder.path) else { continue }
            for case let path as String in walker where path.hasSuffix("." + tree.ext) {
                relative.append(tree.folder + "/" + path)
            }
        }
        relative += Self.singles
        relative.sort()
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("EmbeddedSourceFiles.swift")
        return [.buildCommand(
            displayName: "Embedding \(relative.count) engine source files for handoff bundles",
            executable: try context.tool(named: "EmbedSourcesTool").url,
            arguments: [output.path, "EmbeddedSources", root.path] + relative,
            inputFiles: relative.map { root.appendingPathComponent($0) },
            outputFiles: [output]
        )]
    }
}
