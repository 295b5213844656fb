import Foundation

/// A colour in sRGB (IEC 61966-2-1): gamma-encoded components in 0…1, as `#RRGGBB` gives them,
/// and their linear-light values. The readability check's colour type; `Color` (Chart/Color.swift)
/// does the parameters' hex arithmetic and is what parses the hex here.
public struct SRGBColor: Sendable, Equatable {
    /// Gamma-encoded red, green and blue, 0…1.
    public var red: Double, green: Double, blue: Double

    public init(red: Double, green: Double, blue: Double) {
        (self.red, self.green, self.blue) = (red, green, blue)
    }

    /// `#RRGGBB` (either case); nil for anything else.
    public init?(hex: String) {
        let digits = hex.utf8.dropFirst()
        guard hex.utf8.first == UInt8(ascii: "#"), digits.count == 6,
              digits.allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 >= 65 && $0 <= 70) || ($0 >= 97 && $0 <= 102) }) else { return nil }
        let (r, g, b) = Color.components(hex)
        self.init(red: r / 255, green: g / 255, blue: b / 255)
    }

    /// From linear-light components, clipped to 0…1 first.
    public init(linear: (Double, Double, Double)) {
        self.init(red: Self.encode(linear.0), green: Self.encode(linear.1), blue: Self.encode(linear.2))
    }

    /// `#RRGGBB`, each channel rounded to the nearest of 0…255.
    public var hex: String {
        let digits = Array("0123456789ABCDEF")
        func channel(_ v: Double) -> String {
            let c = Int((Swift.min(Swift.max(v, 0), 1) * 255).rounded())
            return String([digits[c >> 4], digits[c & 0xF]])
        }
        return "#" + channel(red) + channel(green) + channel(blue)
    }

    /// Linear-light red, green and blue.
    public var linear: (Double, Double, Double) { (Self.decode(red), Self.decode(green), Self.decode(blue)) }

    /// The sRGB decoding (EOTF) with WCAG 2.x's threshold: v/12.92 up to 0.04045, else
    /// ((v + 0.055)/1.055)^2.4. colour-science's threshold (0.040449936…, the encoding of 0.0031308)
    /// gives the same result for every 8-bit value: none lies between the two.
    public static func decode(_ v: Double) -> Double {
        v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
    }

    /// The sRGB encoding (inverse EOTF), clipping to 0…1.
    public static func encode(_ v: Double) -> Double {
        let c = Swift.min(Swift.max(v, 0), 1)
        return c <= 0.0031308 ? c * 12.92 : 1.055 * pow(c, 1 / 2.4) - 0.055
    }
}
