import WorkbenchSupport
import WorkbenchStores
import ChartEngine
import Foundation

/// `workbench export --format ios|android`: a folder (or a .zip) ready to hand to the engineer
/// who ships the chart: the engine, the preset's style value, motion in the platform's terms,
/// `vectors.json` and a README in their words.
package struct HandoffBundle {
    package init(preset: Preset, platform: Platform, provenance: Provenance? = nil) {
        self.preset = preset
        self.platform = platform
        self.provenance = provenance
    }

    package enum Platform: String, CaseIterable, Sendable {
        case ios, android

        /// One line for the export dialog: what the format is for and what the receiver does next.
        package var purpose: String {
            switch self {
            case .ios: "Give the iOS bundle to the iOS engineer: it contains the ChartEngine package, the SwiftUI ChartView, the preset's style and motion files, and vectors.json to check in a unit test."
            case .android: "Give the Android bundle to the Android engineer: it contains the Kotlin engine, the Compose adapter, the preset's style and motion files, and vectors.json with a conformance check."
            }
        }
    }

    package struct File {
        package let path: String
        package let contents: [UInt8]
    }

    package let preset: Preset
    package let platform: Platform
    /// Where the preset came from; written to `PROVENANCE.json` with every file's SHA-256.
    package var provenance: Provenance? = nil

    package var folderName: String { "chart-" + CodeName.identifier(preset.name, upperFirst: false) + "-" + platform.rawValue }

    package func files() throws -> [File] {
        var files: [File] = []
        func add(_ path: String, _ text: String) { files.append(File(path: path, contents: Array(text.utf8))) }
        add("vectors.json", ConformanceVectors.json(for: preset).serialized(pretty: false) + "\n")
        if let general = EmbeddedSources.files["docs/handoff.md"] { add("HANDOFF.md", guide(String(decoding: general, as: UTF8.self))) }
        let motion = MotionExport(style: preset.style)
        add("motion.json", motion.json(presetName: preset.name).serialized(pretty: true) + "\n")
        switch platform {
        case .ios:
            add("ChartStyle+\(CodeName.identifier(preset.name, upperFirst: true)).swift", SwiftEngineExport(preset: preset).text)
            add("ChartMotion+\(CodeName.identifier(preset.name, upperFirst: true)).swift", Self.swiftMotion(preset, motion))
            for (path, contents) in try Self.tree("Sources/ChartEngine", extension: "swift") {
                files.append(File(path: "ChartEngine/Sources/ChartEngine/" + path, contents: contents))
            }
            for (path, contents) in try Self.tree("iOS/ChartSwiftUI", extension: "swift") {
                files.append(File(path: "ChartSwiftUI/" + path, contents: contents))
            }
            add("README.md", iosReadme(motion))
            // The style target is the folder itself: everything else in it is excluded by name.
            let others = Set(files.map { String($0.path.split(separator: "/")[0]) }).subtracting(swiftStyleSources)
            add("Package.swift", swiftPackage(excluding: others.union(provenance == nil ? [] : [Self.provenanceFile]).sorted()))
        case .android:
            let engine = "Android/chart-engine/src/main/kotlin/com/chartworkbench/engine"
            for (path, contents) in try Self.tree(engine, extension: "kt") where path != "Parameters/ChartStyle.kt" {
                files.append(File(path: "chart-engine/src/main/kotlin/com/chartworkbench/engine/" + path, contents: contents))
            }
            // The conformance runner is a test source set: the receiver runs the vectors, the app does not ship it.
            let conformance = "Android/chart-engine/src/test/kotlin/com/chartworkbench/engine"
            for (path, contents) in try Self.tree(conformance, extension: "kt") {
                files.append(File(path: "chart-engine/src/test/kotlin/com/chartworkbench/engine/" + path, contents: contents))
            }
            add("chart-engine/src/main/kotlin/com/chartworkbench/engine/Parameters/ChartStyle.kt", KotlinEngineStyle.source)
            add("chart-engine/src/main/kotlin/com/chartworkbench/engine/ChartPresets.kt", KotlinEngineStyle.presetValue(preset))
            let compose = "Android/chart-compose/src/main/kotlin/com/chartworkbench/compose"
            for (path, contents) in try Self.tree(compose, extension: "kt") {
                files.append(File(path: "chart-compose/src/main/kotlin/com/chartworkbench/compose/" + path, contents: contents))
            }
            add("chart-compose/src/main/kotlin/com/chartworkbench/compose/ChartMotion.kt", Self.kotlinMotion(preset, motion))
            add("build.gradle.kts", gradleModule)
            add("AndroidManifest.xml", Self.androidManifest)
            add("README.md", androidReadme(motion))
        }
        if let provenance {
            let listed = JSONValue.object(files.sorted { $0.path < $1.path }.map { ($0.path, .string(SHA256.hex($0.contents))) })
            let manifest = provenance.signedBlock(export: platform.rawValue, content: [("files", listed)])
            add(Self.provenanceFile, manifest.serialized(pretty: true) + "\n")
        }
        return files.sorted { $0.path < $1.path }
    }

    /// The bundle's provenance: the preset, revision, status, approvers, parameters' SHA-256 and
    /// every other file's SHA-256, signed (`Provenance.signedBlock`; `workbench verify FOLDER` checks them).
    package static let provenanceFile = "PROVENANCE.json"

    package func write(to folder: String) throws {
        for file in try files() {
            let url = URL(fileURLWithPath: folder).appendingPathComponent(file.path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(file.contents).write(to: url, options: .atomic)
        }
    }

    package func zip() throws -> [UInt8] {
        var archive = ZipArchive()
        for file in try files() { archive.add(path: folderName + "/" + file.path, contents: file.contents) }
        return archive.data
    }

    /// Relative paths and contents of the embedded files with `extension` under the
    /// repository-relative `folder`, sorted.
    package static func tree(_ folder: String, extension ext: String) throws -> [(String, [UInt8])] {
        let files = EmbeddedSources.tree(folder, extension: ext)
        guard !files.isEmpty else { throw SourcesMissing("this workbench binary was built without the files of \(folder)") }
        return files
    }

    /// The engine sources a bundle copies are missing from the binary.
    package struct SourcesMissing: Error, CustomStringConvertible {
        package let description: String
        package init(_ description: String) { self.description = description }
    }


    /// The general guide (docs/handoff.md) with its example preset's names replaced by this
    /// bundle's own: the commands, the style file and the style value it tells the engineer to use.
    package func guide(_ text: String) -> String {
        let type = CodeName.identifier(preset.name, upperFirst: true)
        let value = CodeName.valueName(preset.name)
        // The name is left out of the HTML comment, which a `-->` in it would end.
        return "<!-- The guide for this bundle: its files and style value are named below. -->\n"
            + text.replacingOccurrences(of: "--preset \"Designer's favourite\"", with: "--preset \(CodeString.shellWord(preset.name))")
                .replacingOccurrences(of: "chart-designersFavourite-", with: "chart-\(CodeName.identifier(preset.name, upperFirst: false))-")
                .replacingOccurrences(of: "ChartDesignersFavourite", with: swiftProductName)
                .replacingOccurrences(of: "com.chartworkbench.chart.designersfavourite", with: androidNamespace)
                .replacingOccurrences(of: "ChartStyle+DesignersFavourite.swift", with: "ChartStyle+\(type).swift")
                .replacingOccurrences(of: "ChartMotion+DesignersFavourite.swift", with: "ChartMotion+\(type).swift")
                .replacingOccurrences(of: "style: .designersFavourite", with: "style: .\(value)")
                .replacingOccurrences(of: "ChartPresets.designersFavourite", with: "ChartPresets.\(value)")
                .replacingOccurrences(of: ".designersFavourite", with: ".\(value)")
    }
}
