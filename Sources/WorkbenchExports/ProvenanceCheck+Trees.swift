import WorkbenchSupport
import WorkbenchStores
import Foundation

/// Folders, bundles and zips, read strictly: what is under them is exactly what was signed.
/// A bundle holds the files its `PROVENANCE.json` lists and the folders they are in, nothing
/// else; a folder of exports holds signed files and bundles (folders or .zip), nothing else.
/// A symlink or special file anywhere fails (it is never followed). Every failure is one line.
extension ProvenanceCheck {
    /// At most this many entries are walked under a folder: a bundle has a few hundred.
    static let maxEntries = 20_000
    /// A bigger file is no export of the workbench's.
    static let maxFileBytes = 64 << 20

    enum Kind { case file, folder, symlink, special }

    package func verify(path given: String) -> Verdict {
        // "link/" names what the link points to (the system follows a trailing slash): the link itself is checked.
        var path = given
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        let label = (path as NSString).lastPathComponent
        switch Self.kind(path) {
        case nil: return .failed("\(path): no such file or folder")
        case .symlink?: return .failed("\(label): is a symlink; verify the file or folder itself")
        case .special?: return .failed("\(label): is not a regular file or folder")
        case .file?:
            guard let bytes = Self.contents(path) else { return .failed("\(label): cannot be read") }
            if Self.isZip(path, bytes) { return verifyZip(label: label, bytes: bytes) }
            return verifyFile(path)
        case .folder?:
            if Self.kind(path + "/" + HandoffBundle.provenanceFile) != nil { return verifyBundleFolder(path, label: label) }
            return verifyExportsFolder(path, label: label)
        }
    }

    // MARK: A folder of exports

    private func verifyExportsFolder(_ path: String, label: String) -> Verdict {
        var verdict = Verdict()
        var entries: [(String, Kind)]
        do { entries = try Self.walk(path) } catch { return .failed("\(label): \((error as? Failure)?.line ?? "\(error)")") }
        // A folder holding PROVENANCE.json is a bundle, checked as a whole; nothing inside it is looked at here.
        let bundles = entries.filter { $0.1 == .folder && Self.kind(path + "/" + $0.0 + "/" + HandoffBundle.provenanceFile) != nil }.map(\.0)
        entries.removeAll { entry in bundles.contains { entry.0.hasPrefix($0 + "/") } }
        for (relative, kind) in entries {
            let full = path + "/" + relative
            switch kind {
            case .symlink: verdict.failures.append("\(relative): is a symlink (a folder of exports holds regular files only)")
            case .special: verdict.failures.append("\(relative): is a special file (a folder of exports holds regular files only)")
            case .folder:
                if bundles.contains(relative) { verdict.merge(verifyBundleFolder(full, label: relative)) }
                else if !bundles.contains(where: { $0.hasPrefix(relative + "/") }) {
                    verdict.failures.append("\(relative)/: is a folder that is no bundle (a folder of exports holds signed files and bundles only)")
                }
            case .file:
                guard let bytes = Self.contents(full) else { verdict.failures.append("\(relative): cannot be read"); continue }
                if Self.isZip(relative, bytes) { verdict.merge(verifyZip(label: relative, bytes: bytes)); continue }
                do { verdict.verified.append(try checkFile(label: relative, text: String(validating: bytes, as: UTF8.self))) } catch {
                    verdict.failures.append((error as? Failure)?.line ?? "\(relative): \(error)")
                }
            }
        }
        if verdict.verified.isEmpty && verdict.failures.isEmpty {
            verdict.failures.append("\(label): no file in it carries a Chart Workbench provenance")
        }
        if verdict.failures.isEmpty {
            let names = verdict.verified.map(\.label)
            verdict.summary = "\(label): \(names.count) signed export\(names.count == 1 ? "" : "s") verified (\(names.joined(separator: ", ")))"
            verdict.key = try? trustedKey()
        }
        return verdict
    }

    // MARK: A bundle

