import ChartEngine
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
        let result: Result
        do {
            result = try bytes.withUnsafeBufferPointer { buffer in
                var reader = Reader(buffer)
                return try reader.read()
            }
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure(line: nil, message: "\(error)")
        }
        return result
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
        var scratch: [UInt8] = []

        init(_ buffer: UnsafeBufferPointer<UInt8>) {
            b = buffer
            if b.count >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF { at = 3 }  // UTF-8 BOM
        }

        mutating func read() throws -> Result {
            detectDelimiter()
            guard let (firstLine, _) = nextRecord() else { throw Failure(line: nil, message: "the file holds no rows") }
            let first = fields
            let firstIsHeader = !first.indices.contains { i in
                let text = self.text(first[i])
                return Self.number(text, decimalComma: decimalComma) != nil || TimeText.seconds(text) != nil
            }
            let names = firstIsHeader ? first.map { self.text($0).trimmed.lowercased() } : []
            let (timeIndex, priceIndex) = try chooseColumns(names: names, count: first.count, line: firstLine)
            let timeName = firstIsHeader ? text(first[timeIndex]).trimmed : "column \(timeIndex + 1)"
            let priceName = firstIsHeader ? text(first[priceIndex]).trimmed : "column \(priceIndex + 1)"

            var times: [Int64] = [], prices: [Double] = []
            let estimate = Swift.min(b.count / 24, Self.maxRowsEstimate)
            times.reserveCapacity(estimate); prices.reserveCapacity(estimate)
            var sorted = true
            var record: (Int, Int)? = firstIsHeader ? nextRecord() : (firstLine, 0)
            if !firstIsHeader { fields = first }
            while let (lineNumber, _) = record {
                if fields.count == 1 && fields[0].start == fields[0].end && !fields[0].quoted { record = nextRecord(); continue }  // blank line
                let needed = Swift.max(timeIndex, priceIndex) + 1
                guard fields.count >= needed else {
                    throw Failure(line: lineNumber, message: "expected at least \(needed) fields, found \(fields.count)")
                }
                guard let t = time(fields[timeIndex]) else {
                    throw Failure(line: lineNumber, message: "cannot read the time \"\(clip(text(fields[timeIndex])))\" in \(timeName)")
                }
                let p = try price(fields[priceIndex], line: lineNumber, column: priceName)
                if let last = times.last, t <= last { sorted = false }
                times.append(t); prices.append(p)
                guard times.count <= CSVImport.maxRows else {
                    throw Failure(line: lineNumber, message: "more than \(CSVImport.maxRows) rows")
                }
                record = nextRecord()
            }
            guard !times.isEmpty else { throw Failure(line: nil, message: "the file has a header but no rows") }
            var warnings: [String] = []
            if !sorted {
                let (t, p, duplicates, wasUnordered) = Self.sortKeepingLast(times, prices)
                times = t; prices = p
                if wasUnordered { warnings.append("rows were not in time order; they were sorted") }
                if duplicates > 0 { warnings.append("\(duplicates) rows repeated a time; the last row of each time was kept") }
            }
            return Result(series: PriceSeries(times: times, prices: prices), rows: times.count,
                          timeColumn: timeName, priceColumn: priceName, warnings: warnings)
        }

        static let maxRowsEstimate = 30_000_000

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
        mutating func nextRecord() -> (Int, Int)? {
            guard at < b.count else { return nil }
            let startLine = line
            fields.removeAll(keepingCapacity: true)
            var fieldStart = at
            var quoted = false
            var inQuotes = false
            while at < b.count {
                let c = b[at]
                if inQuotes {
                    if c == UInt8(ascii: "\"") {
                        if at + 1 < b.count && b[at + 1] == UInt8(ascii: "\"") { at += 2; continue }
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

        func clip(_ s: String) -> String { s.count > 40 ? String(s.prefix(40)) + "…" : s }

        func chooseColumns(names: [String], count: Int, line: Int) throws -> (Int, Int) {
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
                throw Failure(line: line, message: "no price column: expected one named Close or Price among \(names.joined(separator: ", "))")
            }
            guard time != price else { throw Failure(line: line, message: "the time and price columns are the same") }
            return (time, price)
        }

        mutating func time(_ f: Field) -> Int64? {
            withField(f) { TimeText.seconds($0) }
        }

        mutating func price(_ f: Field, line: Int, column: String) throws -> Double {
            let decimalComma = self.decimalComma
            let thousands = f.quoted || decimalComma ? delimiterForThousands : nil
            let value: Double?? = withField(f) { bytes -> Double?? in
                if Self.isGap(bytes) { return .some(.nan) }
                return .some(Self.number(bytes, decimalComma: decimalComma, thousands: thousands))
            }
            guard let v = value ?? nil, v.isNaN || v.isFinite else {
                throw Failure(line: line, message: "cannot read the price \"\(clip(text(f)))\" in \(column)")
            }
            return v
        }

        /// Inside quotes, "1,234.50" uses commas to group thousands.
        var delimiterForThousands: UInt8? { decimalComma ? UInt8(ascii: ".") : UInt8(ascii: ",") }

        mutating func withField<T>(_ f: Field, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
            if !f.quoted { return body(UnsafeBufferPointer(rebasing: b[f.start..<f.end])) }
            scratch = Array(text(f).utf8)
            return scratch.withUnsafeBufferPointer(body)
        }

        static func isGap(_ s: UnsafeBufferPointer<UInt8>) -> Bool {
            let t = trim(s)
            if t.isEmpty { return true }
            let lowered = String(decoding: t, as: UTF8.self).lowercased()
            return ["null", "nan", "na", "n/a", "none", "-", "#n/a"].contains(lowered)
        }

        static func trim(_ s: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
            var lo = 0, hi = s.count
            while lo < hi && (s[lo] == 32 || s[lo] == 9) { lo += 1 }
            while hi > lo && (s[hi - 1] == 32 || s[hi - 1] == 9) { hi -= 1 }
            return UnsafeBufferPointer(rebasing: s[lo..<hi])
        }

        static func number(_ text: String, decimalComma: Bool) -> Double? {
            var bytes = Array(text.utf8)
            return bytes.withUnsafeMutableBufferPointer { number(UnsafeBufferPointer($0), decimalComma: decimalComma, thousands: nil) }
        }

        /// A decimal number: exact fast path for up to 15 significant digits, else strtod.
        static func number(_ raw: UnsafeBufferPointer<UInt8>, decimalComma: Bool, thousands: UInt8?) -> Double? {
            let s = trim(raw)
            guard !s.isEmpty else { return nil }
            // With decimal commas, a field holding no comma still reads "1.5" as one and a half.
            let commaDecimal = decimalComma && s.contains(UInt8(ascii: ","))
            let point = commaDecimal ? UInt8(ascii: ",") : UInt8(ascii: ".")
            let thousands = thousands == point ? nil : thousands
            var i = 0
            var negative = false
            if s[0] == UInt8(ascii: "-") || s[0] == UInt8(ascii: "+") { negative = s[0] == UInt8(ascii: "-"); i = 1 }
            var mantissa: UInt64 = 0, digits = 0, scale = 0, sawPoint = false, sawDigit = false
            var slow = false
            while i < s.count {
                let c = s[i]
                if c >= 48 && c <= 57 {
                    sawDigit = true
                    if digits < 18 { mantissa = mantissa * 10 + UInt64(c - 48); if mantissa > 0 { digits += 1 }; if sawPoint { scale -= 1 } }
                    else { slow = true; if !sawPoint { scale += 1 } }
                } else if c == point && !sawPoint {
                    sawPoint = true
                } else if let thousands, c == thousands, !sawPoint {
                    // grouping separator: skip
                } else if c == UInt8(ascii: "e") || c == UInt8(ascii: "E") {
                    slow = true; break
                } else {
                    return nil
                }
                i += 1
            }
            guard sawDigit else { return nil }
            if !slow && digits <= 15 && scale >= -22 {
                let value = scale < 0 ? Double(mantissa) / powersOfTen[-scale] : Double(mantissa)
                return negative ? -value : value
            }
            // Rare: many digits or an exponent. Normalise the decimal mark and let strtod round.
            var text = [UInt8]()
            for c in s where c != thousands { text.append(c == point ? UInt8(ascii: ".") : c) }
            text.append(0)
            return text.withUnsafeBufferPointer { p -> Double? in
                var end: UnsafeMutablePointer<CChar>?
                let v = p.baseAddress!.withMemoryRebound(to: CChar.self, capacity: p.count) { strtod($0, &end) }
                let consumed = end.map { UnsafeRawPointer($0) - UnsafeRawPointer(p.baseAddress!) } ?? 0
                return consumed == p.count - 1 && v.isFinite ? v : nil
            }
        }

        static let powersOfTen: [Double] = (0...22).map { e in (0..<e).reduce(1.0) { p, _ in p * 10 } }

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

private extension String {
    var trimmed: String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" { s = s.dropLast() }
        return String(s)
    }
}
