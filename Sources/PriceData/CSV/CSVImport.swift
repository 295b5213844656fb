import ChartEngine
import Foundation

/// Reads price CSVs as people export them: Yahoo Finance, pandas `to_csv` (unnamed
/// index column), exchange exports in Unix seconds or milliseconds, ISO-8601 dates with or
/// without time and zone, with or without a header, `time,price` pairs, comma, semicolon
/// (with decimal commas) or tab separated, CRLF, a UTF-8 BOM, quoted fields. Rows are read as
/// a stream of bytes; the close price is used when OHLC columns exist; empty or `null` prices
/// are gaps; unsorted rows are sorted and duplicate times reported. Any bad row fails the whole
/// import with its line number, so nothing half-read ever replaces a series.
package struct CSVImport {
    package struct Failure: Error, CustomStringConvertible {
        package let line: Int?
        package let message: String
        package var description: String { line.map { "line \($0): \(message)" } ?? message }
    }

    package struct Result {
        package let series: PriceSeries
        package let rows: Int
        package let timeColumn: String
        package let priceColumn: String
        package let warnings: [String]

        package init(series: PriceSeries, rows: Int, timeColumn: String, priceColumn: String, warnings: [String]) {
            self.series = series; self.rows = rows; self.timeColumn = timeColumn; self.priceColumn = priceColumn; self.warnings = warnings
        }
    }

    package static let maxRows = 20_000_000
    /// No real price is near this (a whole year of the world's output is about 1e14 dollars): a
    /// larger number is a unit or column mix-up, and would draw a flat line at an absurd label.
    package static let maxPrice = 1e12
    package static let maxPriceText = "1,000,000,000,000 (1e12)"

    /// A spreadsheet, archive or image picked by mistake: said in plain words, without dumping
    /// its bytes. Text never holds NUL or other control bytes besides tab, CR, LF (and form feed).
    package static func rejectBinary(_ buffer: UnsafeBufferPointer<UInt8>) throws(Failure) {
        var controls = 0
        for byte in buffer.prefix(4096) where byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D {
            if byte == 0 { controls = .max; break }
            controls += 1
        }
        guard controls > 2 else { return }
        throw Failure(line: nil, message: "this is not a CSV text file (it holds binary data, as a spreadsheet, archive or image does): export the prices as CSV and import that")
    }

    package static func parse(_ bytes: [UInt8]) throws(Failure) -> Result {
        try bytes.withUnsafeBufferPointer { buffer throws(Failure) in try parse(buffer) }
    }

    /// Reads straight from the file's bytes, without copying them.
    package static func parse(_ data: Data) throws(Failure) -> Result {
        let outcome: Swift.Result<Result, Failure> = data.withUnsafeBytes { raw in
            do throws(Failure) { return .success(try parse(raw.bindMemory(to: UInt8.self))) } catch { return .failure(error) }
        }
        return try outcome.get()
    }

    /// The header and format are read first; the rows of a file without quotes are then read as
    /// two halves on two threads (a quoted field may hold a line break, so such files are read
    /// in one piece). Line numbers in errors count from the file's first line either way.
    package static func parse(_ buffer: UnsafeBufferPointer<UInt8>) throws(Failure) -> Result {
        try rejectBinary(buffer)
        var reader = Reader(buffer)
        let layout = try reader.readLayout()
        var parts = readRows(buffer, from: reader.at, firstLine: reader.line, layout: layout)
        // Errors: the first failing part wins; later parts' line numbers continue the earlier ones.
        var lineOffset = 0
        var nonPositive: (line: Int, price: Double, count: Int)?
        var times: [Int64] = []
        var prices = PriceColumn()
        var sorted = true
        for k in parts.indices {
            let part = parts[k]
            parts[k] = Chunk()  // so the arrays below are not shared and grow in place
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
            let (t, p, duplicates, wasUnordered) = sortKeepingLast(times, Array(prices))
            times = t; prices = PriceColumn(p)
            if wasUnordered { warnings.append("rows were not in time order; they were sorted") }
            if duplicates > 0 {
                warnings.append(duplicates == 1 ? "1 row repeats an earlier row's time; the last row of each time was kept"
                                                : "\(duplicates) rows repeat an earlier row's time; the last row of each time was kept")
            }
        }
        return Result(series: PriceSeries(times: TimeColumn(times), prices: prices), rows: times.count,
                      timeColumn: layout.timeName, priceColumn: layout.priceName, warnings: warnings)
    }
}
