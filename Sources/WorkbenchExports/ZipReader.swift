/// The entries of a ZIP archive as `workbench verify` needs them: read from the central
/// directory, each entry's local header checked against it, its bytes CRC-checked. Only what the
/// workbench writes is taken (stored entries, no ZIP64, no encryption); anything that could make
/// the archive unpack differently from what it lists is refused with a sentence: a symlink
/// entry, an absolute or `..` path, a backslash, a name twice, overlapping or out-of-bounds data.
/// All arithmetic is overflow-checked: the archive is untrusted input.
package struct ZipReader {
    package struct Entry: Sendable, Equatable {
        package let path: String
        package let isFolder: Bool
        package let contents: [UInt8]
    }

    package struct Refusal: Error, CustomStringConvertible {
        package let description: String
        init(_ description: String) { self.description = description }
    }

    /// At most this many entries: a bundle has a few hundred.
    package static let maxEntries = 10_000

    /// Every entry in central-directory order, or the first reason the archive cannot be
    /// trusted to unpack as it lists.
    package static func entries(_ bytes: [UInt8]) throws(Refusal) -> [Entry] {
        let end = try endOfCentralDirectory(bytes)
        let count = Int(le16(bytes, end + 10)), size = Int(le32(bytes, end + 12)), start = Int(le32(bytes, end + 16))
        guard le16(bytes, end + 4) == 0, le16(bytes, end + 6) == 0, Int(le16(bytes, end + 8)) == count else {
            throw Refusal("is a multi-part archive")
        }
        guard count <= maxEntries else { throw Refusal("lists \(count) entries (at most \(maxEntries))") }
        guard let directoryEnd = add(start, size), directoryEnd <= end else { throw Refusal("its central directory lies outside the archive") }
        var entries: [Entry] = []
        var seen = Set<String>()
        var dataRanges: [Range<Int>] = []
        var at = start
        for _ in 0..<count {
            guard let fixedEnd = add(at, 46), fixedEnd <= directoryEnd, le32(bytes, at) == 0x0201_4B50 else {
                throw Refusal("its central directory is damaged")
            }
            let flags = le16(bytes, at + 8), method = le16(bytes, at + 10), crc = le32(bytes, at + 16)
            let compressed = Int(le32(bytes, at + 20)), uncompressed = Int(le32(bytes, at + 24))
            let nameLength = Int(le16(bytes, at + 28)), extraLength = Int(le16(bytes, at + 30)), commentLength = Int(le16(bytes, at + 32))
            let external = le32(bytes, at + 38), offset = Int(le32(bytes, at + 42))
            guard let nameEnd = add(fixedEnd, nameLength), let next = add(nameEnd, extraLength + commentLength), next <= directoryEnd else {
                throw Refusal("its central directory is damaged")
            }
            let rawName = Array(bytes[fixedEnd..<nameEnd])
            guard let path = String(validating: rawName, as: UTF8.self) else { throw Refusal("holds an entry whose name is not UTF-8") }
            try checkPath(path)
            // The file type, where Unix archivers keep it: the high half of the external attributes
            // (read whatever host the entry claims: unpacking tools differ in which they trust).
            let mode = (external >> 16) & 0o170000
            if mode == 0o120000 { throw Refusal("holds \(path) as a symlink (a bundle holds regular files only)") }
            let isFolder = path.hasSuffix("/")
            if mode != 0 && mode != 0o100000 && !(isFolder && mode == 0o040000) { throw Refusal("holds \(path) as a special file") }
            guard flags & 0x0001 == 0 else { throw Refusal("holds \(path) encrypted") }
            guard method == 0 else { throw Refusal("holds \(path) compressed (method \(method)); the workbench's zips store their files") }
            guard compressed == uncompressed, compressed != 0xFFFF_FFFF else { throw Refusal("holds \(path) with inconsistent sizes") }
            guard seen.insert(path.lowercased()).inserted else { throw Refusal("holds \(path) twice") }
            // The local header must name the same entry; its data follows it.
            guard let localFixedEnd = add(offset, 30), localFixedEnd <= start, le32(bytes, offset) == 0x0403_4B50 else {
                throw Refusal("the local header of \(path) is missing or damaged")
            }
            let localName = Int(le16(bytes, offset + 26)), localExtra = Int(le16(bytes, offset + 28))
            guard let localNameEnd = add(localFixedEnd, localName), let dataStart = add(localNameEnd, localExtra),
                  let dataEnd = add(dataStart, compressed), dataEnd <= start else {
                throw Refusal("the data of \(path) lies outside the archive")
            }
            guard Array(bytes[localFixedEnd..<localNameEnd]) == rawName else { throw Refusal("the local header of \(path) names another file") }
            let range = offset..<dataEnd
            guard !dataRanges.contains(where: { $0.overlaps(range) }) else { throw Refusal("the data of \(path) overlaps another entry's") }
            dataRanges.append(range)
            let contents = Array(bytes[dataStart..<dataEnd])
            guard CRC32.checksum(contents) == crc else { throw Refusal("\(path) does not match its CRC-32 (damaged)") }
            if isFolder && !contents.isEmpty { throw Refusal("holds a folder entry \(path) with contents") }
            entries.append(Entry(path: path, isFolder: isFolder, contents: contents))
            at = next
        }
        return entries
    }

    /// A relative path with `/` separators and no `.`, `..` or empty parts.
    private static func checkPath(_ path: String) throws(Refusal) {
        guard !path.isEmpty, !path.hasPrefix("/"), !path.contains("\\"), !path.unicodeScalars.contains(where: { $0.value < 0x20 }) else {
            throw Refusal("holds an entry with an unsafe path: \(path.debugDescription)")
        }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        for (index, part) in parts.enumerated() where part == "." || part == ".." || (part.isEmpty && index != parts.count - 1) {
            throw Refusal("holds an entry with an unsafe path: \(path.debugDescription)")
        }
    }

    /// The end-of-central-directory record: the last one, with no comment after it.
    private static func endOfCentralDirectory(_ bytes: [UInt8]) throws(Refusal) -> Int {
        guard bytes.count >= 22 else { throw Refusal("is not a ZIP archive") }
        let end = bytes.count - 22
        guard le32(bytes, end) == 0x0605_4B50, le16(bytes, end + 20) == 0 else {
            throw Refusal("is not a ZIP archive the workbench wrote (no end record at its end)")
        }
        return end
    }

    private static func add(_ a: Int, _ b: Int) -> Int? {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? nil : sum
    }

    /// Little-endian reads; callers have checked the bounds (a read past the end gives 0s, never a trap).
    private static func le16(_ bytes: [UInt8], _ at: Int) -> UInt16 {
        guard at >= 0, at <= bytes.count - 2 else { return 0 }
        return UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8
    }

    private static func le32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        guard at >= 0, at <= bytes.count - 4 else { return 0 }
        return UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
    }
}
