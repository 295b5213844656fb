import Foundation
import Glibc

/// The locks around a presets folder's history: one process opening it at a time, and one
/// server holding it, which a restore waits out.
extension HistoryFile {
    /// An exclusive lock on the presets folder itself while its history is opened and what
    /// opening writes (a new history, presets taken in, repairs) is written, waited for up to
    /// `openingWait` seconds; closing the descriptor releases it. -1 when the folder cannot be
    /// opened (opening the history then says why). One process at a time: two commands started
    /// together on a new folder made one an empty file the other refused, or interleaved two
    /// chains' first entries.
    package static func openingLock(folder: String) throws -> Int32 {
        let fd = Glibc.open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return -1 }
        let deadline = Date().addingTimeInterval(openingWait)
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, Date() < deadline else {
                close(fd)
                throw HistoryError(.refusedAtStart, "another workbench has been opening the presets' history in \(folder) for \(Int(openingWait)) s; try again when it has")
            }
            usleep(20_000)
        }
        return fd
    }

    static let openingWait = 30.0

    /// An exclusive lock on the folder's lock file while a server has it open: one server per
    /// presets folder (a second one would read the first one's writes as changes behind its back
    /// and refuse every write), and a restore, which takes it too, refuses while a server runs.
    /// The command line's other commands do not take it. -1 when not held.
    static func holdLock(folder: String, hold: Bool) throws -> Int32 {
        guard hold else { return -1 }
        let fd = Glibc.open(folder + "/" + lockFileName, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return -1 }  // a read-only folder: nothing can be restored into it either
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            close(fd)
            throw HistoryError(.refusedAtStart, """
                another workbench server is serving the presets in \(folder) (or a backup is being restored into it): \
                one server per presets folder; stop the other one first, or open its address
                """)
        }
        return fd
    }
}
