import ChartEngine

/// Times as exports write them, to Unix seconds (UTC unless a zone is given): Unix seconds,
/// milliseconds, microseconds or nanoseconds (told apart by size), ISO-8601 dates with or
/// without a time, fraction and zone (`Z`, `±HH:MM`, ` UTC`), `YYYY/MM/DD`, and US `MM/DD/YYYY`.
package enum TimeText {
    package static func seconds(_ text: String) -> Int64? {
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBufferPointer { seconds(UnsafeBufferPointer($0)) }
    }

    package static func seconds(_ raw: UnsafeBufferPointer<UInt8>) -> Int64? {
        var lo = 0, hi = raw.count
        while lo < hi && (raw[lo] == 32 || raw[lo] == 9) { lo += 1 }
        while hi > lo && (raw[hi - 1] == 32 || raw[hi - 1] == 9) { hi -= 1 }
        let s = UnsafeBufferPointer(rebasing: raw[lo..<hi])
        guard !s.isEmpty else { return nil }
        if let epoch = epochNumber(s) { return epoch }
        return calendarTime(s)
    }

    package static let maxEpochNumber: Int64 = 9_200_000_000_000_000_000

    /// A plain number: its size says the unit (dates from 1973 on).
    private static func epochNumber(_ s: UnsafeBufferPointer<UInt8>) -> Int64? {
        var whole: Int64 = 0, fraction = 0.0, scale = 0.1, digits = 0, i = 0, negative = false
        if s[0] == UInt8(ascii: "-") { negative = true; i = 1 }
        while i < s.count, s[i] >= 48, s[i] <= 57 {
            // 19 digits can exceed Int64: a number too large to be a time is not one.
            let (shifted, o1) = whole.multipliedReportingOverflow(by: 10)
            let (next, o2) = shifted.addingReportingOverflow(Int64(s[i] - 48))
            guard !o1, !o2 else { return nil }
            whole = next; digits += 1; i += 1
        }
        // Beyond 9.2 × 10¹⁸ (nanoseconds to the year 2261) a number is no time; the API
        // document states the same bound for an upload's rows.
        guard digits > 0, whole <= maxEpochNumber else { return nil }
        if i < s.count && s[i] == UInt8(ascii: ".") {
            i += 1
            while i < s.count, s[i] >= 48, s[i] <= 57 { fraction += Double(s[i] - 48) * scale; scale /= 10; i += 1 }
        }
        guard i == s.count else { return nil }
        // Eight digits with no separators would be a compact date (20210314).
        if digits == 8 && !negative && fraction == 0, let compact = compactDate(whole) { return compact }
        let value = whole
        let seconds: Int64
        switch value {
        case 100_000_000_000_000_000...: seconds = value / 1_000_000_000
        case 100_000_000_000_000...: seconds = value / 1_000_000
        case 100_000_000_000...: seconds = value / 1000
        default: seconds = value + (fraction >= 0.5 ? 1 : 0)
        }
        return negative ? -seconds : seconds
    }

    /// Days in a month of the proleptic Gregorian calendar: 2014-02-30 is no date.
    package static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    private static func compactDate(_ v: Int64) -> Int64? {
        let y = v / 10_000, m = v / 100 % 100, d = v % 100
        guard (1900...2200).contains(y), (1...12).contains(m), d >= 1, d <= daysIn(month: m, year: y) else { return nil }
        return ValueFormat.daysSinceEpoch(year: y, month: m, day: d) * 86_400
    }

    private static func calendarTime(_ s: UnsafeBufferPointer<UInt8>) -> Int64? {
        var i = 0
        func digits(_ maxCount: Int) -> (Int64, Int)? {
            var v: Int64 = 0, n = 0
            while i < s.count, n < maxCount, s[i] >= 48, s[i] <= 57 { v = v * 10 + Int64(s[i] - 48); n += 1; i += 1 }
            return n > 0 ? (v, n) : nil
        }
        func accept(_ c: Character) -> Bool {
            if i < s.count && s[i] == UInt8(ascii: Unicode.Scalar(String(c))!) { i += 1; return true }
            return false
        }
        guard let (a, aDigits) = digits(4) else { return nil }
        var year: Int64, month: Int64, day: Int64
        if aDigits == 4 {
            year = a
            let separator: Character = accept("-") ? "-" : (accept("/") ? "/" : (accept(".") ? "." : " "))
            guard separator != " ", let (m, _) = digits(2), accept(separator), let (d, _) = digits(2) else { return nil }
            month = m; day = d
        } else {
            // US style: MM/DD/YYYY
            guard accept("/"), let (d, _) = digits(2), accept("/"), let (y, yDigits) = digits(4), yDigits == 4 else { return nil }
            month = a; day = d; year = y
        }
        guard (1...12).contains(month), (1..<10_000).contains(year), day >= 1, day <= daysIn(month: month, year: year) else { return nil }
        var seconds = ValueFormat.daysSinceEpoch(year: year, month: month, day: day) * 86_400
        guard i < s.count else { return seconds }
        guard accept("T") || accept(" ") || accept("t") else { return nil }
        guard let (h, _) = digits(2), accept(":"), let (mi, _) = digits(2), h < 24, mi < 60 else { return nil }
        seconds += h * 3600 + mi * 60
        if accept(":") {
            guard let (sec, _) = digits(2), sec <= 60 else { return nil }
            seconds += sec
            if accept(".") || accept(",") { guard digits(9) != nil else { return nil } }
        }
        while i < s.count && s[i] == 32 { i += 1 }
        guard i < s.count else { return seconds }
        if accept("Z") || accept("z") { return i == s.count ? seconds : nil }
        if s.count - i == 3, String(decoding: UnsafeBufferPointer(rebasing: s[i...]), as: UTF8.self).uppercased() == "UTC" { return seconds }
        let sign: Int64 = accept("+") ? 1 : (accept("-") ? -1 : 0)
        guard sign != 0, let (zh, zhDigits) = digits(2), zhDigits == 2 else { return nil }
        var zm: Int64 = 0
        if accept(":") || (i < s.count) { guard let (m, _) = digits(2) else { return nil }; zm = m }
        guard i == s.count, zh < 24, zm < 60 else { return nil }
        return seconds - sign * (zh * 3600 + zm * 60)
    }
}
