import Testing
import ChartEngine
@testable import WorkbenchSupport

@Suite struct JSONValueTests {
    /// JSON's numbers and the engine's are written alike, though the HTTP core does not use the engine's code.
    @Test func numbersAreWrittenAsTheEngineWritesThem() {
        var generator = SystemRandomNumberGenerator()
        var values: [Double] = [0, -0.0, 1, -1, 12, 0.1, 0.3, 1e-7, -1.5e-7, 123.45, 1e15, 1e16, 1.5e20, 9007199254740993, 1e300, 5e-324,
                                .ulpOfOne, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 0x1p53, 0x1p53 + 2, 70_123.12, 0.000123]
        for _ in 0..<20_000 {
            values.append(Double(bitPattern: generator.next() & ~(0x7FF << 52) | UInt64.random(in: 0x3A0...0x460) << 52))
            values.append(Double(Int.random(in: -10_000_000...10_000_000)) / 100)
            values.append(Double(Int64.random(in: -(1 << 60)...(1 << 60))))
        }
        for value in values where value.isFinite {
            #expect(JSONNumberText.text(value) == NumberText.shortest(value), "\(value)")
            #expect(Double(JSONNumberText.text(value)) == value, "\(value)")
        }
    }

    @Test func invisibleCharactersAreEscapedAsTheEngineSays() {
        for scalar in ["\u{202E}", "\u{200B}", "\u{2028}", "\u{FEFF}", "\u{0085}", "\u{E0001}", "\u{1D173}"].compactMap({ $0.unicodeScalars.first }) {
            #expect(InvisibleText.isInvisible(scalar))
            #expect(JSONValue.string("a" + String(scalar)).serialized() == "\"a" + InvisibleText.utf16Escape(scalar).lowercased() + "\"")
        }
        #expect(JSONValue.string("é€😀").serialized() == "\"é€😀\"")
    }

    @Test func parsesAndWritesBackInKeyOrder() throws {
        let text = #"{"b":1,"a":[true,false,null],"c":"x\ny","d":-1.5e-3}"#
        let value = try JSONValue.parse(text)
        #expect(value.objectPairs?.map(\.0) == ["b", "a", "c", "d"])
        #expect(value.serialized() == #"{"b":1,"a":[true,false,null],"c":"x\ny","d":-0.0015}"#)
        #expect(try JSONValue.parse(value.serialized()) == value)
    }

    /// Valid JSON, but beyond a double: said as such, at its place, not as "expected a value".
    @Test func aNumberBeyondADoubleIsSaidAsSuch() {
        do {
            _ = try JSONValue.parse(#"{"parameters": {"markerRadius": 1e400}}"#)
            Issue.record("1e400 was read")
        } catch {
            #expect(error.description.contains("column 33"), "\(error)")
            #expect(error.description.contains("the number 1e400 is beyond what a number here can hold"), "\(error)")
        }
        #expect((try? JSONValue.parse("[-1e308, 1e-400]")) == .array([.number(-1e308), .number(0)]))
    }

    @Test func aRepeatedKeyTakesTheLastValue() throws {
        let value = try JSONValue.parse(#"{"a":1,"b":2,"a":3}"#)
        #expect(value["a"] == .number(3))
        #expect(value.objectPairs?.count == 2)
    }

    @Test func repeatedKeysInABigObjectStayUnique() throws {
        var text = "{"
        for k in 0..<100 { text += "\"k\(k)\":\(k)," }
        text += #""k7":"again","k99":"last"}"#
        let value = try JSONValue.parse(text)
        #expect(value.objectPairs?.count == 100)
        #expect(value["k7"] == .string("again"))
        #expect(value["k99"] == .string("last"))
        #expect(value.objectPairs?[7].0 == "k7")
    }

    @Test func anObjectWithTooManyKeysIsRefused() {
        // 40,000 keys once took seconds (each key searched all before it); now a clear error.
        let text = "{" + (0..<40_000).map { "\"k\($0)\":0" }.joined(separator: ",") + "}"
        #expect {
            try JSONValue.parse(text)
        } throws: { error in
            "\(error)".contains("at most 4096 keys")
        }
        let allowed = "{" + (0..<4096).map { "\"k\($0)\":0" }.joined(separator: ",") + "}"
        #expect((try? JSONValue.parse(allowed))?.objectPairs?.count == 4096)
    }

    @Test func escapesAndSurrogates() throws {
        #expect(try JSONValue.parse(#""caf\u00e9 \ud83d\ude00 \/""#) == .string("café 😀 /"))
        for bad in [#""\u+123""#, #""\u12""#, #""\ud83d""#, #""\udc00x""#, "\"a\u{01}\"", #""\x""#] {
            #expect(throws: JSONValue.ParseError.self, "\(bad)") { try JSONValue.parse(bad) }
        }
        let escaped = JSONValue.string("\u{2028}\"\\\u{1}").serialized()
        #expect(escaped == #""\u2028\"\\\u0001""#)
    }

    @Test func errorsNameLineAndColumn() {
        do {
            _ = try JSONValue.parse("{\n  \"a\": tru\n}")
            Issue.record("accepted")
        } catch {
            #expect(error.line == 2)
            #expect(error.description.hasPrefix("JSON line 2"))
        }
    }

    @Test func refusesMalformedDocuments() {
        let nested = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        for bad in ["", "{", "[1,]", "{\"a\"}", "01x", "+1", ".5", "1e999", "nul", "[1] 2", nested] {
            #expect(throws: JSONValue.ParseError.self, "\(bad)") { try JSONValue.parse(bad) }
        }
    }
}
