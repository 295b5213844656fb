/// The curves a preset can name, with d3-shape's meaning for each.
public enum CurveName: String, CaseIterable, Sendable, Codable {
    case linear, stepStart, stepCenter, stepEnd, monotone, catmullRom, cardinal, natural, basis, bumpX
}

/// A named curve with its tuning; draws a series into any sink.
public struct Curve: Sendable, Equatable {
    public var name: CurveName
    public var catmullRomAlpha: Double
    public var cardinalTension: Double

    public init(_ name: CurveName, catmullRomAlpha: Double = 0.5, cardinalTension: Double = 0) {
        self.name = name
        self.catmullRomAlpha = catmullRomAlpha
        self.cardinalTension = cardinalTension
    }

    /// Draws `ys` against `xs`; non-finite values are gaps.
    public func draw<S: PathSink>(xs: [Double], ys: [Double], into sink: inout S) {
        xs.withUnsafeBufferPointer { x in
            ys.withUnsafeBufferPointer { y in draw(xs: x, ys: y, into: &sink) }
        }
    }

    public func draw<S: PathSink>(xs: UnsafeBufferPointer<Double>, ys: UnsafeBufferPointer<Double>, into sink: inout S) {
        switch name {
        case .linear: var c = LinearCurve(); drawLine(xs: xs, ys: ys, curve: &c, into: &sink)
        case .stepStart: var c = StepCurve(t: 0); drawLine(xs: xs, ys: ys, curve: &c, into: &sink)
        case .stepCenter: var c = StepCurve(t: 0.5); drawLine(xs: xs, ys: ys, curve: &c, into: &sink)
        case .stepEnd: var c = StepCurve(t: 1); drawLine(xs: xs, ys: ys, curve: &c, into: &sink)
        case .monotone: var c = MonotoneCurve(); drawLine(xs: xs, ys: ys, curve: &c, into: &sink)
        case .catmullRom:
            if catmullRomAlpha == 0 {
                var c = CardinalCurve(tension: 0); drawLine(xs: xs, ys: ys, curve: &c, into: &sink)
            } else {
                var c = CatmullRomCurve(alpha: catmullRomAlpha); drawLine(xs: xs, ys: ys, curve: &c, into: &sink)
            }
        case .cardinal: var c = CardinalCurve(tension: cardinalTension); drawLine(xs: xs, ys: ys, curve: &c, into: &sink)
        case .natural: var c = NaturalCurve(); drawLine(xs: xs, ys: ys, curve: &c, into: &sink)
        case .basis: var c = BasisCurve(); drawLine(xs: xs, ys: ys, curve: &c, into: &sink)
        case .bumpX: var c = BumpXCurve(); drawLine(xs: xs, ys: ys, curve: &c, into: &sink)
        }
    }

    /// Room for typical path text (about 20 bytes a point for lines, 56 for cubics), so a
    /// writer sized with it is rarely copied while growing.
    public var typicalBytesPerPoint: Int {
        name == .linear ? 24 : (name == .stepStart || name == .stepCenter || name == .stepEnd ? 48 : 64)
    }

    /// The path text of the curve through the points, d3-style.
    public func pathText(xs: [Double], ys: [Double], digits: Int? = 3) -> String {
        var writer = PathWriter(digits: digits, reservingCapacity: xs.count * typicalBytesPerPoint)
        draw(xs: xs, ys: ys, into: &writer)
        return writer.text
    }
}
