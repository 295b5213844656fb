import WorkbenchSupport
import Foundation

/// Crash-safe replacement of a file: a reader sees the old bytes or the new, never a mix.
/// Errors name the file, not its folder: they may reach a client.
package enum AtomicFile {
    package struct WriteError: Error, CustomStringConvertible {
        package let description: String
        /// The system's errno: what the folder's problem was (read-only, full, not permitted).
        package var code: Int32 = 0
    }

    package static func write(_ bytes: [UInt8], to path: String) throws {
        let temporary = try writtenBeside(path, bytes)
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw cannotWrite(path, code)
        }
        syncFolder(of: path)
    }

    /// Writes a new file only: false, and nothing written, when one of that name is already
    /// there (made in the meantime by someone else, whose file is kept). Whole or absent, as `write`.
    package static func create(_ bytes: [UInt8], at path: String) throws -> Bool {
        let temporary = try writtenBeside(path, bytes)
        defer { unlink(temporary) }
        guard link(temporary, path) == 0 else {
            let code = errno
            if code == EEXIST { return false }
            throw cannotWrite(path, code)
        }
        syncFolder(of: path)
        return true
    }

    /// The bytes in a new hidden file beside `path`, synced; its path.
    private static func writtenBeside(_ path: String, _ bytes: [UInt8]) throws -> String {
        let folder = (path as NSString).deletingLastPathComponent
        let temporary = folder + "/.\((path as NSString).lastPathComponent).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard fd >= 0 else {
            let code = errno
            throw WriteError(description: "cannot create a file beside \((path as NSString).lastPathComponent): \(String(cString: strerror(code)))", code: code)
        }
        var written = 0
        let ok = bytes.withUnsafeBytes { buffer -> Bool in
            while written < buffer.count {
                let n = Glibc.write(fd, buffer.baseAddress! + written, buffer.count - written)
                if n <= 0 { return false }
                written += n
            }
            return fsync(fd) == 0
        }
        let code = errno
        close(fd)
        guard ok else {
            unlink(temporary)
            throw cannotWrite(path, code)
        }
        return temporary
    }

    /// The error for the file at `path` (named, its folder not: it may reach a client).
    private static func cannotWrite(_ path: String, _ code: Int32) -> WriteError {
        WriteError(description: "cannot write \((path as NSString).lastPathComponent): \(String(cString: strerror(code)))", code: code)
    }

    private static func syncFolder(of path: String) {
        let dir = open((path as NSString).deletingLastPathComponent, O_RDONLY)
        if dir >= 0 { fsync(dir); close(dir) }
    }

    /// `write`, unless the file already holds exactly these bytes: a file that rarely changes
    /// but is settled at every start (the history's marker) costs its two fsyncs only when it does.
    package static func update(_ bytes: [UInt8], at path: String) throws {
        if let held = FileManager.default.contents(atPath: path), held.elementsEqual(bytes) { return }
        try write(bytes, to: path)
    }
}
