import WorkbenchSupport
import HTTPServer
import WorkbenchStores
import WorkbenchExports
import PriceData
import WorkbenchApplication
import ChartEngine
import Foundation

/// The engine commands' stdin, read whole as bytes (mapped when it is a file) and cut into
/// lines and numbers without making Strings: these commands are used on millions of lines.
final class StandardInput {
    let bytes: UnsafeBufferPointer<UInt8>
    private let release: () -> Void

    private init(_ bytes: UnsafeBufferPointer<UInt8>, release: @escaping () -> Void) {
        self.bytes = bytes
        self.release = release
    }

    deinit { release() }

    /// Everything on file descriptor 0.
    static func read() -> StandardInput {
        var info = stat()
        if fstat(0, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size > 0 {
            let offset = lseek(0, 0, SEEK_CUR)
            let size = Int(info.st_size)
            if offset >= 0, offset < size, let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, 0, 0), address != MAP_FAILED {
                madvise(address, size, MADV_SEQUENTIAL)
                let base = address.assumingMemoryBound(to: UInt8.self) + Int(offset)
                return StandardInput(UnsafeBufferPointer(start: base, count: size - Int(offset))) { munmap(address, size) }
            }
        }
        var capacity = 1 << 20, count = 0
        var base = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        while true {
            if count == capacity {
                let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * 2)
                grown.update(from: base, count: count)
                base.deallocate()
                base = grown
                capacity *= 2
            }
            let n = Foundation.read(0, base + count, capacity - count)
            if n > 0 { count += n } else if n < 0 && errno == EINTR { continue } else { break }
        }
        let owned = base
        return StandardInput(UnsafeBufferPointer(start: base, count: count)) { owned.deallocate() }
    }

    /// Calls `body` with each line (without its `\n` or `\r\n`) and its 1-based number; a
    /// final newline does not make an extra empty line.
    func forEachLine(_ body: (UnsafeBufferPointer<UInt8>, Int) throws -> Void) rethrows {
        guard let start = bytes.baseAddress else { return }
        let end = start + bytes.count
        var at = start, number = 1
        while at < end {
            let newline = memchr(at, 0x0A, end - at).map { UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) } ?? end
            var lineEnd = newline
            if lineEnd > at && lineEnd[-1] == 0x0D { lineEnd -= 1 }
            try body(UnsafeBufferPointer(start: at, count: lineEnd - at), number)
            at = newline + 1
            number += 1
        }
    }

    /// A rough count of lines, to size arrays once.
    var estimatedLines: Int { bytes.count / 8 + 16 }

    /// `x,y` lines; `x,` (no y) is a gap, read as NaN. Errors name the line.
    func pairs(first: String = "x", second: String = "y") throws -> (xs: [Double], ys: [Double]) {
        var xs: [Double] = [], ys: [Double] = []
        xs.reserveCapacity(estimatedLines); ys.reserveCapacity(estimatedLines)
        try forEachLine { line, number in
            guard let base = line.baseAddress,
                  let comma = memchr(base, Int32(UInt8(ascii: ",")), line.count).map({ UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) }) else {
                throw InputError("line \(number): expected \(first),\(second), got \"\(Self.clip(line))\"")
            }
            let left = UnsafeBufferPointer(start: base, count: comma - base)
            let right = UnsafeBufferPointer(start: comma + 1, count: line.count - (comma - base) - 1)
            guard let x = DecimalNumber.read(left) else {
                throw InputError("line \(number): cannot read \(first) \"\(Self.clip(DecimalNumber.trim(left)))\"")
            }
            xs.append(x)
            if DecimalNumber.trim(right).isEmpty {
                ys.append(.nan)
            } else if let y = DecimalNumber.read(right) {
                ys.append(y)
            } else {
                throw InputError("line \(number): cannot read \(second) \"\(Self.clip(DecimalNumber.trim(right)))\"")
            }
        }
        return (xs, ys)
    }

    /// One number a line; an empty line is a gap (NaN).
    func singles(what: String = "a number") throws -> [Double] {
        var values: [Double] = []
        values.reserveCapacity(estimatedLines)
        try forEachLine { line, number in
            if DecimalNumber.trim(line).isEmpty { values.append(.nan); return }
            guard let v = DecimalNumber.read(line) else {
                throw InputError("line \(number): cannot read \(what) \"\(Self.clip(DecimalNumber.trim(line)))\"")
            }
            values.append(v)
        }
        return values
    }

    private static func clip(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let text = String(decoding: bytes.prefix(40), as: UTF8.self)
        return bytes.count > 40 ? text + "…" : text
    }
}
