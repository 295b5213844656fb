/// Reading one row's time and price: gaps, decimal commas, thousands inside quotes.
extension CSVImport.Reader {
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
}

extension RowReader {
    @inline(__always)
    func bytes(_ f: CSVImport.Field) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: reader.b[f.start..<f.end])
    }

    @inline(__always)
    func time(_ f: CSVImport.Field) -> Int64? {
        f.quoted ? TimeText.seconds(reader.text(f)) : TimeText.seconds(bytes(f))
    }

    /// The price, NaN for a gap, nil when unreadable. Inside quotes, "1,234.50" groups thousands.
    func price(_ f: CSVImport.Field) -> Double? {
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
