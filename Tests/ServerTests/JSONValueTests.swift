import Testing
@testable import WorkbenchSupport

@Suite struct JSONValueTests {
    @Test func parsesAndWritesBackInKeyOrder() throws {
        let text = #"{"b":1,"a":[true,false,null],"c":"x\ny","d":-1.5e-3}"#
        let value = try JSONValue.parse(text)
        #expect(value.objectPairs?.map(\.0) == ["b", "a", "c", "d"])
        #expect(value.serialized() == #"{"b":1,"a":[true,false,null],"c":"x\ny","d":-0.0015}"#)
        #expect(try JSONValue.parse(value.serialized()) == value)
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
