extension CSVImport {
    /// Byte range of one field in the input, and whether it was quoted.
    package struct Field {
        package var start: Int
        package var end: Int
        package var quoted: Bool
    }

    /// The tokenizer: splits records into fields in place (quotes, doubled quotes, line breaks
    /// inside quotes, CRLF), counting lines for error messages.
    package struct Reader {
        package let b: UnsafeBufferPointer<UInt8>
        package var at = 0
        package var line = 1
        package var delimiter = UInt8(ascii: ",")
        package var decimalComma = false
        package var fields: [Field] = []
        /// The line where a quote opened that the input never closes (the record ran to the end).
        package var unclosedQuoteLine: Int?

        package init(_ buffer: UnsafeBufferPointer<UInt8>) {
            b = buffer
            if b.count >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF { at = 3 }  // UTF-8 BOM
        }

        /// Splits the next record into `fields`; returns its first line number, or nil at the end.
        package mutating func nextRecord(end limit: Int) -> Int? {
            guard at < limit else { return nil }
            let startLine = line
            fields.removeAll(keepingCapacity: true)
            var fieldStart = at
            var quoted = false
            var inQuotes = false
            var quoteLine = line
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
                    inQuotes = true; quoted = true; quoteLine = line; at += 1; continue
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
                    return startLine
                }
                at += 1
            }
            if inQuotes { unclosedQuoteLine = quoteLine }
            var end = at
            if end > fieldStart && b[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            fields.append(Field(start: fieldStart, end: end, quoted: quoted))
            return startLine
        }

        /// The field's text without its quotes ("" unescaped).
        package func text(_ f: Field) -> String {
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
        package func clip(_ s: String) -> String {
            var out = ""
            for scalar in s.unicodeScalars.prefix(40) {
                switch scalar.value {
                case 0..<0x20, 0x7F, 0x85, 0x2028, 0x2029: out += "\\u{\(String(scalar.value, radix: 16))}"
                default: out.unicodeScalars.append(scalar)
                }
            }
            return s.unicodeScalars.count > 40 ? out + "…" : out
        }
    }
}
