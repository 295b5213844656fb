import ChartEngine
import Dispatch
import Foundation
import Glibc

/// Reads price CSVs as people export them (SPEC §6): Yahoo Finance, pandas `to_csv` (unnamed
/// index column), exchange exports in Unix seconds or milliseconds, ISO-8601 dates with or
/// without time and zone, with or without a header, `time,price` pairs, comma, semicolon
/// (with decimal commas) or tab separated, CRLF, a UTF-8 BOM, quoted fields. Rows are read as
/// a stream of bytes; the close price is used when OHLC columns exist; empty or `null` prices
/// are gaps; unsorted rows are sorted and duplicate times reported. Any bad row fails the whole
/// import with its line number, so nothing half-read ever replaces a series.
struct CSVImport {
    struct Failure: Error, CustomStringConvertible {
        let line: Int?
        let message: String
        var description: String { line.map { "line \($0): \(message)" } ?? message }
    }

    struct Result {
        let series: PriceSeries
        let rows: Int
        let timeColumn: String
        let priceColumn: String
        let warnings: [String]
    }

    static let maxRows = 20_000_000

    static func parse(_ bytes: [UInt8]) throws(Failure) -> Result {
        try bytes.withUnsafeBufferPointer { buffer throws(Failure) in try parse(buffer) }
    }

    /// Reads straight from the file's bytes, without copying them.
    static func parse(_ data: Data) throws(Failure) -> Result {
        let outcome: Swift.Result<Result, Failure> = data.withUnsafeBytes { raw in
            do throws(Failure) { return .success(try parse(raw.bindMemory(to: UInt8.self))) } catch { return .failure(error) }
        }
        return try outcome.get()
    }

