import WorkbenchSupport
import WorkbenchStores
import ArgumentParser
import Foundation

/// `workbench history backup|restore`: the presets' history database, backed up online and
/// put back from a backup (see `HistoryFile`).
struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Back up the presets' history database, restore it from a backup, or check its hash chain.",
        subcommands: [Backup.self, Restore.self, Check.self])

    /// The folders every history subcommand works on.
    struct HistoryFolders: ParsableArguments {
        @Option(help: "Folder of preset files.")
        var presets: String = "Presets"

        @Option(help: "The workbench's state folder for these presets (default: the one of the presets folder).")
        var state: String?
    }

    struct Backup: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Copy the presets' history into .workbench-backups/ (online: a running server goes on). Prints the backup's path.")

        @OptionGroup var folders: HistoryFolders

        func run() throws {
            try HistoryCommand.timed(folders, toDo: "back up") { file, started in
                let name = try file.backup(kind: "manual")
                let path = file.backups.folder + "/" + name
                let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
                Output.error(String(format: "backed up the presets' history (%.1f MB) in %.2f s", Double(bytes) / 1_048_576, Date().timeIntervalSince(started)))
                Output.write(path + "\n")
            }
        }
    }

    struct Restore: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Put a backup in place of the presets' history (refused while a server uses the folder, when the backup fails SQLite's integrity check, holds schema objects the workbench does not make, or its chain does not verify; and when it is older than the history kept, unless --accept-older).")

        @Argument(help: "A backup: a file of .workbench-backups/, or one `workbench history backup` printed.")
        var backup: String

        @Flag(help: "Restore a backup older than the history the workbench kept, losing what was kept after it (the refusal says what).")
        var acceptOlder = false

        @OptionGroup var folders: HistoryFolders

        func run() throws {
            try HistoryCommand.refusing {
                let folder = HistoryCommand.resolved(folders.presets)
                guard FileManager.default.fileExists(atPath: folder) else { throw InputError("--presets \(folders.presets): no such folder") }
                guard FileManager.default.fileExists(atPath: backup) else { throw InputError("\(backup): no such file") }
                let stateFolder = StateFolder.resolve(explicit: folders.state, presetsFolder: folder)
                Output.write(try HistoryFile.restore(backup: backup, folder: folder, state: stateFolder, acceptOlder: acceptOlder) + "\n")
            }
        }
    }

    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check the presets' history: its hash chain re-derived entry by entry, every revision, review, person, comment, round and log entry against it, and its head against the one the workbench signed. Exit 1 when anything does not match.")

        @OptionGroup var folders: HistoryFolders

        func run() throws {
            // Opening runs the full check (and refuses what fails it): its verdict is reported.
            try HistoryCommand.timed(folders, toDo: "check") { file, started in
                let verdict = try file.checkedAtOpen ?? file.check()
                guard verdict.problems.isEmpty else { throw InputError("the presets' history does not verify: " + verdict.problems.joined(separator: "; ")) }
                Output.write(String(format: "the presets' history verifies: %lld chain entries over %d rows, head %@ (%.2f s)\n",
                                    verdict.head.count, verdict.rows, String(verdict.head.hash.prefix(16)), Date().timeIntervalSince(started)))
            }
        }
    }

    /// The presets folder as the history names it (absolute, links resolved).
    static func resolved(_ presets: String) -> String {
        URL(fileURLWithPath: presets).standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// The presets folder's history opened (its chain checked in full), its warnings told;
    /// `what` the command was asked to do, for the message when there is no history.
    static func open(_ folders: HistoryFolders, toDo what: String) throws -> HistoryFile {
        let folder = resolved(folders.presets)
        guard HistoryFile.state(of: folder + "/" + HistoryFile.databaseFileName) != .missing else {
            throw InputError("--presets \(folders.presets): there is no history to \(what) (no \(HistoryFile.databaseFileName))")
        }
        let opening = try HistoryFile.openingLock(folder: folder)
        defer { if opening >= 0 { close(opening) } }
        let (file, warnings) = try HistoryFile.open(folder: folder, options: .init(limitBytes: nil, backupEvery: 0, stateFolder: folders.state))
        for warning in warnings { Output.error(warning) }
        return file
    }

    /// Runs a history command on the opened history, given when it started (opening is part of
    /// the time it reports), with refusals said as `refusing` says them.
    static func timed(_ folders: HistoryFolders, toDo what: String, _ body: (HistoryFile, _ started: Date) throws -> Void) throws {
        try refusing {
            let started = Date()
            try body(try open(folders, toDo: what), started)
        }
    }

    /// Runs a history command: a refusal of the history is one line on stderr, "refused: …".
    static func refusing(_ body: () throws -> Void) throws {
        try Output.reportingInputErrors {
            do { try body() } catch let error as HistoryError { throw InputError("refused: \(error.message)") }
        }
    }
}
