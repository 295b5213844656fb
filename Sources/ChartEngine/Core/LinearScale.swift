/// Maps a continuous domain onto a pixel range and back; `invert` is the exact inverse of
/// `callAsFunction` up to floating-point rounding. A zero-width domain maps to the middle of
/// the range so that a flat series is drawn centred instead of dividing by zero.
public struct LinearScale: Sendable, Equatable {
    public var domain: ClosedRange<Double>
    public var range: (Double, Double)

    public init(domain: ClosedRange<Double>, range: (Double, Double)) {
        self.domain = domain
        self.range = range
    }

    public static func == (a: LinearScale, b: LinearScale) -> Bool {
        a.domain == b.domain && a.range == b.range
    }

    private var span: Double { domain.upperBound - domain.lowerBound }

    @inline(__always)
    public func callAsFunction(_ value: Double) -> Double {
        let span = self.span
        guard span > 0 else { return (range.0 + range.1) / 2 }
        return range.0 + (value - domain.lowerBound) / span * (range.1 - range.0)
    }

    public func invert(_ pixel: Double) -> Double {
        let pixels = range.1 - range.0
        guard span > 0, pixels != 0 else { return domain.lowerBound }
        return domain.lowerBound + (pixel - range.0) / pixels * span
    }
}