    /// The header and format are read first; the rows of a file without quotes are then read as
    /// two halves on two threads (a quoted field may hold a line break, so such files are read
    /// in one piece). Line numbers in errors count from the file's first line either way.
    static func parse(_ buffer: UnsafeBufferPointer<UInt8>) throws(Failure) -> Result {
        var reader = Reader(buffer)
        let layout = try reader.readLayout()
        let rowsStart = reader.at
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
            let input: UnsafeBufferPointer<UInt8>
            let output: UnsafeMutableBufferPointer<Chunk?>
        }
        let shared = Shared(input: buffer, output: parts)
        let firstLine = reader.line
        let wholeRange = rowsStart..<buffer.count
        DispatchQueue.concurrentPerform(iterations: ranges.count) { k in
            // The first part's arrays are sized for every row: the others are appended to them.
            var rows = RowReader(shared.input, range: ranges[k], layout: layout, firstLine: k == 0 ? firstLine : 1,
                                 reserveFor: k == 0 ? wholeRange : ranges[k])
            shared.output[k] = quoteFree ? rows.readQuoteFree() : rows.read()
        }
        // Errors: the first failing part wins; later parts' line numbers continue the earlier ones.
        var lineOffset = 0
        var nonPositive: (line: Int, price: Double, count: Int)?
        var times: [Int64] = []
        var prices = PriceColumn()
        var sorted = true
        for k in parts.indices {
            guard let part = parts[k] else { continue }
            parts[k] = nil  // so the arrays below are not shared and grow in place
            if var failure = part.failure {
                if k > 0 { failure = Failure(line: failure.line.map { $0 + lineOffset }, message: failure.message) }
                throw failure
            }
            if let found = part.firstNonPositive {
                let count = (nonPositive?.count ?? 0) + part.nonPositiveCount
                nonPositive = (nonPositive?.line ?? found.line + (k > 0 ? lineOffset : 0), nonPositive?.price ?? found.price, count)
            }
            if let last = times.last, let first = part.times.first, first <= last { sorted = false }
            sorted = sorted && part.sorted
            if k == 0 {
                times = part.times
                prices = part.prices
            } else {
                times.append(contentsOf: part.times)
                prices.append(contentsOf: part.prices)
            }
            if k == 0 { lineOffset = part.lastLine }
            guard times.count <= maxRows else { throw Failure(line: nil, message: "more than \(maxRows) rows") }
        }
        guard !times.isEmpty else { throw Failure(line: nil, message: layout.hasHeader ? "the file has a header but no rows" : "the file holds no rows") }
        var warnings: [String] = []
        if let nonPositive {
            // Kept as read: a spread or a test feed can be negative, but it is worth a look.
            let others = nonPositive.count > 1 ? " (\(nonPositive.count) rows in all)" : ""
            warnings.append("line \(nonPositive.line): the price \(NumberText.shortest(nonPositive.price)) is zero or negative\(others)")
        }
        if !sorted {
            let (t, p, duplicates, wasUnordered) = Reader.sortKeepingLast(times, Array(prices))
            times = t; prices = PriceColumn(p)
            if wasUnordered { warnings.append("rows were not in time order; they were sorted") }
            if duplicates > 0 { warnings.append("\(duplicates) rows repeated a time; the last row of each time was kept") }
        }
        return Result(series: PriceSeries(times: TimeColumn(times), prices: prices), rows: times.count,
                      timeColumn: layout.timeName, priceColumn: layout.priceName, warnings: warnings)
    }

    /// What the header (or the first row) says about the file.
    struct Layout: Sendable {
        var delimiter: UInt8
        var decimalComma: Bool
        var timeIndex: Int
        var priceIndex: Int
        var timeName: String
        var priceName: String
        var hasHeader: Bool
    }

    /// The rows of one part of the file.
    struct Chunk {
        var times: [Int64] = []
        /// Whole cents while every price is one: no Double array to build and convert later.
        var prices = PriceColumn()
        var sorted = true
        var failure: Failure?
        /// The first row whose price is zero or negative, and how many such rows there are.
        var firstNonPositive: (line: Int, price: Double)?
        var nonPositiveCount = 0
        /// The number of the last line read (the part's lines counted from its first line = 1).
        var lastLine = 0
    }

    /// Byte range of one field in the input, and whether it was quoted.
    struct Field {
        var start: Int
        var end: Int
        var quoted: Bool
    }

    struct Reader {
        let b: UnsafeBufferPointer<UInt8>
        var at = 0
        var line = 1
        var delimiter = UInt8(ascii: ",")
        var decimalComma = false
        var fields: [Field] = []

        init(_ buffer: UnsafeBufferPointer<UInt8>) {
            b = buffer
            if b.count >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF { at = 3 }  // UTF-8 BOM
        }

        /// Reads the delimiter, the header (if any) and picks the time and price columns; leaves
        /// `at` at the first data row.
        mutating func readLayout() throws(Failure) -> Layout {
            detectDelimiter()
            let headerStart = at, headerLine = line
            guard let (firstLine, _) = nextRecord(end: b.count) else { throw Failure(line: nil, message: "the file holds no rows") }
            let first = fields
            let firstIsHeader = !first.indices.contains { i in
                let text = self.text(first[i])
                return DecimalNumber.read(text, decimalComma: decimalComma) != nil || TimeText.seconds(text) != nil
            }
            let names = firstIsHeader ? first.map { self.text($0).trimmed.lowercased() } : []
            let (timeIndex, priceIndex) = try chooseColumns(names: names, count: first.count, line: firstLine)
            if !firstIsHeader { at = headerStart; line = headerLine }  // the first row is data: read it again
            return Layout(delimiter: delimiter, decimalComma: decimalComma, timeIndex: timeIndex, priceIndex: priceIndex,
                          timeName: firstIsHeader ? text(first[timeIndex]).trimmed : "column \(timeIndex + 1)",
                          priceName: firstIsHeader ? text(first[priceIndex]).trimmed : "column \(priceIndex + 1)",
                          hasHeader: firstIsHeader)
        }

        /// The separator that splits the first line most: ';' implies decimal commas.
        mutating func detectDelimiter() {
            var counts: [UInt8: Int] = [UInt8(ascii: ","): 0, UInt8(ascii: ";"): 0, UInt8(ascii: "\t"): 0]
            var i = at, quoted = false
            while i < b.count && (b[i] != UInt8(ascii: "\n") || quoted) {
                if b[i] == UInt8(ascii: "\"") { quoted.toggle() } else if !quoted, counts[b[i]] != nil { counts[b[i]]! += 1 }
                i += 1
            }
            let best = counts.max { a, c in a.value < c.value || (a.value == c.value && a.key != UInt8(ascii: ",")) }!
            delimiter = best.value > 0 ? best.key : UInt8(ascii: ",")
            decimalComma = delimiter == UInt8(ascii: ";")
        }

        /// Splits the next record into `fields`; returns its first line number, or nil at the end.
        mutating func nextRecord(end limit: Int) -> (Int, Int)? {
            guard at < limit else { return nil }
            let startLine = line
            fields.removeAll(keepingCapacity: true)
            var fieldStart = at
            var quoted = false
            var inQuotes = false
            while at < limit {
                let c = b[at]
                if inQuotes {
                    if c == UInt8(ascii: "\"") {
                        if at + 1 < limit && b[at + 1] == UInt8(ascii: "\"") { at += 2; continue }
                        inQuotes = false
                    } else if c == UInt8(ascii: "\n") {
                        line += 1
                    }
                    at += 1
                    continue
                }
                if c == UInt8(ascii: "\"") && at == fieldStart {
                    inQuotes = true; quoted = true; at += 1; continue
                }
                if c == delimiter {
                    fields.append(Field(start: fieldStart, end: at, quoted: quoted))
                    at += 1; fieldStart = at; quoted = false
                    continue
                }
                if c == UInt8(ascii: "\n") {
                    var end = at
                    if end > fieldStart && b[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                    fields.append(Field(start: fieldStart, end: end, quoted: quoted))
                    at += 1; line += 1
                    return (startLine, 0)
                }
                at += 1
            }
            var end = at
            if end > fieldStart && b[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            fields.append(Field(start: fieldStart, end: end, quoted: quoted))
            return (startLine, 0)
        }

        /// The field's text without its quotes ("" unescaped).
        func text(_ f: Field) -> String {
            var start = f.start, end = f.end
            if f.quoted {
                start += 1
                while end > start && b[end - 1] != UInt8(ascii: "\"") { end -= 1 }
                if end > start { end -= 1 }
                let raw = String(decoding: UnsafeBufferPointer(rebasing: b[start..<end]), as: UTF8.self)
                return raw.replacingOccurrences(of: "\"\"", with: "\"")
            }
            return String(decoding: UnsafeBufferPointer(rebasing: b[start..<end]), as: UTF8.self)
        }

        /// A field as quoted in an error: at most 40 characters, control and line-breaking
        /// characters escaped, so the message stays one line.
        func clip(_ s: String) -> String {
            var out = ""
            for scalar in s.unicodeScalars.prefix(40) {
                switch scalar.value {
                case 0..<0x20, 0x7F, 0x85, 0x2028, 0x2029: out += "\\u{\(String(scalar.value, radix: 16))}"
                default: out.unicodeScalars.append(scalar)
                }
            }
            return s.unicodeScalars.count > 40 ? out + "…" : out
        }

        func chooseColumns(names: [String], count: Int, line: Int) throws(Failure) -> (Int, Int) {
            if names.isEmpty {
                switch count {
                case 0, 1: throw Failure(line: line, message: "expected a time and a price, found \(count) field")
                case 2, 3, 4: return (0, 1)
                default: return (0, 4)  // time, open, high, low, close, …
                }
            }
            let timeNames = ["date", "time", "timestamp", "datetime", "date time", "open time", "opentime", "open_time", "unix", "ts", "period"]
            let priceNames = ["close", "price", "close price", "closing price", "last", "last price", "value", "adj close", "adj_close", "rate"]
            let time = timeNames.lazy.compactMap { names.firstIndex(of: $0) }.first ?? 0
            // Two columns: the other one is the price, unless its name says it is something else.
            let notPrices: Set<String> = ["volume", "open", "high", "low", "count", "trades", "quantity", "amount"]
            let other = count == 2 && !notPrices.contains(names[1 - time]) ? 1 - time : nil
            let price = priceNames.lazy.compactMap { names.firstIndex(of: $0) }.first ?? other
            guard let price else {
                throw Failure(line: line, message: "no price column: expected one named Close or Price among \(names.map(clip).joined(separator: ", "))")
            }
            guard time != price else { throw Failure(line: line, message: "the time and price columns are the same") }
            return (time, price)
        }

        /// Inside quotes, "1,234.50" uses commas to group thousands.
        var delimiterForThousands: UInt8? { decimalComma ? UInt8(ascii: ".") : UInt8(ascii: ",") }

        /// Empty, "null", "NaN", "NA", "N/A", "none", "-" or "#N/A": a missing price.
        @inline(__always)
        static func isGap(_ s: UnsafeBufferPointer<UInt8>) -> Bool {
            let t = DecimalNumber.trim(s)
            if t.isEmpty { return true }
            let first = t[0]
            if first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9") || first == UInt8(ascii: ".") { return false }  // the usual case
            if first == UInt8(ascii: "-") && t.count > 1 { return false }
            let lowered = String(decoding: t, as: UTF8.self).lowercased()
            return ["null", "nan", "na", "n/a", "none", "-", "#n/a"].contains(lowered)
        }

        /// Stable sort by time; of rows sharing a time the last one read wins.
        static func sortKeepingLast(_ times: [Int64], _ prices: [Double]) -> ([Int64], [Double], Int, Bool) {
            let order = times.indices.sorted { times[$0] < times[$1] || (times[$0] == times[$1] && $0 < $1) }
            var wasUnordered = false
            for k in 1..<Swift.max(1, times.count) where times[k] < times[k - 1] { wasUnordered = true; break }
            var t: [Int64] = [], p: [Double] = []
            t.reserveCapacity(times.count); p.reserveCapacity(times.count)
            var duplicates = 0
            for i in order {
                if let last = t.last, last == times[i] { p[p.count - 1] = prices[i]; duplicates += 1; continue }
                t.append(times[i]); p.append(prices[i])
            }
            return (t, p, duplicates, wasUnordered)
        }
    }
}

/// Reads the data rows of one part of the file.
private struct RowReader {
    var reader: CSVImport.Reader
    let end: Int
    let layout: CSVImport.Layout

    private let reserveFor: Range<Int>

    init(_ buffer: UnsafeBufferPointer<UInt8>, range: Range<Int>, layout: CSVImport.Layout, firstLine: Int, reserveFor: Range<Int>) {
        self.reserveFor = reserveFor
        reader = CSVImport.Reader(buffer)
        reader.at = range.lowerBound
        reader.line = firstLine
        reader.delimiter = layout.delimiter
        reader.decimalComma = layout.decimalComma
        end = range.upperBound
        self.layout = layout
    }

    mutating func read() -> CSVImport.Chunk {
        var chunk = CSVImport.Chunk()
        reserve(&chunk)
        let needed = Swift.max(layout.timeIndex, layout.priceIndex) + 1
        while let (lineNumber, _) = reader.nextRecord(end: end) {
            let count = reader.fields.count
            if count == 1 && reader.fields[0].start == reader.fields[0].end && !reader.fields[0].quoted { continue }  // blank line
            guard count >= needed else {
                chunk.failure = CSVImport.Failure(line: lineNumber, message: "expected at least \(needed) fields, found \(count)")
                return chunk
            }
            guard accept(time: reader.fields[layout.timeIndex], price: reader.fields[layout.priceIndex], line: lineNumber, into: &chunk) else {
                return chunk
            }
        }
        chunk.lastLine = reader.line - 1
        return chunk
    }

    /// Sizes the arrays from the first rows' average length, so they are neither copied while
    /// growing nor left twice too large.
    private func reserve(_ chunk: inout CSVImport.Chunk) {
        let sample = Swift.min(end - reader.at, 64 * 1024)
        guard sample > 0 else { return }
        let start = reader.at
        var lines = 0
        for i in start..<(start + sample) where reader.b[i] == UInt8(ascii: "\n") { lines += 1 }
        let estimate = lines > 0 ? Int(Double(reserveFor.count) / (Double(sample) / Double(lines)) * 1.02) + 16 : 16
        chunk.times.reserveCapacity(estimate)
        chunk.prices.reserveCapacity(estimate)
    }

    /// The same as `read()` for a part with no quote characters: the line end comes from
    /// memchr and only the fields up to the price column are looked at.
    mutating func readQuoteFree() -> CSVImport.Chunk {
        var chunk = CSVImport.Chunk()
        reserve(&chunk)
        let b = reader.b, base = b.baseAddress!
        let delimiter = layout.delimiter
        let timeIndex = layout.timeIndex, priceIndex = layout.priceIndex
        let needed = Swift.max(timeIndex, priceIndex) + 1
        var at = reader.at
        var line = reader.line
        while at < end {
            let lineStart = at, lineNumber = line
            let lineEnd = memchr(base + at, 10, end - at).map { UnsafePointer<UInt8>($0.assumingMemoryBound(to: UInt8.self)) - base } ?? end
            var contentEnd = lineEnd
            if contentEnd > lineStart && b[contentEnd - 1] == 13 { contentEnd -= 1 }
            at = lineEnd + 1
            line += 1
            if contentEnd == lineStart { continue }  // blank line
            var timeField = CSVImport.Field(start: 0, end: 0, quoted: false), priceField = timeField
            var index = 0, fieldStart = lineStart, i = lineStart
            while index < needed {
                while i < contentEnd && b[i] != delimiter { i += 1 }
                if index == timeIndex { timeField = CSVImport.Field(start: fieldStart, end: i, quoted: false) }
                if index == priceIndex { priceField = CSVImport.Field(start: fieldStart, end: i, quoted: false) }
                index += 1
                if i >= contentEnd { break }
                i += 1
                fieldStart = i
            }
            guard index >= needed else {
                let count = (lineStart..<contentEnd).reduce(1) { $0 + (b[$1] == delimiter ? 1 : 0) }
                chunk.failure = CSVImport.Failure(line: lineNumber, message: "expected at least \(needed) fields, found \(count)")
                return chunk
            }
            guard accept(time: timeField, price: priceField, line: lineNumber, into: &chunk) else { return chunk }
        }
        chunk.lastLine = line - 1
        return chunk
    }

    /// Reads one row's time and price into the chunk; false (with the failure set) when either
    /// cannot be read or there are too many rows.
    @inline(__always)
    private func accept(time timeField: CSVImport.Field, price priceField: CSVImport.Field, line: Int, into chunk: inout CSVImport.Chunk) -> Bool {
        guard let t = time(timeField) else {
            chunk.failure = CSVImport.Failure(line: line, message: "cannot read the time \"\(reader.clip(reader.text(timeField)))\" in \(layout.timeName)")
            return false
        }
        guard let p = price(priceField) else {
            chunk.failure = CSVImport.Failure(line: line, message: "cannot read the price \"\(reader.clip(reader.text(priceField)))\" in \(layout.priceName)")
            return false
        }
        if let last = chunk.times.last, t <= last { chunk.sorted = false }
        if p <= 0 {
            if chunk.firstNonPositive == nil { chunk.firstNonPositive = (line, p) }
            chunk.nonPositiveCount += 1
        }
        chunk.times.append(t)
        chunk.prices.append(p)
        guard chunk.times.count <= CSVImport.maxRows else {
            chunk.failure = CSVImport.Failure(line: line, message: "more than \(CSVImport.maxRows) rows")
            return false
        }
        return true
    }

    @inline(__always)
    private func bytes(_ f: CSVImport.Field) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: reader.b[f.start..<f.end])
    }

    @inline(__always)
    private func time(_ f: CSVImport.Field) -> Int64? {
        f.quoted ? TimeText.seconds(reader.text(f)) : TimeText.seconds(bytes(f))
    }

    /// The price, NaN for a gap, nil when unreadable. Inside quotes, "1,234.50" groups thousands.
    private func price(_ f: CSVImport.Field) -> Double? {
        let value: Double?
        if f.quoted {
            var text = Array(reader.text(f).utf8)
            value = text.withUnsafeMutableBufferPointer { p in
                let view = UnsafeBufferPointer(p)
                return CSVImport.Reader.isGap(view) ? .nan
                    : DecimalNumber.read(view, decimalComma: layout.decimalComma, thousands: reader.delimiterForThousands)
            }
        } else {
            let view = bytes(f)
            value = CSVImport.Reader.isGap(view) ? .nan
                : DecimalNumber.read(view, decimalComma: layout.decimalComma, thousands: layout.decimalComma ? UInt8(ascii: ".") : nil)
        }
        guard let v = value, v.isNaN || v.isFinite else { return nil }
        return v
    }
}

private extension String {
    var trimmed: String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" { s = s.dropLast() }
        return String(s)
    }
}

/// A CSV file's bytes, memory-mapped when possible: no copy, and no fresh pages to zero.
enum CSVFile {
    static func contents(_ path: String) -> Data? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return nil }
        let size = Int(info.st_size)
        if size == 0 { return Data() }
        guard (info.st_mode & S_IFMT) == S_IFREG, let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), address != MAP_FAILED else {
            return FileManager.default.contents(atPath: path)  // pipes and other special files
        }
        madvise(address, size, MADV_SEQUENTIAL)
        return Data(bytesNoCopy: address, count: size, deallocator: .custom { pointer, count in munmap(pointer, count) })
    }
}
