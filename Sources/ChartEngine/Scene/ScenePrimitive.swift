/// One drawing primitive of a scene, in view coordinates (origin top left, y down). Renderers
/// draw the primitives in order and decide nothing: every colour, width, clip and opacity is
/// here. Colours are `#RRGGBB`; opacities 0…1. `id` names the primitive's role and stays the
/// same from frame to frame, so a renderer can update a drawn primitive in place.
public enum ScenePrimitive: Equatable, Sendable {
    case area(SceneArea)
    case stroke(SceneStroke)
    case segment(SceneSegment)
    case circle(SceneCircle)
    case text(SceneText)

    public var id: String { value.id }

    /// The primitive's own value, for what every kind has.
    var value: any ScenePrimitiveValue {
        switch self {
        case .area(let p): p
        case .stroke(let p): p
        case .segment(let p): p
        case .circle(let p): p
        case .text(let p): p
        }
    }

    /// The same primitive under another id (a crossfade's second copy of the line).
    public func renamed(_ id: String) -> ScenePrimitive {
        switch self {
        case .area(var p): p.id = id; return .area(p)
        case .stroke(var p): p.id = id; return .stroke(p)
        case .segment(var p): p.id = id; return .segment(p)
        case .circle(var p): p.id = id; return .circle(p)
        case .text(var p): p.id = id; return .text(p)
        }
    }

    /// The same primitive with its opacity multiplied by `factor` (0…1).
    public func fading(_ factor: Double) -> ScenePrimitive {
        switch self {
        case .area(var p): p.opacity *= factor; return .area(p)
        case .stroke(var p): p.opacity *= factor; return .stroke(p)
        case .segment(var p): p.opacity *= factor; return .segment(p)
        case .circle(var p): p.opacity *= factor; return .circle(p)
        case .text(var p): p.opacity *= factor; return .text(p)
        }
    }
}

/// What every kind of primitive has: the id of its role and its opacity.
protocol ScenePrimitiveValue {
    var id: String { get }
    var opacity: Double { get }
}

extension SceneArea: ScenePrimitiveValue {}
extension SceneStroke: ScenePrimitiveValue {}
extension SceneSegment: ScenePrimitiveValue {}
extension SceneCircle: ScenePrimitiveValue {}
extension SceneText: ScenePrimitiveValue {}

/// A filled area painted with a vertical linear gradient running from `gradientTop` (the first
/// stop) to `gradientBottom` (the last), in view coordinates; outside that span the end stops'
/// colours continue (SVG `gradientUnits="userSpaceOnUse"`, Compose `Brush.verticalGradient`).
public struct SceneArea: Equatable, Sendable, Codable {
    public var id: String
    public var path: ScenePath
    public var gradientTop: Double
    public var gradientBottom: Double
    public var stops: [GradientStop]
    public var clip: SceneRect?
    public var opacity: Double

    public init(id: String, path: ScenePath, gradientTop: Double, gradientBottom: Double, stops: [GradientStop], clip: SceneRect?, opacity: Double) {
        self.id = id; self.path = path; self.gradientTop = gradientTop; self.gradientBottom = gradientBottom
        self.stops = stops; self.clip = clip; self.opacity = opacity
    }
}

public struct GradientStop: Equatable, Sendable, Codable {
    public var offset: Double
    public var color: String
    public var opacity: Double

    public init(offset: Double, color: String, opacity: Double) { self.offset = offset; self.color = color; self.opacity = opacity }
}

/// A stroked path (no fill). `cap` is `round`, `butt` or `square`; `join` is `round`, `miter`
/// or `bevel`.
public struct SceneStroke: Equatable, Sendable, Codable {
    public var id: String
    public var path: ScenePath
    public var color: String
    public var width: Double
    public var cap: String
    public var join: String
    public var clip: SceneRect?
    public var opacity: Double

    public init(id: String, path: ScenePath, color: String, width: Double, cap: String, join: String, clip: SceneRect?, opacity: Double) {
        self.id = id; self.path = path; self.color = color; self.width = width; self.cap = cap; self.join = join
        self.clip = clip; self.opacity = opacity
    }
}

/// A straight line from (x1, y1) to (x2, y2); `dash` is the on/off pattern (empty: solid).
public struct SceneSegment: Equatable, Sendable, Codable {
    public var id: String
    public var x1, y1, x2, y2: Double
    public var color: String
    public var width: Double
    public var dash: [Double]
    public var opacity: Double

    public init(id: String, x1: Double, y1: Double, x2: Double, y2: Double, color: String, width: Double, dash: [Double], opacity: Double) {
        self.id = id; self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
        self.color = color; self.width = width; self.dash = dash; self.opacity = opacity
    }
}

/// A filled circle with an outline.
public struct SceneCircle: Equatable, Sendable, Codable {
    public var id: String
    public var cx, cy, radius: Double
    public var fill: String
    public var stroke: String
    public var strokeWidth: Double
    public var opacity: Double

    public init(id: String, cx: Double, cy: Double, radius: Double, fill: String, stroke: String, strokeWidth: Double, opacity: Double) {
        self.id = id; self.cx = cx; self.cy = cy; self.radius = radius
        self.fill = fill; self.stroke = stroke; self.strokeWidth = strokeWidth; self.opacity = opacity
    }
}

/// Lines of text anchored at their x (`anchor` `start`: text runs right of x; `end`: left of
/// it), baselines at y. `box` is the space the text is laid out in; `side` says on which side
/// of the indicator it sits. A run's `color` nil is the theme's foreground colour.
public struct SceneText: Equatable, Sendable, Codable {
    public struct Run: Equatable, Sendable, Codable {
        public var text: String
        public var x, y: Double
        public var size: Double
        public var weight: Int
        public var color: String?
        public var opacity: Double

        public init(text: String, x: Double, y: Double, size: Double, weight: Int, color: String?, opacity: Double) {
            self.text = text; self.x = x; self.y = y; self.size = size; self.weight = weight; self.color = color; self.opacity = opacity
        }
    }

    public var id: String
    public var runs: [Run]
    public var anchor: String
    public var box: SceneRect
    public var side: String
    public var opacity: Double

    public init(id: String, runs: [Run], anchor: String, box: SceneRect, side: String, opacity: Double) {
        self.id = id; self.runs = runs; self.anchor = anchor; self.box = box; self.side = side; self.opacity = opacity
    }
}

extension ScenePrimitive: Codable {
    private enum Kind: String, Codable { case area, stroke, segment, circle, text }
    private enum Key: String, CodingKey { case kind }

    public init(from decoder: Decoder) throws {
        switch try decoder.container(keyedBy: Key.self).decode(Kind.self, forKey: .kind) {
        case .area: self = .area(try SceneArea(from: decoder))
        case .stroke: self = .stroke(try SceneStroke(from: decoder))
        case .segment: self = .segment(try SceneSegment(from: decoder))
        case .circle: self = .circle(try SceneCircle(from: decoder))
        case .text: self = .text(try SceneText(from: decoder))
        }
    }

    /// `{"kind": "area", …the primitive's fields}`.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        switch self {
        case .area(let p): try container.encode(Kind.area, forKey: .kind); try p.encode(to: encoder)
        case .stroke(let p): try container.encode(Kind.stroke, forKey: .kind); try p.encode(to: encoder)
        case .segment(let p): try container.encode(Kind.segment, forKey: .kind); try p.encode(to: encoder)
        case .circle(let p): try container.encode(Kind.circle, forKey: .kind); try p.encode(to: encoder)
        case .text(let p): try container.encode(Kind.text, forKey: .kind); try p.encode(to: encoder)
        }
    }
}
