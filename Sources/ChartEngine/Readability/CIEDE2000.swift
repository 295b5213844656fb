import Foundation

/// The CIEDE2000 colour difference ΔE00 (CIE 142-2001) with k_L = k_C = k_H = 1, following
/// Sharma, Wu & Dalal (2005), "The CIEDE2000 color-difference formula: implementation notes,
/// supplementary test data, and mathematical observations" — including their hue conventions
/// (a hue of 0 for a neutral colour; mean hue and hue difference taken the short way round).
public enum CIEDE2000 {
    public static func difference(_ one: CIELAB, _ two: CIELAB) -> Double {
        let c1 = (one.a * one.a + one.b * one.b).squareRoot(), c2 = (two.a * two.a + two.b * two.b).squareRoot()
        let cBar7 = pow((c1 + c2) / 2, 7.0)
        let g = 0.5 * (1 - (cBar7 / (cBar7 + pow25to7)).squareRoot())
        let a1 = (1 + g) * one.a, a2 = (1 + g) * two.a
        let cp1 = (a1 * a1 + one.b * one.b).squareRoot(), cp2 = (a2 * a2 + two.b * two.b).squareRoot()
        let hp1 = hue(one.b, a1), hp2 = hue(two.b, a2)

        let dL = two.L - one.L, dC = cp2 - cp1
        let product = cp1 * cp2
        var dh = hp2 - hp1
        if product == 0 { dh = 0 } else if dh > 180 { dh -= 360 } else if dh < -180 { dh += 360 }
        let dH = 2 * product.squareRoot() * sin(radians(dh / 2))

        let lBar = (one.L + two.L) / 2, cBarP = (cp1 + cp2) / 2
        let hBar: Double
        if product == 0 { hBar = hp1 + hp2 }
        else if abs(hp1 - hp2) <= 180 { hBar = (hp1 + hp2) / 2 }
        else if hp1 + hp2 < 360 { hBar = (hp1 + hp2 + 360) / 2 }
        else { hBar = (hp1 + hp2 - 360) / 2 }

        let t = 1 - 0.17 * cos(radians(hBar - 30)) + 0.24 * cos(radians(2 * hBar))
            + 0.32 * cos(radians(3 * hBar + 6)) - 0.20 * cos(radians(4 * hBar - 63))
        let dTheta = 30 * exp(-pow((hBar - 275) / 25, 2.0))
        let cBarP7 = pow(cBarP, 7.0)
        let rC = 2 * (cBarP7 / (cBarP7 + pow25to7)).squareRoot()
        let l50 = (lBar - 50) * (lBar - 50)
        let sL = 1 + 0.015 * l50 / (20 + l50).squareRoot()
        let sC = 1 + 0.045 * cBarP
        let sH = 1 + 0.015 * cBarP * t
        let rT = -sin(radians(2 * dTheta)) * rC
        let l = dL / sL, c = dC / sC, h = dH / sH
        return (l * l + c * c + h * h + rT * c * h).squareRoot()
    }

    static let pow25to7 = 6_103_515_625.0  // 25⁷

    /// Hue angle in degrees, 0…360; 0 when a′ = b = 0.
    static func hue(_ b: Double, _ a: Double) -> Double {
        if a == 0 && b == 0 { return 0 }
        let h = atan2(b, a) * 180 / Double.pi
        return h < 0 ? h + 360 : h
    }

    static func radians(_ degrees: Double) -> Double { degrees * Double.pi / 180 }
}
