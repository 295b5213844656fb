import WorkbenchSupport
import Foundation
import Glibc

/// A large request body written to a file as it arrives instead of held in memory: an
/// unnamed file (`O_TMPFILE`) in the server's own folder, gone when the last handle closes,
/// and memory-mapped when the handler reads it.
package final class SpooledBody: @unchecked Sendable {
    private let fd: Int32
    private(set) var count = 0
    private(set) var failed = false

    package init?(folder: String) {
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var fd = open(folder, Self.temporaryFile | O_RDWR, 0o600)
        if fd < 0 {
            // File systems without O_TMPFILE: a named file, unlinked at once.
            var template = Array((folder + "/upload-XXXXXX").utf8CString)
            fd = mkstemp(&template)
            if fd >= 0 { unlink(template) }
        }
        guard fd >= 0 else { return nil }
        self.fd = fd
    }

    deinit { close(fd) }

    /// Linux's `O_TMPFILE` (`__O_TMPFILE | O_DIRECTORY`), which Glibc's module does not export.
    private static let temporaryFile: Int32 = 0o20_000_000 | O_DIRECTORY

    /// The write failed because the disk is full (`ENOSPC`, `EDQUOT`).
    private(set) var diskFull = false

    /// Appends what arrived; false when it cannot be written (`diskFull` says whether the disk
    /// is full). The caller then drops the body: its unnamed file goes with its last handle.
    @discardableResult
    package func append(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard !failed else { return false }
        var written = 0
        while written < bytes.count {
            let n = write(fd, bytes.baseAddress! + written, bytes.count - written)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 {
                failed = true
                diskFull = n == 0 || errno == ENOSPC || errno == EDQUOT
                return false
            }
            written += n
        }
        count += bytes.count
        return true
    }

    /// Room left on the disk besides a declared upload: the spool never fills it to the last byte.
    package static let diskMargin: Int64 = 1 << 20

    /// Bytes an unprivileged writer may still use on the disk of `folder`, nil when unknown.
    package static func freeBytes(folder: String) -> Int64? {
        var info = statvfs()
        guard statvfs(folder, &info) == 0 else { return nil }
        return Int64(info.f_bavail) * Int64(info.f_frsize)
    }

    /// The whole body, mapped read-only (no copy); empty for an empty body.
    package func contents() -> Data? {
        guard !failed else { return nil }
        guard count > 0 else { return Data() }
        guard let address = mmap(nil, count, PROT_READ, MAP_PRIVATE, fd, 0), address != MAP_FAILED else { return nil }
        madvise(address, count, MADV_SEQUENTIAL)
        return Data(bytesNoCopy: address, count: count, deallocator: .custom { pointer, size in munmap(pointer, size) })
    }
}
