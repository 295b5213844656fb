import WorkbenchSupport
import Foundation
import Synchronization

/// The workbench's Ed25519 signing key: one per presets folder, kept in its state folder
/// (`StateFolder`, never the presets folder, which is a git repository), in
/// `.workbench-signing.key` (mode 0600: the 32-byte seed as hex on one line). It signs exports
/// and the history's chain head. Generated on
/// first use, written atomically and never replaced; its public key (base64) is what
/// `workbench key` prints and `workbench verify --public-key` takes.
package enum SigningKey {
    package static let fileName = ".workbench-signing.key"

    package struct KeyError: Error, CustomStringConvertible {
        package let description: String
    }

    private static let cache = Mutex<[String: Ed25519]>([:])

    /// The state folder's key, created when it has none yet (`create`), else nil when it has none.
    package static func of(folder: String, create: Bool) throws(KeyError) -> Ed25519? {
        let path = folder + "/" + fileName
        if let known = cache.withLock({ $0[path] }) { return known }
        var key = try read(path)
        if key == nil && create { key = try generate(path, folder: folder) }
        if let key { cache.withLock { $0[path] = key } }
        return key
    }

    private static func read(_ path: String) throws(KeyError) -> Ed25519? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT { return nil }
            throw KeyError(description: "\(path): \(String(cString: strerror(errno)))")
        }
        // Like ssh: a secret others can read is no secret.
        guard info.st_mode & 0o077 == 0 else {
            throw KeyError(description: "\(path): the signing key is readable by others (mode \(String(info.st_mode & 0o777, radix: 8))); chmod 600 it")
        }
        guard let data = FileManager.default.contents(atPath: path) else { throw KeyError(description: "\(path): cannot be read") }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let seed = Sodium.unhex(text), let key = Ed25519(seed: seed) else {
            throw KeyError(description: "\(path): is not a Chart Workbench signing key (64 hex digits)")
        }
        return key
    }

    /// A new key, written to a temporary file (0600, fsync) and linked into place: if another
    /// process made one at the same moment, its key wins and both use it.
    private static func generate(_ path: String, folder: String) throws(KeyError) -> Ed25519? {
        let (key, seed) = Ed25519.generate()
        let temporary = folder + "/" + fileName + "." + Sodium.randomHex(bytes: 8) + ".tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard fd >= 0 else { throw KeyError(description: "cannot create the signing key in \(folder): \(String(cString: strerror(errno)))") }
        let bytes = Array((Sodium.hex(seed) + "\n").utf8)
        let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress!, $0.count) }
        let synced = fsync(fd) == 0
        close(fd)
        defer { unlink(temporary) }
        guard written == bytes.count, synced else { throw KeyError(description: "cannot write the signing key in \(folder)") }
        if link(temporary, path) != 0 {
            guard errno == EEXIST else { throw KeyError(description: "cannot create \(path): \(String(cString: strerror(errno)))") }
            return try read(path)
        }
        let dir = open(folder, O_RDONLY)
        if dir >= 0 { fsync(dir); close(dir) }
        return key
    }

    /// A public key given on the command line: base64 (as `workbench key` prints it) or hex.
    package static func parsePublicKey(_ text: String) -> [UInt8]? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.utf8.count == 2 * Ed25519.publicKeyBytes, let bytes = Sodium.unhex(trimmed) { return bytes }
        if let bytes = Sodium.unbase64(trimmed), bytes.count == Ed25519.publicKeyBytes { return bytes }
        return nil
    }
}

extension PresetStore {
    /// This folder's signing key (in its state folder), created on first use; nil (with the
    /// reason) when it cannot be read or made: exports are then unsigned and fail `verify`.
    package func signingKey() -> Result<Ed25519, SigningKey.KeyError> {
        do throws(SigningKey.KeyError) {
            guard let key = try SigningKey.of(folder: historyFile.state.path, create: true) else { return .failure(.init(description: "no signing key")) }
            return .success(key)
        } catch { return .failure(error) }
    }
}
