import Foundation
import WorkbenchSupport

/// The viewer's time zone as a request writes it: "Europe/Berlin", "UTC", "+09:00", "-0530" or
/// "UTC+2". Names come only from the zone database's alphabet: no dots, so no path can leave it.
package enum TimeZoneText {
    package static let expected = "must be a time zone name such as Europe/Berlin or an offset such as +09:00"
    private static let nameCharacters = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789/_-+")

    /// A zone of the database or an offset from UTC, as the API document says it (the zone also
    /// takes "UTC+2" and "-0530").
    package static let schema = JSONValue.object([("oneOf", .array([
        JSONSchema.enumeration(TimeZone.knownTimeZoneIdentifiers.filter { $0.count <= 64 && !$0.contains(".") }.sorted()),
        JSONSchema.pattern("^[+-](0[0-9]|1[0-4]):[0-5][0-9]$"),
    ]))])

    /// The zone, or nil when the text names none.
    package static func zone(_ text: String) -> TimeZone? {
        let name = text.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { return nil }
        if (1...64).contains(name.count), name.unicodeScalars.allSatisfy(nameCharacters.contains),
           let zone = TimeZone(identifier: name) { return zone }
        var rest = Substring(name)
        for prefix in ["UTC", "GMT"] where rest.uppercased().hasPrefix(prefix) { rest = rest.dropFirst(prefix.count) }
        if rest.isEmpty { return TimeZone(secondsFromGMT: 0) }
        guard let sign = rest.first, sign == "+" || sign == "-" else { return nil }
        let digits = rest.dropFirst().filter { $0 != ":" }
        guard (1...4).contains(digits.count), digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber), let value = Int(digits) else { return nil }
        let (hours, minutes) = digits.count <= 2 ? (value, 0) : (value / 100, value % 100)
        guard hours <= 14, minutes < 60 else { return nil }
        return TimeZone(secondsFromGMT: (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60))
    }
}
