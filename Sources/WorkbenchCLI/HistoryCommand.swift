import WorkbenchSupport
import WorkbenchStores
import ArgumentParser
import Foundation

/// `workbench history backup|restore`: the presets' history database, backed up online and
/// put back from a backup (see `HistoryFile`).
struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Back up the presets' history database, or restore it from a backup.",
        subcommands: [Backup.self, Restore.self])

    struct Backup: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Copy the presets' history into .workbench-backups/ (online: a running server goes on). Prints the backup's path.")

        @Option(help: "Folder of preset files.")
        var presets: String = "Presets"

        func run() throws {
            try Output.reportingInputErrors {
                let folder = URL(fileURLWithPath: presets).standardizedFileURL.resolvingSymlinksInPath().path
                guard HistoryFile.state(of: folder + "/" + HistoryFile.databaseFileName) != .missing else {
                    throw InputError("--presets \(presets): there is no history to back up (no \(HistoryFile.databaseFileName))")
                }
                let started = Date()
                do {
                    let (file, warnings) = try HistoryFile.open(folder: folder, options: .init(limitBytes: nil, backupEvery: 0))
                    for warning in warnings { Output.error(warning) }
                    let name = try file.backup(kind: "manual")
                    let path = file.backups.folder + "/" + name
                    let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
                    Output.error(String(format: "backed up the presets' history (%.1f MB) in %.2f s", Double(bytes) / 1_048_576, Date().timeIntervalSince(started)))
                    Output.write(path + "\n")
                } catch let error as HistoryError {
                    throw InputError("refused: \(error.message)")
                }
            }
        }
    }

    struct Restore: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Put a backup in place of the presets' history (refused while a server uses the folder, or when the backup fails SQLite's integrity check).")

        @Argument(help: "A backup: a file of .workbench-backups/, or one `workbench history backup` printed.")
        var backup: String

        @Option(help: "Folder of preset files.")
        var presets: String = "Presets"

        func run() throws {
            try Output.reportingInputErrors {
                let folder = URL(fileURLWithPath: presets).standardizedFileURL.resolvingSymlinksInPath().path
                guard FileManager.default.fileExists(atPath: folder) else { throw InputError("--presets \(presets): no such folder") }
                guard FileManager.default.fileExists(atPath: backup) else { throw InputError("\(backup): no such file") }
                do {
                    Output.write(try HistoryFile.restore(backup: backup, folder: folder) + "\n")
                } catch let error as HistoryError {
                    throw InputError("refused: \(error.message)")
                }
            }
        }
    }
}
