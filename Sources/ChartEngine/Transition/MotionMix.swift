/// Mixing one primitive of two pictures of the same chart by weight p: the line and fill take
/// the mixed paths, everything placed (clips, the indicator, the marker, the label) moves from
/// where it was to where it goes.
enum MotionMix {
    static func primitive(_ from: ScenePrimitive?, _ to: ScenePrimitive, _ p: Double, line: ScenePath, fill: ScenePath) -> ScenePrimitive {
        func m(_ a: Double, _ b: Double) -> Double { a + (b - a) * p }
        func rect(_ a: SceneRect?, _ b: SceneRect?) -> SceneRect? {
            guard let a, let b else { return b }
            return SceneRect(x: m(a.x, b.x), y: m(a.y, b.y), width: m(a.width, b.width), height: m(a.height, b.height))
        }
        switch (from, to) {
        case (.area(let a)?, .area(var b)):
            b.path = fill; b.gradientTop = m(a.gradientTop, b.gradientTop); b.clip = rect(a.clip, b.clip); return .area(b)
        case (_, .area(var b)):
            b.path = fill; return .area(b)
        case (.stroke(let a)?, .stroke(var b)):
            b.path = line; b.clip = rect(a.clip, b.clip); return .stroke(b)
        case (_, .stroke(var b)):
            b.path = line; return .stroke(b)
        case (.segment(let a)?, .segment(var b)):
            b.x1 = m(a.x1, b.x1); b.y1 = m(a.y1, b.y1); b.x2 = m(a.x2, b.x2); b.y2 = m(a.y2, b.y2); return .segment(b)
        case (.circle(let a)?, .circle(var b)):
            b.cx = m(a.cx, b.cx); b.cy = m(a.cy, b.cy); return .circle(b)
        case (.text(let a)?, .text(var b)) where a.runs.count == b.runs.count && a.anchor == b.anchor:
            for i in b.runs.indices { b.runs[i].x = m(a.runs[i].x, b.runs[i].x) }
            b.box = rect(a.box, b.box) ?? b.box
            return .text(b)
        default:
            return to
        }
    }

    /// The line drawn by `pieces` and its fill, closed down to `bottom`: what a moving line's
    /// stroke and area primitives take.
    static func paths(_ pieces: CubicPieces, bottom: Double) -> (line: ScenePath, fill: ScenePath) {
        var line = ScenePath(), fill = ScenePath()
        pieces.write(to: &line)
        pieces.write(to: &fill)
        fill.lineTo(pieces.segments.last?.x ?? pieces.startX, bottom); fill.lineTo(pieces.startX, bottom); fill.closePath()
        return (line, fill)
    }

    /// The two pictures by opacity at weight q (0…1): the old one's primitives faded out under
    /// ids suffixed `-from`, the new one's faded in. What a crossfade motion draws.
    static func crossfade(_ from: ChartScene, _ to: ChartScene, _ q: Double) -> [ScenePrimitive] {
        from.scene.primitives.map { $0.renamed($0.id + "-from").fading(1 - q) } + to.scene.primitives.map { $0.fading(q) }
    }

    /// How a motion between two scenes plays: a cut (no motion), a crossfade, or its own way.
    enum Way { case cut, crossfade, own }

    /// The frame at `p` that every motion between two scenes draws alike, or nil where it draws
    /// its own: either end as it is, a cut's nearer end, or the crossfade with the header
    /// `header` gives at the progress clamped to 0…1.
    static func sharedFrame(_ from: ChartScene, _ to: ChartScene, at p: Double, _ way: Way, header: (Double) -> ChartHeader) -> ChartScene? {
        if p == 0 { return from }
        if p == 1 { return to }
        switch way {
        case .cut:
            return p > 0 ? to : from
        case .crossfade:
            let q = Swift.min(Swift.max(p, 0), 1)
            var frame = to
            frame.scene.primitives = crossfade(from, to, q)
            frame.header = header(q)
            return frame
        case .own:
            return nil
        }
    }
}
