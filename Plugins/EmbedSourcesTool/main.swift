import Foundation

// EmbedSourcesTool OUTPUT TYPE ROOT PATH…: writes a Swift file extending TYPE with `encoded`,
// every PATH (relative to ROOT) with its bytes in base64. Run by the EmbedEngineSources plugin
// (TYPE EmbeddedSources) and the EmbedPage plugin (TYPE EmbeddedPage, the files of Public/).
// EmbedSourcesTool --build-facts OUTPUT VERSION COMMIT: writes `BuildFacts`, what
// `workbench --version` says. Run by the EmbedPage plugin.
let arguments = CommandLine.arguments

/// Writes `text` to `path` only when it changed: an unchanged output keeps its time stamp, so
/// nothing downstream recompiles for nothing.
func writeIfChanged(_ text: String, to path: String) {
    let new = Data(text.utf8)
    guard FileManager.default.contents(atPath: path) != new else { return }
    do { try new.write(to: URL(fileURLWithPath: path), options: .atomic) } catch {
        FileHandle.standardError.write(Data("EmbedSourcesTool: cannot write \(path): \(error)\n".utf8))
        exit(1)
    }
}

/// A Swift string literal of `text` (quotes and backslashes escaped, nothing else expected).
func literal(_ text: String) -> String {
    "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
}

if arguments.count == 5 && arguments[1] == "--build-facts" {
    let text = """
    // Generated at build time by the EmbedPage plugin. Do not edit.

    extension BuildFacts {
        package static let version = \(literal(arguments[3]))
        package static let commit = \(literal(arguments[4]))
    }

    """
    writeIfChanged(text, to: arguments[2])
    exit(0)
}
guard arguments.count >= 4 else {
    FileHandle.standardError.write(Data("usage: EmbedSourcesTool OUTPUT TYPE ROOT PATH… | --build-facts OUTPUT VERSION COMMIT\n".utf8))
    exit(2)
}
let output = arguments[1], type = arguments[2], root = arguments[3]
var text = "// Generated at build time by a plugin from the repository's files. Do not edit.\n\n"
text += "extension \(type) {\n    static let encoded: [(path: String, base64: String)] = [\n"
for path in arguments.dropFirst(4) {
    guard let data = FileManager.default.contents(atPath: root + "/" + path) else {
        FileHandle.standardError.write(Data("EmbedSourcesTool: cannot read \(path)\n".utf8))
        exit(1)
    }
    text += "        (\(literal(path)), \"\(data.base64EncodedString())\"),\n"
}
text += "    ]\n}\n"
writeIfChanged(text, to: output)
