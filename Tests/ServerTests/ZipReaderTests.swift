import Testing
@testable import WorkbenchExports

/// `ZipReader` reads back what `ZipArchive` writes, and refuses every archive that could unpack
/// differently from what it lists.
@Suite struct ZipReaderTests {
    private func archive(_ entries: [(String, String)]) -> [UInt8] {
        var zip = ZipArchive()
        for (path, text) in entries { zip.add(path: path, contents: Array(text.utf8)) }
        return zip.data
    }

    private func refusal(_ bytes: [UInt8]) -> String? {
        do { _ = try ZipReader.entries(bytes); return nil } catch { return error.description }
    }

    @Test func readsWhatTheWriterWrites() throws {
        let entries = try ZipReader.entries(archive([("b/PROVENANCE.json", "{}"), ("b/Sources/A.swift", "let a = 1\n"), ("b/empty", "")]))
        #expect(entries.map(\.path) == ["b/PROVENANCE.json", "b/Sources/A.swift", "b/empty"])
        #expect(entries[1].contents == Array("let a = 1\n".utf8) && entries[2].contents.isEmpty && !entries[0].isFolder)
    }

    @Test func refusesPathsThatLeaveTheFolderAndNamesTwice() {
        #expect(refusal(archive([("b/../../etc/x", "x")]))?.contains("unsafe path") == true)
        #expect(refusal(archive([("/etc/x", "x")]))?.contains("unsafe path") == true)
        #expect(refusal(archive([("b\\..\\x", "x")]))?.contains("unsafe path") == true)
        #expect(refusal(archive([("b//x", "x")]))?.contains("unsafe path") == true)
        #expect(refusal(archive([("b/x", "1"), ("b/x", "2")]))?.contains("twice") == true)
        #expect(refusal(archive([("b/X.swift", "1"), ("b/x.swift", "2")]))?.contains("twice") == true)
    }

    @Test func refusesSymlinksSpecialFilesAndDamage() {
        var bytes = archive([("b/link", "../../outside")])
        // The central entry's external attributes: a Unix symlink (0o120777 << 16).
        let central = bytes.count - 22 - (46 + "b/link".utf8.count)
        let mode = UInt32(0o120777) << 16
        for i in 0..<4 { bytes[central + 38 + i] = UInt8((mode >> UInt32(8 * i)) & 0xFF) }
        #expect(refusal(bytes)?.contains("symlink") == true)
        let fifo = UInt32(0o010644) << 16
        for i in 0..<4 { bytes[central + 38 + i] = UInt8((fifo >> UInt32(8 * i)) & 0xFF) }
        #expect(refusal(bytes)?.contains("special file") == true)
        var changed = archive([("b/x", "hello")])
        changed[30 + 3] = UInt8(ascii: "J")  // a byte of the contents: the CRC no longer matches
        #expect(refusal(changed)?.contains("CRC-32") == true)
        #expect(refusal(Array("not a zip".utf8)) != nil)
        #expect(refusal([]) != nil)
        let whole = archive([("b/x", "hello")])
        for cut in stride(from: 1, to: whole.count, by: 7) { #expect(refusal(Array(whole.prefix(cut))) != nil) }
    }
}
