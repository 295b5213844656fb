import Dispatch
import Glibc

extension CSVImport {
    /// Reads the rows after the header: a file without quotes above 4 MB as two halves on two
    /// threads (a quoted field may hold a line break, so such files are read in one piece). The
    /// first part counts lines from `firstLine`, the second from 1; the caller continues them.
    static func readRows(_ buffer: UnsafeBufferPointer<UInt8>, from rowsStart: Int, firstLine: Int, layout: Layout) -> [Chunk] {
        var split = buffer.count
        let quoteFree = rowsStart < buffer.count
            && memchr(buffer.baseAddress! + rowsStart, Int32(UInt8(ascii: "\"")), buffer.count - rowsStart) == nil
        if buffer.count - rowsStart > 4_000_000 && quoteFree {
            split = rowsStart + (buffer.count - rowsStart) / 2
            while split < buffer.count && buffer[split - 1] != UInt8(ascii: "\n") { split += 1 }
        }
        let ranges = split < buffer.count ? [rowsStart..<split, split..<buffer.count] : [rowsStart..<buffer.count]
        let parts = UnsafeMutableBufferPointer<Chunk?>.allocate(capacity: ranges.count)
        parts.initialize(repeating: nil)
        defer { parts.deinitialize(); parts.deallocate() }
        // Each thread reads its own range of the input and writes only its own slot.
        struct Shared: @unchecked Sendable {
            package let input: UnsafeBufferPointer<UInt8>
            package let output: UnsafeMutableBufferPointer<Chunk?>
        }
        let shared = Shared(input: buffer, output: parts)
        let wholeRange = rowsStart..<buffer.count
        DispatchQueue.concurrentPerform(iterations: ranges.count) { k in
            // The first part's arrays are sized for every row: the others are appended to them.
            var rows = RowReader(shared.input, range: ranges[k], layout: layout, firstLine: k == 0 ? firstLine : 1,
                                 reserveFor: k == 0 ? wholeRange : ranges[k])
            shared.output[k] = quoteFree ? rows.readQuoteFree() : rows.read()
        }
        return (0..<ranges.count).map { parts[$0] ?? Chunk() }
    }
}
