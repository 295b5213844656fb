extension CSVImport {
    /// What the header (or the first row) says about the file.
    package struct Layout: Sendable {
        package var delimiter: UInt8
        package var decimalComma: Bool
        package var timeIndex: Int
        package var priceIndex: Int
        package var timeName: String
        package var priceName: String
        package var hasHeader: Bool
    }
}

/// Sniffing: the delimiter, whether the first line is a header, and which columns hold the
/// time and the price.
extension CSVImport.Reader {
    /// Reads the delimiter, the header (if any) and picks the time and price columns; leaves
    /// `at` at the first data row.
    mutating func readLayout() throws(CSVImport.Failure) -> CSVImport.Layout {
        detectDelimiter()
        let headerStart = at, headerLine = line
        guard let firstLine = nextRecord(end: b.count) else { throw CSVImport.Failure(line: nil, message: "the file holds no rows") }
        let first = fields
        let firstIsHeader = !first.indices.contains { i in
            let text = self.text(first[i])
            return DecimalNumber.read(text, decimalComma: decimalComma) != nil || TimeText.seconds(text) != nil
        }
        let names = firstIsHeader ? first.map { self.text($0).trimmed.lowercased() } : []
        let (timeIndex, priceIndex) = try chooseColumns(names: names, count: first.count, line: firstLine)
        if !firstIsHeader { at = headerStart; line = headerLine }  // the first row is data: read it again
        return CSVImport.Layout(delimiter: delimiter, decimalComma: decimalComma, timeIndex: timeIndex, priceIndex: priceIndex,
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

    func chooseColumns(names: [String], count: Int, line: Int) throws(CSVImport.Failure) -> (Int, Int) {
        if names.isEmpty {
            switch count {
            case 0, 1: throw CSVImport.Failure(line: line, message: "expected a time and a price, found \(count) field")
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
            throw CSVImport.Failure(line: line, message: "no price column: expected one named Close or Price among \(names.map(clip).joined(separator: ", "))")
        }
        guard time != price else { throw CSVImport.Failure(line: line, message: "the time and price columns are the same") }
        return (time, price)
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
