import ChartEngine

/// A measure's verdict in words that name the control causing it ("Natural spline overshoots
/// the 1D high by 0.8 % on flash-crash, at rest"), and those controls' keys for the page.
struct HonestyWords {
    let style: ChartStyle
    let thresholds: HonestyThresholds

    func explain(_ m: inout HonestyMeasure) {
        var failures: [String] = [], controls: [String] = []
        let rest = m.state == .rest
        let curveKey = rest ? "inactiveCurve" : "activeCurve"
        let curve = rest ? style.inactiveCurve : style.activeCurve
        let smoothed = rest && style.smoothing != .none
        let smoothing = style.smoothing.choiceLabel
        let when = "on \(m.scenario), \(rest ? "at rest" : "pressed")"
        func percent(_ v: Double) -> String { NumberText.format((v * 100).rounded(.up) / 100, digits: 2) + " %" }

        if m.overshootPercent > thresholds.beyondRangePercent {
            let high = m.overshootHigh >= m.overshootLow
            failures.append("\(curve.choiceLabel) overshoots the \(m.period) \(high ? "high" : "low") by \(percent(m.overshootPercent)) of the range \(when)")
            controls.append(curveKey)
        }
        if let move = m.largestMove, move.shownPercent < thresholds.largestMoveShownPercent {
            let what = move.kind == "drawdown" ? "drop" : "rise"
            let cause = smoothed ? smoothing : curve.choiceLabel
            failures.append("\(cause) shows only \(percent(move.shownPercent)) of the \(m.period) largest \(what) \(when)")
            if smoothed { controls.append("smoothing") }
            if curve == .basis || !smoothed { controls.append(curveKey) }
        }
        if m.endPercent > thresholds.endPercent {
            failures.append("The line ends \(percent(m.endPercent)) of the range away from the current price on \(m.period) \(when)")
            controls.append(smoothed ? "smoothedEndsOnPrice" : curveKey)
        }
        let allowed = thresholds.extremeShiftSpacings * m.pointSpacing
        for (shift, name) in [(m.highShift, "high"), (m.lowShift, "low")] where shift > allowed {
            let cause = smoothed ? smoothing : curve.choiceLabel
            failures.append("\(cause) moves the \(m.period) \(name) by \(Self.duration(shift)) \(when)")
            controls.append(smoothed ? "smoothing" : curveKey)
        }
        if m.gapsBridged > 0 {
            failures.append("Gap style \(style.gapStyle.rawValue) draws \(m.gapsBridged) of \(m.gaps) gaps on \(m.period) as a line \(when)")
            controls.append("gapStyle")
        }
        var seen = Set<String>()
        m.controls = controls.filter { seen.insert($0).inserted }
        m.failures = failures
        m.pass = failures.isEmpty
    }

    /// "42 min", "5 h", "3 d".
    static func duration(_ seconds: Double) -> String {
        if seconds < 3600 { return "\(Int((seconds / 60).rounded())) min" }
        if seconds < 2 * 86_400 { return NumberText.format((seconds / 3600 * 10).rounded() / 10, digits: 1) + " h" }
        return NumberText.format((seconds / 86_400 * 10).rounded() / 10, digits: 1) + " d"
    }
}
