import ChartEngine
import Glibc

extension CSVImport {
    /// The rows of one part of the file.
    package struct Chunk {
        package var times: [Int64] = []
        /// Whole cents while every price is one: no Double array to build and convert later.
        package var prices = PriceColumn()
        package var sorted = true
        package var failure: Failure?
        /// The first row whose price is zero or negative, and how many such rows there are.
        package var firstNonPositive: (line: Int, price: Double)?
        package var nonPositiveCount = 0
        /// The number of the last line read (the part's lines counted from its first line = 1).
        package var lastLine = 0
    }
}

/// Reads the data rows of one part of the file.
package struct RowReader {
    package var reader: CSVImport.Reader
    package let end: Int
    package let layout: CSVImport.Layout

    private let reserveFor: Range<Int>

    package init(_ buffer: UnsafeBufferPointer<UInt8>, range: Range<Int>, layout: CSVImport.Layout, firstLine: Int, reserveFor: Range<Int>) {
        self.reserveFor = reserveFor
        reader = CSVImport.Reader(buffer)
        reader.at = range.lowerBound
        reader.line = firstLine
        reader.delimiter = layout.delimiter
        reader.decimalComma = layout.decimalComma
        end = range.upperBound
        self.layout = layout
    }

    package mutating func read() -> CSVImport.Chunk {
        var chunk = CSVImport.Chunk()
        reserve(&chunk)
        let needed = Swift.max(layout.timeIndex, layout.priceIndex) + 1
        while let lineNumber = reader.nextRecord(end: end) {
            if let opened = reader.unclosedQuoteLine {
                chunk.failure = CSVImport.Failure(line: opened, message: "a quote opens here and is never closed (the rest of the file would be one field)")
                return chunk
            }
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
    package mutating func readQuoteFree() -> CSVImport.Chunk {
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
        guard p.isNaN || p.magnitude <= CSVImport.maxPrice else {
            chunk.failure = CSVImport.Failure(line: line, message: "the price \"\(reader.clip(reader.text(priceField)))\" in \(layout.priceName) is beyond \(CSVImport.maxPriceText), not a real price")
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
}
