/// Moves a smoothed line's ends onto the real first and last price: the difference at each
/// end is added back in full at the end point and fades out linearly over `reach` points, so
/// the line eases into the true price instead of kinking at the last point. Only the series'
/// outer ends move; pieces between gaps keep their smoothed ends.
public struct EndPinning: Sendable, Equatable {
    public var reach: Int

    public init(reach: Int) { self.reach = Swift.max(1, reach) }

    /// How far a smoothing method reaches, in points: the fade length that hides the change.
    public init(for smoothing: Smoothing) {
        switch smoothing {
        case .none: self.init(reach: 1)
        case .movingAverage(let window): self.init(reach: window / 2 + 1)
        case .exponential(let alpha): self.init(reach: Int((2 / alpha).rounded(.up)))
        case .gaussian(let sigma): self.init(reach: Int((2 * sigma).rounded(.up)) + 1)
        }
    }

    public func callAsFunction(smoothed: [Double], raw: [Double]) -> [Double] {
        guard let head = raw.firstIndex(where: \.isFinite), let tail = raw.lastIndex(where: \.isFinite) else { return smoothed }
        // Each end's fade covers at most half the line, so the two never overlap.
        let fade = Swift.min(reach, Swift.max(1, (tail - head + 1) / 2))
        var out = smoothed
        pin(&out, raw: raw, at: head, step: 1, fade: fade)
        pin(&out, raw: raw, at: tail, step: -1, fade: fade)
        return out
    }

    private func pin(_ values: inout [Double], raw: [Double], at end: Int, step: Int, fade: Int) {
        let offset = raw[end] - values[end]
        guard offset != 0, offset.isFinite else { return }
        var i = end
        for k in 0..<fade {
            guard values[i].isFinite else { break }  // a gap ends the piece: nothing beyond it moves
            values[i] += offset * Double(fade - k) / Double(fade)
            i += step
        }
    }
}
