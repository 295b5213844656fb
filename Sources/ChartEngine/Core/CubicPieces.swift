/// One piece of a line recorded as cubic Bézier segments (lines become cubics with control
/// points at thirds). Two recordings can be brought to the same number of segments and mixed
/// point by point, which lets the engine morph one curve into another without a jump.
public struct CubicPieces: PathSink, Equatable, Sendable {
    public struct Segment: Equatable, Sendable {
        public var c1x, c1y, c2x, c2y, x, y: Double
    }

    public private(set) var startX = 0.0, startY = 0.0
    public private(set) var segments: [Segment] = []
    private var lastX = 0.0, lastY = 0.0

    public init() {}

    public mutating func moveTo(_ x: Double, _ y: Double) {
        startX = x; startY = y; lastX = x; lastY = y
        segments.removeAll(keepingCapacity: true)
    }

    public mutating func lineTo(_ x: Double, _ y: Double) {
        curveTo(lastX + (x - lastX) / 3, lastY + (y - lastY) / 3, lastX + 2 * (x - lastX) / 3, lastY + 2 * (y - lastY) / 3, x, y)
    }

    public mutating func curveTo(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x: Double, _ y: Double) {
        segments.append(Segment(c1x: x1, c1y: y1, c2x: x2, c2y: y2, x: x, y: y))
        lastX = x; lastY = y
    }

    public mutating func closePath() {}

    /// The same shape in exactly `count` segments (count ≥ segments.count): segments are split
    /// evenly with de Casteljau, which leaves the drawn shape unchanged.
    public func resampled(to count: Int) -> CubicPieces {
        var result = CubicPieces()
        result.startX = startX; result.startY = startY
        if segments.isEmpty {
            let dot = Segment(c1x: startX, c1y: startY, c2x: startX, c2y: startY, x: startX, y: startY)
            result.segments = Array(repeating: dot, count: count)
            return result
        }
        result.segments.reserveCapacity(count)
        var fromX = startX, fromY = startY
        for (i, segment) in segments.enumerated() {
            let parts = (i + 1) * count / segments.count - i * count / segments.count
            var remaining = segment
            var x0 = fromX, y0 = fromY
            for part in stride(from: parts, to: 1, by: -1) {
                let (head, tail) = Self.split(x0, y0, remaining, at: 1 / Double(part))
                result.segments.append(head)
                x0 = head.x; y0 = head.y
                remaining = tail
            }
            if parts >= 1 { result.segments.append(remaining) }
            fromX = segment.x; fromY = segment.y
        }
        return result
    }

    /// The same shape in `count` segments (count ≥ segments.count) by adding segments of no
    /// length at its end point (`atStart`: at its start point): mixed with a longer line, the
    /// added part grows out of that end (a live price's new bucket) instead of every segment
    /// sliding along.
    public func padded(to count: Int, atStart: Bool = false) -> CubicPieces {
        let extra = Swift.max(0, count - segments.count)
        guard extra > 0 else { return self }
        var result = self
        let x = atStart ? startX : (segments.last?.x ?? startX), y = atStart ? startY : (segments.last?.y ?? startY)
        let dots = Array(repeating: Segment(c1x: x, c1y: y, c2x: x, c2y: y, x: x, y: y), count: extra)
        result.segments = atStart ? dots + segments : segments + dots
        return result
    }

    private static func split(_ x0: Double, _ y0: Double, _ s: Segment, at t: Double) -> (Segment, Segment) {
        func lerp(_ a: Double, _ b: Double) -> Double { a + (b - a) * t }
        let ax = lerp(x0, s.c1x), ay = lerp(y0, s.c1y)
        let bx = lerp(s.c1x, s.c2x), by = lerp(s.c1y, s.c2y)
        let cx = lerp(s.c2x, s.x), cy = lerp(s.c2y, s.y)
        let dx = lerp(ax, bx), dy = lerp(ay, by)
        let ex = lerp(bx, cx), ey = lerp(by, cy)
        let mx = lerp(dx, ex), my = lerp(dy, ey)
        return (Segment(c1x: ax, c1y: ay, c2x: dx, c2y: dy, x: mx, y: my),
                Segment(c1x: ex, c1y: ey, c2x: cx, c2y: cy, x: s.x, y: s.y))
    }

    /// Point-by-point mix of two recordings with the same segment count: `(1−p)·a + p·b`.
    public static func mix(_ a: CubicPieces, _ b: CubicPieces, _ p: Double) -> CubicPieces {
        func m(_ u: Double, _ v: Double) -> Double { u + (v - u) * p }
        var result = CubicPieces()
        result.startX = m(a.startX, b.startX); result.startY = m(a.startY, b.startY)
        result.segments = zip(a.segments, b.segments).map { s, t in
            Segment(c1x: m(s.c1x, t.c1x), c1y: m(s.c1y, t.c1y), c2x: m(s.c2x, t.c2x), c2y: m(s.c2y, t.c2y), x: m(s.x, t.x), y: m(s.y, t.y))
        }
        return result
    }

    public func write<S: PathSink>(to sink: inout S) {
        sink.moveTo(startX, startY)
        if segments.isEmpty { sink.closePath(); return }
        for s in segments { sink.curveTo(s.c1x, s.c1y, s.c2x, s.c2y, s.x, s.y) }
    }
}
