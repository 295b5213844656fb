import Foundation

/// One axis of the space a round explores.
public struct Dimension: Codable, Sendable, Equatable {
    public enum Kind: Codable, Sendable, Equatable {
        /// A real number in `lower...upper`; proposals are snapped to multiples of `step` from
        /// `lower` when a step is given.
        case continuous(lower: Double, upper: Double, step: Double?)
        /// Whole numbers `lower, lower + step, …` up to `upper` (an odd-only window is `lower`
        /// odd with an even step).
        case integer(lower: Int, upper: Int, step: Int)
        /// One of `options`; the value is the option's index.
        case categorical(options: [String])
        /// False or true; the value is 0 or 1.
        case boolean
    }

    public let name: String
    public let kind: Kind

    public init(name: String, kind: Kind) {
        self.name = name
        self.kind = kind
    }

    /// Whether the kernel treats the axis as unordered (equal or different).
    public var isCategorical: Bool {
        switch kind {
        case .categorical, .boolean: true
        case .continuous, .integer: false
        }
    }

    /// Values an integer, categorical or boolean axis can take (nil for a continuous one without step).
    var levelCount: Int? {
        switch kind {
        case .continuous(let lo, let hi, let step):
            guard let step, step > 0 else { return nil }
            return Int(((hi - lo) / step + 1e-9).rounded(.down)) + 1
        case .integer(let lo, let hi, let step): return (hi - lo) / max(1, step) + 1
        case .categorical(let options): return options.count
        case .boolean: return 2
        }
    }

    /// The value in the model's coordinates: [0, 1] for ordered axes, the index for unordered ones.
    func encode(_ value: Double) -> Double {
        switch kind {
        case .continuous(let lo, let hi, _): hi > lo ? min(1, max(0, (value - lo) / (hi - lo))) : 0
        case .integer(let lo, let hi, _): hi > lo ? min(1, max(0, (value - Double(lo)) / Double(hi - lo))) : 0
        case .categorical, .boolean: value.rounded()
        }
    }

    /// The nearest valid value to a model coordinate (ordered axes clamp and snap to their grid).
    func decode(_ z: Double) -> Double {
        switch kind {
        case .continuous(let lo, let hi, let step):
            let v = lo + min(1, max(0, z)) * (hi - lo)
            guard let step, step > 0 else { return v }
            let k = ((v - lo) / step).rounded()
            return min(hi, lo + min(k, Double(levelCount! - 1)) * step)
        case .integer(let lo, let hi, let step):
            let s = max(1, step)
            let v = Double(lo) + min(1, max(0, z)) * Double(hi - lo)
            let k = min(((v - Double(lo)) / Double(s)).rounded(), Double((hi - lo) / s))
            return Double(lo) + k * Double(s)
        case .categorical(let options): return min(Double(options.count - 1), max(0, z.rounded()))
        case .boolean: return z >= 0.5 ? 1 : 0
        }
    }

    /// A uniformly random valid value, in model coordinates.
    func randomCoordinate(_ rng: inout SplitMix64) -> Double {
        if let levels = levelCount, !isCategorical {
            return levels > 1 ? Double(rng.index(levels)) / Double(levels - 1) : 0
        }
        switch kind {
        case .categorical(let options): return Double(rng.index(options.count))
        case .boolean: return Double(rng.index(2))
        default: return rng.uniform()
        }
    }

    /// Snaps a model coordinate to a valid one.
    func snap(_ z: Double) -> Double { encode(decode(z)) }

    /// One grid step in model coordinates (0 when continuous without step).
    var gridStep: Double {
        guard !isCategorical, let levels = levelCount, levels > 1 else { return 0 }
        return 1 / Double(levels - 1)
    }
}

/// The space: an ordered list of dimensions. Points are `[Double]` of valid values (category
/// indices, 0/1 for booleans), one per dimension, in the caller's units.
public struct PreferenceSpace: Codable, Sendable, Equatable {
    public let dimensions: [Dimension]

    public init(_ dimensions: [Dimension]) { self.dimensions = dimensions }

    public var count: Int { dimensions.count }

