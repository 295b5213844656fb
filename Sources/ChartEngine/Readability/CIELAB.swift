import Foundation

/// A CIE 1976 L*a*b* colour under D65 (CIE 1931 2° observer), from sRGB the way colour-science
/// converts (`RGB_to_XYZ` with its sRGB colourspace, then `XYZ_to_Lab`): IEC 61966-2-1's
/// linear-RGB-to-XYZ matrix and a white point computed from D65's chromaticity (0.3127, 0.3290).
public struct CIELAB: Sendable, Equatable, Codable {
    public var L: Double, a: Double, b: Double

    public init(L: Double, a: Double, b: Double) { (self.L, self.a, self.b) = (L, a, b) }

    /// From linear-light sRGB components.
    public init(linearSRGB rgb: (Double, Double, Double)) {
        let (r, g, b) = rgb
        let x = 0.4124 * r + 0.3576 * g + 0.1805 * b
        let y = 0.2126 * r + 0.7152 * g + 0.0722 * b
        let z = 0.0193 * r + 0.1192 * g + 0.9505 * b
        let fx = Self.f(x / Self.white.x), fy = Self.f(y / Self.white.y), fz = Self.f(z / Self.white.z)
        self.init(L: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz))
    }

    public init(_ color: SRGBColor) { self.init(linearSRGB: color.linear) }

    /// D65's XYZ with Y = 1, from its xy chromaticity.
    static let white = (x: 0.3127 / 0.3290, y: 1.0, z: (1 - 0.3127 - 0.3290) / 0.3290)

    /// CIE 1976's intermediate function: a cube root above (24/116)³, a line below it.
    static func f(_ t: Double) -> Double {
        t > 216.0 / 24389.0 ? cbrt(t) : (841.0 / 108.0) * t + 16.0 / 116.0
    }
}
