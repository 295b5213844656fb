import Testing
@testable import PriceData

@Suite struct CSVImportTests {
    private func parse(_ text: String) throws(CSVImport.Failure) -> CSVImport.Result {
        try CSVImport.parse(Array(text.utf8))
    }

    private func failure(_ text: String) -> CSVImport.Failure? {
        do { _ = try parse(text); return nil } catch { return error }
    }

    @Test func readsYahooExportsByTheCloseColumn() throws {
        let r = try parse("Date,Open,High,Low,Close,Adj Close,Volume\n2021-08-23,1,2,0.5,49546.15,49546.15,10\n2021-08-24,1,2,0.5,48531.83,48531.83,12\n")
        #expect(r.rows == 2 && r.timeColumn == "Date" && r.priceColumn == "Close")
        #expect(Array(r.series.times) == [1_629_676_800, 1_629_763_200])
        #expect(r.series.prices[1] == 48531.83)
        #expect(r.warnings.isEmpty)
    }

    @Test func sniffsDelimitersHeadersQuotesAndBOM() throws {
        let semicolons = try parse("\u{FEFF}Datum;Close\r\n2021-01-01;28.923,63\r\n2021-01-02;1,5\r\n")
        #expect(semicolons.series.prices[0] == 28923.63 && semicolons.series.prices[1] == 1.5)
        let noHeader = try parse("1609459200000,1,2,0.5,29331.69,5\n1609545600000,1,2,0.5,32178.33,6\n")
        #expect(noHeader.priceColumn == "column 5" && noHeader.series.times[0] == 1_609_459_200)
        let quoted = try parse("\"time\",\"price\"\n\"1\",\"1,234.50\"\n\"2\",\"\"\n")
        #expect(quoted.series.prices[0] == 1234.5 && quoted.series.prices[1].isNaN)
        // A line break inside quotes belongs to the field; the next record's line still counts it.
        #expect(failure("time,price\n\"1\",\"2\nx\"\n3,y\n")?.line == 2)
        #expect(failure("time,price\n1,\"2\"\n\"x\ny\",3\n4,z\n")?.line == 3)
    }

    @Test func gapsAreNaNAndUnsortedRowsAreSortedWithAWarning() throws {
        let r = try parse("time,price\n3,30\n1,\n2,null\n2,21\n")
        #expect(Array(r.series.times) == [1, 2, 3])
        #expect(r.series.prices[0].isNaN && r.series.prices[1] == 21)
        #expect(r.warnings.contains { $0.contains("sorted") } && r.warnings.contains { $0.contains("1 row repeats an earlier row's time") })
    }

    @Test func zeroOrNegativePricesAreKeptWithAWarningNamingTheFirstLine() throws {
        let r = try parse("time,price\n1,5\n2,0\n3,-1.5\n4,6\n")
        #expect(r.rows == 4 && r.series.prices[2] == -1.5)
        #expect(r.warnings == ["line 3: the price 0 is zero or negative (2 rows in all)"])
        let one = try parse("time,price\n1,5\n2,-0.25\n")
        #expect(one.warnings == ["line 3: the price -0.25 is zero or negative"])
    }

    @Test func badRowsFailTheWholeImportNamingTheLine() {
        #expect(failure("time,price\n1,2\nbanana,3\n")?.line == 3)
        #expect(failure("time,price\n1,2\n3\n")?.description == "line 3: expected at least 2 fields, found 1")
        #expect(failure("1615680000,1\n9999999999999999999,1\n")?.line == 2)
        #expect(failure("time,price\n1,1e999\n")?.line == 2)
        #expect(failure("")?.line == nil)
        #expect(failure("Date,Close\n")?.message == "the file has a header but no rows")
        #expect(failure("Date,Volume\n2021-01-01,5\n")?.message.hasPrefix("no price column") == true)
    }

    @Test func errorMessagesStayOneLine() throws {
        let message = try #require(failure("time,price\n1,\"a\u{2028}b\rc\"\n")).description
        #expect(!message.contains("\r") && !message.contains("\u{2028}") && !message.contains("\n"))
        #expect(message.contains("\\u{2028}"))
        let long = try #require(failure("time,price\n1,\(String(repeating: "x", count: 500))\n")).description
        #expect(long.count < 150 && long.contains("…"))
    }

    @Test func bothHalvesOfABigFileCountLinesFromTheTop() throws {
        var text = "time,price\n"
        for k in 0..<200_000 { text += "\(1_600_000_000 + k * 60),\(k == 150_003 ? "-2" : "100.50000")\n" }
        #expect(text.utf8.count > 4_000_000)
        let r = try parse(text)
        #expect(r.rows == 200_000)
        #expect(r.warnings == ["line 150005: the price -2 is zero or negative"])
        let broken = text.replacingOccurrences(of: "\(1_600_000_000 + 180_000 * 60),", with: "x,")
        #expect(failure(broken)?.line == 180_002)
    }
}
