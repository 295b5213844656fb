/// WCAG 2.x relative luminance and contrast ratio (Understanding SC 1.4.3 / 1.4.11): luminance
/// 0.2126 R + 0.7152 G + 0.0722 B of the linear components, ratio (L1 + 0.05) / (L2 + 0.05)
/// with L1 the lighter: 1 (same luminance) to 21 (black on white).
public enum WCAGContrast {
    public static func relativeLuminance(_ color: SRGBColor) -> Double {
        let (r, g, b) = color.linear
        return 0.2126 * r + 0.7152 * g + 0.0722 * b
    }

    public static func ratio(_ a: SRGBColor, _ b: SRGBColor) -> Double {
        let la = relativeLuminance(a), lb = relativeLuminance(b)
        return (Swift.max(la, lb) + 0.05) / (Swift.min(la, lb) + 0.05)
    }

    /// Minimum ratios of WCAG 2.x level AA: 4.5:1 for text (SC 1.4.3; the label is 11–13 px, not
    /// large text) and 3:1 for the graphical objects needed to read the chart (SC 1.4.11).
    public static let textMinimum = 4.5
    public static let graphicsMinimum = 3.0
}
