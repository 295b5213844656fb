import WorkbenchSupport
import WorkbenchStores
/// A ZIP archive of stored (uncompressed) entries: a handoff bundle is a few hundred KB of text,
/// and a stored archive opens everywhere without a compression library. Sizes are bounded by
/// what the workbench itself generates (far below ZIP's 4 GB limits).
package struct ZipArchive {
    private(set) var bytes: [UInt8] = []
    private var central: [UInt8] = []
    private var count = 0

    /// A fixed timestamp (1 Jan 2026, 00:00) keeps archives of the same content byte-identical.
    private static let dosTime: UInt16 = 0
    private static let dosDate: UInt16 = {
        let year: UInt16 = 2026 - 1980, month: UInt16 = 1, day: UInt16 = 1
        return year << 9 | month << 5 | day
    }()

    package mutating func add(path: String, contents: [UInt8]) {
        let name = Array(path.utf8)
        let crc = CRC32.checksum(contents)
        let offset = UInt32(bytes.count)
        var local: [UInt8] = []
        local.le32(0x0403_4B50); local.le16(20); local.le16(0x0800)  // version, flags: UTF-8 names
        local.le16(0); local.le16(Self.dosTime); local.le16(Self.dosDate)
        local.le32(crc); local.le32(UInt32(contents.count)); local.le32(UInt32(contents.count))
        local.le16(UInt16(name.count)); local.le16(0)
        bytes += local + name + contents
        central.le32(0x0201_4B50); central.le16(20); central.le16(20); central.le16(0x0800)
        central.le16(0); central.le16(Self.dosTime); central.le16(Self.dosDate)
        central.le32(crc); central.le32(UInt32(contents.count)); central.le32(UInt32(contents.count))
        central.le16(UInt16(name.count)); central.le16(0); central.le16(0); central.le16(0); central.le16(0)
        central.le32(0o100644 << 16); central.le32(offset)
        central += name
        count += 1
    }

    /// The archive with its central directory.
    package var data: [UInt8] {
        var out = bytes
        out += central
        out.le32(0x0605_4B50); out.le16(0); out.le16(0)
        out.le16(UInt16(count)); out.le16(UInt16(count))
        out.le32(UInt32(central.count)); out.le32(UInt32(bytes.count)); out.le16(0)
        return out
    }
}

/// CRC-32 (IEEE 802.3, reflected, polynomial 0xEDB88320) as ZIP requires.
package enum CRC32 {
    package static let table: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    package static func checksum(_ data: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in data { c = table[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }
}

private extension Array where Element == UInt8 {
    mutating func le16(_ v: UInt16) { append(UInt8(v & 0xFF)); append(UInt8(v >> 8)) }
    mutating func le32(_ v: UInt32) { for shift in stride(from: 0, to: 32, by: 8) { append(UInt8((v >> UInt32(shift)) & 0xFF)) } }
}
