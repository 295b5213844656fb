/// What a renderer draws: a view size and primitives in painting order. Generic: nothing here
/// knows about prices; the chart's domain builds scenes (`ChartScene`).
public struct Scene: Equatable, Sendable, Codable {
    public var width: Double
    public var height: Double
    public var primitives: [ScenePrimitive]

    public init(width: Double, height: Double, primitives: [ScenePrimitive]) {
        self.width = width; self.height = height; self.primitives = primitives
    }

    public func primitive(_ id: String) -> ScenePrimitive? { primitives.first { $0.id == id } }
}
