import Foundation

// EmbedSourcesTool OUTPUT ROOT PATH…: writes a Swift file declaring `EmbeddedSources.files`,
// every PATH (relative to ROOT) with its bytes in base64. Run by the EmbedEngineSources plugin.
let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    FileHandle.standardError.write(Data("usage: EmbedSourcesTool OUTPUT ROOT PATH…\n".utf8))
    exit(2)
}
let output = arguments[1], root = arguments[2]
var text = "// Generated at build time by the EmbedEngineSources plugin from the repository's files. Do not edit.\n\n"
text += "extension EmbeddedSources {\n    static let encoded: [(path: String, base64: String)] = [\n"
for path in arguments.dropFirst(3) {
    guard let data = FileManager.default.contents(atPath: root + "/" + path) else {
        FileHandle.standardError.write(Data("EmbedSourcesTool: cannot read \(path)\n".utf8))
        exit(1)
    }
    text += "        (\"\(path)\", \"\(data.base64EncodedString())\"),\n"
}
text += "    ]\n}\n"
let new = Data(text.utf8)
// Unchanged output keeps its time stamp, so nothing downstream recompiles for nothing.
if FileManager.default.contents(atPath: output) != new {
    do { try new.write(to: URL(fileURLWithPath: output), options: .atomic) } catch {
        FileHandle.standardError.write(Data("EmbedSourcesTool: cannot write \(output): \(error)\n".utf8))
        exit(1)
    }
}
