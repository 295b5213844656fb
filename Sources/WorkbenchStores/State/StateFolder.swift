import WorkbenchSupport
import Foundation
import Glibc

/// The workbench's own state for one presets folder, kept outside it: the presets folder is the
/// team's git repository, and what is secret (the signing key) or only this machine's (the
/// signed head of the history's chain) must never be committed there.
///
/// `--state DIR`, or by default `$XDG_STATE_HOME/chart-workbench/<name>-<id>` (XDG's default
/// `~/.local/state`), where the id is the first 16 hex digits of the SHA-256 of the presets
/// folder's resolved path: stable for a folder, distinct between folders.
package struct StateFolder: Sendable {
    package let path: String

    package init(path: String) { self.path = path }

    /// `explicit` (`--state`) when given, else the default for `presetsFolder` (a resolved path).
    package static func resolve(explicit: String?, presetsFolder: String) -> StateFolder {
        if let explicit, !explicit.isEmpty { return StateFolder(path: URL(fileURLWithPath: explicit).standardizedFileURL.path) }
        let environment = ProcessInfo.processInfo.environment
        let base = environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/state"
        let name = (presetsFolder as NSString).lastPathComponent.filter { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
        let id = SHA256.hex(presetsFolder).prefix(16)
        return StateFolder(path: base + "/chart-workbench/" + String(name.prefix(40)) + (name.isEmpty ? "" : "-") + id)
    }

    /// Makes the folder (mode 0700: only its owner reads the key) when it is missing.
    package func make() throws(HistoryError) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw HistoryError(.refusedAtStart, "the workbench's state folder \(path) cannot be made (\(error.localizedDescription)); give another with --state DIR")
        }
    }

    /// Moves a signing key left in the presets folder (before the state folder existed) here;
    /// the line to tell the person, nil when there was none. A key already here is kept and
    /// the other one set aside beside it, never lost.
    package func adoptKey(from presetsFolder: String) -> String? {
        let old = presetsFolder + "/" + SigningKey.fileName
        guard FileManager.default.fileExists(atPath: old) else { return nil }
        let new = path + "/" + SigningKey.fileName
        if !FileManager.default.fileExists(atPath: new) {
            if rename(old, new) == 0 || ((try? FileManager.default.copyItem(atPath: old, toPath: new)) != nil && unlink(old) == 0) {
                chmod(new, 0o600)
                return "moved the signing key \(SigningKey.fileName) out of the presets folder (a git repository) into the workbench's state folder \(path)"
            }
            return "the signing key \(old) could not be moved into the state folder \(path): \(String(cString: strerror(errno))); move it by hand"
        }
        let aside = new + ".from-presets-" + HistoryBackups.stamp()
        if (try? FileManager.default.copyItem(atPath: old, toPath: aside)) != nil, unlink(old) == 0 {
            chmod(aside, 0o600)
            return "the presets folder held a second signing key; it was moved out to \(aside) (the state folder's key \(new) stays the one used)"
        }
        return "the presets folder holds a signing key \(old), which should not be in a git repository; remove it"
    }

    // MARK: The presets folder's .gitignore

    /// What the workbench keeps in the presets folder that is not a preset.
    package static let ignoredInPresets = [
        HistoryFile.databaseFileName, HistoryFile.databaseFileName + "-wal", HistoryFile.databaseFileName + "-shm",
        HistoryFile.databaseFileName + ".*", HistoryFile.lockFileName, HistoryFile.markerFileName,
        HistoryFile.backupsFolderName + "/", SigningKey.fileName, SigningKey.fileName + ".*", ".*.tmp",
    ]

    /// Writes (atomically) the presets folder's `.gitignore` so that `git status` shows only
    /// preset files: the lines missing are added after the person's, none is ever removed.
    package static func writeGitignore(in presetsFolder: String) throws {
        let path = presetsFolder + "/.gitignore"
        let existing = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        let present = Set(existing.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) })
        let missing = ignoredInPresets.filter { !present.contains($0) }
        guard !missing.isEmpty else { return }
        var text = existing
        if !text.isEmpty && !text.hasSuffix("\n") { text += "\n" }
        if !present.contains(gitignoreHeading) { text += gitignoreHeading + "\n" }
        text += missing.joined(separator: "\n") + "\n"
        try AtomicFile.write(Array(text.utf8), to: path)
    }

    static let gitignoreHeading = "# Chart Workbench: its history, locks and backups (the preset JSON files are the repository)"
}
