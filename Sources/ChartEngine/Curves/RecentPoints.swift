/// What a streaming curve remembers of the piece it is drawing: how many points it has been
/// given (counted up to 3, as no curve tells more apart) and the last three of them, (x2, y2)
/// the newest and (x0, y0) the oldest. A point not given yet is NaN.
struct RecentPoints {
    private(set) var count = 0
    var x0 = Double.nan, y0 = Double.nan, x1 = Double.nan, y1 = Double.nan
    private(set) var x2 = Double.nan, y2 = Double.nan

    /// Takes (x, y) as the newest point; the oldest drops out.
    @inline(__always)
    mutating func push(_ x: Double, _ y: Double) {
        x0 = x1; x1 = x2; x2 = x
        y0 = y1; y1 = y2; y2 = y
        if count < 3 { count += 1 }
    }

    /// Ends a piece too short for a spline, as d3 does: one point closes (a dot), two join
    /// with a line. False when the piece has three points or more, for the curve to end.
    @inline(__always)
    func endedShortPiece<S: PathSink>(into sink: inout S) -> Bool {
        switch count {
        case 1: sink.closePath()
        case 2: sink.lineTo(x2, y2)
        case 3: return false
        default: break
        }
        return true
    }
}
