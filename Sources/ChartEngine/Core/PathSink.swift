/// Receives path commands the way d3-path's context does. Curves draw into a sink; the sink
/// decides whether the commands become text, a list of cubic pieces, or anything else.
public protocol PathSink {
    mutating func moveTo(_ x: Double, _ y: Double)
    mutating func lineTo(_ x: Double, _ y: Double)
    mutating func curveTo(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x: Double, _ y: Double)
    mutating func closePath()
}
