/// `#RRGGBB` colours, already validated by the parameter definitions.
enum Color {
    static func components(_ hex: String) -> (Double, Double, Double) {
        let value = UInt32(hex.dropFirst(), radix: 16) ?? 0
        return (Double(value >> 16 & 0xFF), Double(value >> 8 & 0xFF), Double(value & 0xFF))
    }

    static func mix(_ a: String, _ b: String, _ p: Double) -> String {
        if p <= 0 { return a }
        if p >= 1 { return b }
        let (r1, g1, b1) = components(a), (r2, g2, b2) = components(b)
        func channel(_ u: Double, _ v: Double) -> String {
            let c = Int((u + (v - u) * p).rounded())
            let digits = "0123456789ABCDEF".map { $0 }
            return String([digits[c >> 4 & 0xF], digits[c & 0xF]])
        }
        return "#" + channel(r1, r2) + channel(g1, g2) + channel(b1, b2)
    }
}