    private func verifyBundleFolder(_ folder: String, label: String) -> Verdict {
        let entries: [(String, Kind)]
        do { entries = try Self.walk(folder) } catch { return .failed("\(label): \((error as? Failure)?.line ?? "\(error)")") }
        var files: [String: [UInt8]] = [:], folders: [String] = [], refused: [String: String] = [:]
        for (relative, kind) in entries {
            switch kind {
            case .symlink: refused[relative] = "\(relative) is a symlink (a bundle holds regular files only)"
            case .special: refused[relative] = "\(relative) is a special file (a bundle holds regular files only)"
            case .folder: folders.append(relative)
            case .file:
                if let bytes = Self.contents(folder + "/" + relative) { files[relative] = bytes } else { refused[relative] = "\(relative) cannot be read" }
            }
        }
        return verifyBundle(label: label, files: files, folders: folders, refused: refused)
    }

    /// A zip the page or `workbench export` made: one folder holding one bundle, read entry by entry.
    private func verifyZip(label: String, bytes: [UInt8]) -> Verdict {
        let entries: [ZipReader.Entry]
        do { entries = try ZipReader.entries(bytes) } catch { return .failed("\(label): \(error.description)") }
        let tops = Set(entries.map { String($0.path.prefix { $0 != "/" }) })
        guard tops.count == 1, let top = tops.first, entries.allSatisfy({ $0.path.hasPrefix(top + "/") }) else {
            return .failed("\(label): holds \(tops.count) top-level entries; a bundle's zip holds one folder")
        }
        var files: [String: [UInt8]] = [:], folders: [String] = []
        for entry in entries {
            let relative = String(entry.path.dropFirst(top.count + 1))
            if entry.isFolder { if !relative.isEmpty { folders.append(String(relative.dropLast())) } } else { files[relative] = entry.contents }
        }
        guard files[HandoffBundle.provenanceFile] != nil else { return .failed("\(label): holds no \(top)/\(HandoffBundle.provenanceFile)") }
        return verifyBundle(label: label, files: files, folders: folders, refused: [:])
    }

    /// A bundle's files (relative paths) and folders: signed, listed, unchanged, and — with a
    /// store — what that revision exports. Each problem is one line. `refused`: paths that are no
    /// regular file (a symlink, a special file), each with its line.
    private func verifyBundle(label: String, files: [String: [UInt8]], folders: [String], refused: [String: String]) -> Verdict {
        let manifestName = HandoffBundle.provenanceFile
        var failures = refused.keys.sorted().compactMap { refused[$0] }.map { "\(label): \($0)" }
        func fail(_ line: String) -> Verdict { Verdict(failures: failures + ["\(label): \(line)"]) }
        guard let data = files[manifestName] else { return fail("\(manifestName) cannot be read") }
        let manifest: JSONValue
        do { manifest = try JSONValue.parse(data, strict: true) } catch { return fail("\(manifestName) is not valid JSON (\(error.description))") }
        guard let block = manifest.objectPairs, let provenance = Provenance(json: manifest) else {
            return fail("\(manifestName) is not a Chart Workbench provenance")
        }
        let version = manifest["version"]?.numberValue.flatMap { Int(exactly: $0) }
        let key: [UInt8]
        do { key = try checkSignature(block, version: version) } catch { return fail((error as? Failure)?.line ?? "\(error)") }
        guard let listed = manifest["files"]?.objectPairs, !listed.isEmpty else { return fail("\(manifestName) lists no files") }
        guard let platformName = manifest["export"]?.stringValue, let platform = HandoffBundle.Platform(rawValue: platformName) else {
            return fail("\(manifestName) names no bundle platform (ios or android)")
        }
        var listedFolders = Set<String>()
        for (file, hash) in listed {
            guard !file.isEmpty, !file.hasPrefix("/"), !file.split(separator: "/", omittingEmptySubsequences: false).contains(where: { $0 == ".." || $0 == "." || $0.isEmpty }),
                  file != manifestName else { return fail("\(manifestName) lists a path outside the bundle: \(file)") }
            var parts = file.split(separator: "/").dropLast()
            while !parts.isEmpty { listedFolders.insert(parts.joined(separator: "/")); parts = parts.dropLast() }
            guard let contents = files[file] else {
                // Under a refused path (a symlinked folder) it is said once, by that path's line.
                let underRefused = refused.keys.contains { file == $0 || file.hasPrefix($0 + "/") }
                if !underRefused { failures.append("\(label): \(file) is missing") }
                continue
            }
            guard let expected = hash.stringValue, Sodium.constantTimeEqual(SHA256.hex(contents), expected) else {
                failures.append("\(label): \(file) was changed after it was exported (its SHA-256 is not the signed one)"); continue
            }
        }
        let names = Set(listed.map(\.0))
        for extra in files.keys.sorted() where extra != manifestName && !names.contains(extra) {
            failures.append("\(label): \(extra) is not listed in \(manifestName) (added after export)")
        }
        for folder in folders.sorted() where !listedFolders.contains(folder) {
            failures.append("\(label): \(folder)/ is a folder \(manifestName) does not list (added after export)")
        }
        guard failures.isEmpty else { return Verdict(failures: failures) }
        do {
            let facts = try againstStore(provenance, version: version) { preset in
                // The bundle's README states the signed provenance (since v3): made again with the same statement.
                let again = try HandoffBundle(preset: preset, platform: platform, provenance: version == 2 ? nil : provenance).files()
                    .filter { $0.path != manifestName }
                let derived = Dictionary(again.map { ($0.path, SHA256.hex($0.contents)) }, uniquingKeysWith: { a, _ in a })
                for (file, hash) in listed where derived[file] != hash.stringValue {
                    throw Failure("is signed, but revision \(provenance.revision ?? 0) of “\(provenance.preset)” exports a different \(file) (exported by another version of the workbench?)")
                }
                if let missing = derived.keys.sorted().first(where: { !names.contains($0) }) {
                    throw Failure("is signed, but lacks \(missing), which revision \(provenance.revision ?? 0) of “\(provenance.preset)” exports")
                }
            }
            try approvedOrAllowed(provenance)
            let line = "\(label): \(platformName) bundle of \(Self.describe(provenance)), \(listed.count) files, signed by key \(Ed25519.keyID(key)); \(facts)"
            return Verdict(verified: [.init(label: label, line: line, statement: provenance.statement,
                                                  honesty: provenance.honesty.flatMap(HonestyFact.words) ?? [])], key: key)
        } catch {
            return fail((error as? Failure)?.line ?? "\(error)")
        }
    }

