/// Colour vision: typical, or a dichromacy simulated after Machado, Oliveira & Fernandes (2009),
/// "A Physiologically-based Model for Simulation of Color Vision Deficiency" (IEEE TVCG 15(6)).
/// Their severity-1.0 matrices (protanopia, deuteranopia, and tritanopia approximated by their
/// shift model), exactly as colour-science's `matrix_cvd_Machado2009(deficiency, 1.0)` returns
/// them, are applied as colour-science applies them: to linear-light sRGB (its
/// `vector_dot(matrix, eotf_sRGB(rgb))`), the result clipped to 0…1 — a display cannot show more.
public enum ColorVision: String, CaseIterable, Sendable, Codable {
    case none, protanopia, deuteranopia, tritanopia

    /// Row-major 3×3 matrix on linear RGB; nil for typical vision.
    public var matrix: [Double]? {
        switch self {
        case .none: nil
        case .protanopia: [0.152286, 1.052583, -0.204868,
                           0.114503, 0.786281, 0.099216,
                           -0.003882, -0.048116, 1.051998]
        case .deuteranopia: [0.367322, 0.860646, -0.227968,
                             0.280085, 0.672501, 0.047413,
                             -0.011820, 0.042940, 0.968881]
        case .tritanopia: [1.255528, -0.076749, -0.178779,
                           -0.078411, 0.930809, 0.147602,
                           0.004733, 0.691367, 0.303900]
        }
    }

    /// The colour as seen with this vision, as linear-light sRGB clipped to 0…1.
    public func simulateLinear(_ color: SRGBColor) -> (Double, Double, Double) {
        let (r, g, b) = color.linear
        guard let m = matrix else { return (r, g, b) }
        func clip(_ v: Double) -> Double { Swift.min(Swift.max(v, 0), 1) }
        return (clip(m[0] * r + m[1] * g + m[2] * b), clip(m[3] * r + m[4] * g + m[5] * b), clip(m[6] * r + m[7] * g + m[8] * b))
    }

    /// The simulated colour in CIELAB (unrounded: no 8-bit step in between).
    public func lab(_ color: SRGBColor) -> CIELAB { CIELAB(linearSRGB: simulateLinear(color)) }

    /// The simulated colour as `#RRGGBB`, for showing it.
    public func simulate(_ color: SRGBColor) -> SRGBColor { SRGBColor(linear: simulateLinear(color)) }
}
