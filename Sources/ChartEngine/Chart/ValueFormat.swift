/// Price and time text for the chart's label and accessibility description (UTC, no locale,
/// so the same numbers read the same on every machine).
public enum ValueFormat {
    /// "$43,210.55"; small prices keep more digits ("$0.000123").
    public static func price(_ value: Double) -> String {
        guard value.isFinite else { return "–" }
        let digits = value.magnitude >= 1 ? 2 : 6
        var scaled = (value.magnitude * Double(NumberText.powersOfTen[digits])).rounded()
        if scaled >= 9e15 { scaled = 9e15 }
        let n = Int64(scaled)
        let unit = NumberText.powersOfTen[digits]
        var whole = String(n / unit)
        var grouped = ""
        while whole.count > 3 {
            grouped = "," + whole.suffix(3) + grouped
            whole = String(whole.dropLast(3))
        }
        let fraction = String(n % unit)
        let padded = String(repeating: "0", count: digits - fraction.count) + fraction
        return (value < 0 ? "-$" : "$") + whole + grouped + "." + padded
    }

    /// "2021-03-14 15:26 UTC", or just the date when `withTime` is false.
    public static func time(_ seconds: Double, withTime: Bool) -> String {
        guard seconds.isFinite else { return "–" }
        let at = moment(seconds)
        let date = "\(at.year)-\(two(at.month))-\(two(at.day))"
        guard withTime else { return date }
        return date + " \(at.clock) UTC"
    }

    private static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The time as an app's chart label reads it for the period, at the viewer's offset from
    /// UTC in seconds: "14:32" on 1D, "Jun 6, 14:32" on 1W, "Jun 6" on 1M, "Jun 6, 2024" on 1Y
    /// and ALL. Data a day or more apart never shows a time of day.
    public static func timeLabel(_ seconds: Double, period: Period, utcOffset: Int = 0, withTime: Bool = true) -> String {
        guard seconds.isFinite, seconds.magnitude < 1e15 else { return "–" }
        let at = moment(seconds, utcOffset: utcOffset)
        let date = "\(monthNames[Int(at.month) - 1]) \(at.day)"
        switch period {
        case .day where withTime: return at.clock
        case .day, .week: return withTime ? date + ", " + at.clock : date
        case .month: return date
        case .year, .all: return date + ", \(at.year)"
        }
    }

    private static let fullMonthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                                         "October", "November", "December"]

    /// The time as the chart says it to a screen reader, at the viewer's offset from UTC:
    /// "3 March 2025", or "14:32 on 3 March 2025" when `withTime`.
    public static func spokenTime(_ seconds: Double, utcOffset: Int = 0, withTime: Bool) -> String {
        guard seconds.isFinite, seconds.magnitude < 1e15 else { return "–" }
        let at = moment(seconds, utcOffset: utcOffset)
        let date = "\(at.day) \(fullMonthNames[Int(at.month) - 1]) \(at.year)"
        return withTime ? at.clock + " on " + date : date
    }

    /// The calendar date and the clock ("14:32") at `seconds` (whole seconds, rounded down)
    /// after 1970 UTC, `utcOffset` seconds ahead of UTC.
    private static func moment(_ seconds: Double, utcOffset: Int = 0) -> (year: Int64, month: Int64, day: Int64, clock: String) {
        let s = Int64(seconds.rounded(.down)) + Int64(utcOffset)
        let days = s >= 0 ? s / 86_400 : (s - 86_399) / 86_400
        let secondOfDay = s - days * 86_400
        let (year, month, day) = civilDate(daysSinceEpoch: days)
        return (year, month, day, "\(two(secondOfDay / 3600)):\(two(secondOfDay % 3600 / 60))")
    }

    /// A change in per cent as words: "up 12.5 %", "down 3.0 %", "unchanged" (one decimal).
    public static func spokenChange(_ percent: Double) -> String {
        guard percent.isFinite else { return "change unknown" }
        let tenths = Int64(Swift.min(percent.magnitude * 10, 9e15).rounded())
        if tenths == 0 { return "unchanged" }
        return (percent > 0 ? "up " : "down ") + "\(tenths / 10).\(tenths % 10) %"
    }

    private static func two(_ v: Int64) -> String { v < 10 ? "0\(v)" : "\(v)" }

    /// Proleptic Gregorian date from days since 1970-01-01 (Howard Hinnant's algorithm).
    public static func civilDate(daysSinceEpoch: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = daysSinceEpoch + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (inverse of `civilDate`).
    public static func daysSinceEpoch(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}
