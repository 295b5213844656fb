import Foundation

// EmbedSourcesTool OUTPUT TYPE ROOT PATH…: writes a Swift file extending TYPE with `encoded`,
// every PATH (relative to ROOT) with its bytes in base64. Run by the EmbedEngineSources plugin
// (TYPE EmbeddedSources) and the EmbedPage plugin (TYPE EmbeddedPage, the files of Public/).
// EmbedSourcesTool --build-facts OUTPUT ROOT: writes `BuildFacts`, what `workbench --version`
// says: ROOT's VERSION file and the commit checked out. Run by the EmbedPage plugin.
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

/// The trimmed text of a file, nil when it cannot be read.
func read(_ url: URL) -> String? {
    (try? String(contentsOf: url, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
}

/// The commit checked out, read from the git folder's files (no git needed; a worktree's `.git`
/// file and packed refs are followed); nil in a copy without git.
func commit(root: URL) -> String? {
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

if arguments.count == 4 && arguments[1] == "--build-facts" {
    let root = URL(fileURLWithPath: arguments[3])
    let text = """
    // Generated at build time by the EmbedPage plugin. Do not edit.

    extension BuildFacts {
        package static let version = \(literal(read(root.appendingPathComponent("VERSION")) ?? "unknown"))
        package static let commit = \(literal(commit(root: root) ?? "unknown"))
    }

    """
    writeIfChanged(text, to: arguments[2])
    exit(0)
}
guard arguments.count >= 4 else {
    FileHandle.standardError.write(Data("usage: EmbedSourcesTool OUTPUT TYPE ROOT PATH… | --build-facts OUTPUT ROOT\n".utf8))
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