    // MARK: Reading the file system without following links

    /// Every entry under `root` (relative paths, sorted), symlinks reported and never followed.
    static func walk(_ root: String) throws -> [(String, Kind)] {
        var out: [(String, Kind)] = []
        var pending = [""]
        while let folder = pending.popLast() {
            let full = folder.isEmpty ? root : root + "/" + folder
            guard let children = try? FileManager.default.contentsOfDirectory(atPath: full) else {
                throw Failure("\(folder.isEmpty ? "the folder" : folder) cannot be listed")
            }
            for child in children {
                let relative = folder.isEmpty ? child : folder + "/" + child
                guard let kind = kind(root + "/" + relative) else { continue }
                out.append((relative, kind))
                guard out.count <= maxEntries else { throw Failure("holds more than \(maxEntries) entries") }
                if kind == .folder { pending.append(relative) }
            }
        }
        return out.sorted { $0.0 < $1.0 }
    }

    /// What is at `path` itself (a symlink is a symlink, not what it points to); nil when nothing.
    static func kind(_ path: String) -> Kind? {
        guard let type = (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType else { return nil }
        switch type {
        case .typeRegular: return .file
        case .typeDirectory: return .folder
        case .typeSymbolicLink: return .symlink
        default: return .special
        }
    }

    static func contents(_ path: String) -> [UInt8]? {
        guard let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber, size.intValue <= maxFileBytes,
              let data = FileManager.default.contents(atPath: path) else { return nil }
        return [UInt8](data)
    }

    static func isZip(_ path: String, _ bytes: [UInt8]) -> Bool {
        path.lowercased().hasSuffix(".zip") || bytes.starts(with: [0x50, 0x4B, 0x03, 0x04])
    }
}

extension ProvenanceCheck.Verdict {
    mutating func merge(_ other: Self) {
        verified += other.verified
        failures += other.failures
        key = key ?? other.key
    }
}