    /// Model coordinates of a point in the caller's units.
    public func encode(_ point: [Double]) -> [Double] {
        precondition(point.count == dimensions.count, "point has \(point.count) values for \(dimensions.count) dimensions")
        return zip(dimensions, point).map { $0.encode($1) }
    }

    public func decode(_ z: [Double]) -> [Double] { zip(dimensions, z).map { $0.decode($1) } }

    /// The nearest valid point (clamped, snapped to grids and categories).
    public func snap(_ point: [Double]) -> [Double] { decode(encode(point)) }

    func randomCoordinates(_ rng: inout SplitMix64) -> [Double] {
        dimensions.map { $0.randomCoordinate(&rng) }
    }

    /// A normalised distance: ordered axes in [0, 1] units, unordered ones 1 when different.
    public func distance(_ a: [Double], _ b: [Double]) -> Double {
        let za = encode(a), zb = encode(b)
        var s = 0.0
        for (d, dim) in dimensions.enumerated() {
            if dim.isCategorical { s += za[d] == zb[d] ? 0 : 1 } else { s += (za[d] - zb[d]) * (za[d] - zb[d]) }
        }
        return s.squareRoot()
    }

    /// Neighbours of a point in model coordinates: random moves of a random subset of the ordered
    /// axes at `scale`, single grid steps of each integer axis, and every other value of each
    /// unordered axis. All snapped to valid points.
    func neighbours(of z: [Double], scale: Double, randomMoves: Int, rng: inout SplitMix64) -> [[Double]] {
        var out: [[Double]] = []
        let ordered = dimensions.indices.filter { !dimensions[$0].isCategorical }
        for _ in 0..<randomMoves {
            var y = z
            let p = min(1, 2.5 / Double(max(1, ordered.count)))
            var moved = false
            for d in ordered where rng.uniform() < p {
                y[d] = dimensions[d].snap(y[d] + scale * rng.normal()); moved = true
            }
            if !moved, let d = ordered.isEmpty ? nil : ordered[rng.index(ordered.count)] {
                y[d] = dimensions[d].snap(y[d] + scale * rng.normal())
            }
            if y != z { out.append(y) }
        }
        for (d, dim) in dimensions.enumerated() {
            switch dim.kind {
            case .categorical(let options):
                for c in 0..<options.count where Double(c) != z[d] { var y = z; y[d] = Double(c); out.append(y) }
            case .boolean:
                var y = z; y[d] = 1 - z[d]; out.append(y)
            case .integer:
                let step = dim.gridStep
                for s in [-step, step] {
                    var y = z; y[d] = dim.snap(z[d] + s)
                    if y != z { out.append(y) }
                }
            case .continuous: break
            }
        }
        return out
    }

    /// Values to try for one axis in a coordinate search: every category, or up to 21 evenly
    /// spaced grid values of an ordered axis.
    func axisValues(_ d: Int) -> [Double] {
        let dim = dimensions[d]
        switch dim.kind {
        case .categorical(let options): return (0..<options.count).map(Double.init)
        case .boolean: return [0, 1]
        case .continuous, .integer:
            let levels = min(dim.levelCount ?? 21, 21)
            return levels <= 1 ? [0] : Array(Set((0..<levels).map { dim.snap(Double($0) / Double(levels - 1)) })).sorted()
        }
    }

    /// Coordinate ascent of a score from `start`: each axis in turn set to its best value among
    /// `axisValues`, for `sweeps` sweeps or until nothing improves. `axisScores(z, d, values)`
    /// scores z with axis d set to each value (all at once: they share the other axes).
    func coordinateAscent(from start: [Double], startScore: Double, sweeps: Int, axisScores: ([Double], Int, [Double]) -> [Double],
                          onImprove: ([Double]) -> Void = { _ in }) -> (z: [Double], score: Double) {
        var z = start, best = startScore
        for _ in 0..<sweeps {
            var improved = false
            for d in dimensions.indices {
                let values = axisValues(d).filter { $0 != z[d] }
                guard !values.isEmpty else { continue }
                let scores = axisScores(z, d, values)
                var y = z
                for (value, s) in zip(values, scores) where s > best + 1e-12 {
                    best = s; y[d] = value; z = y; improved = true; onImprove(y)
                }
            }
            if !improved { break }
        }
        return (z, best)
    }
}
