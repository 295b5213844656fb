import Testing
@testable import HTTPServer

@Suite struct PercentDecodingTests {
    @Test func decodesEscapesAndPlus() {
        #expect(PercentDecoding.decode("a%20b") == "a b")
        #expect(PercentDecoding.decode("a+b", plusIsSpace: true) == "a b")
        #expect(PercentDecoding.decode("a+b") == "a+b")
        #expect(PercentDecoding.decode("caf%C3%A9") == "café")
    }

    @Test func refusesMalformedEscapesNulAndInvalidUTF8() {
        #expect(PercentDecoding.decode("%2") == nil)
        #expect(PercentDecoding.decode("%zz") == nil)
        #expect(PercentDecoding.decode("a%00b") == nil)
        #expect(PercentDecoding.decode("%FF") == nil)
    }

    @Test func encodeRoundTrips() {
        for text in ["Designer's favourite", "../x", "café ☕", "a/b?c=d&e"] {
            #expect(PercentDecoding.decode(Substring(PercentDecoding.encode(text))) == text)
        }
    }
}
