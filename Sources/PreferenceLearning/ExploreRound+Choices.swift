import Foundation

/// Answers richer than a pair, each turned into pairwise comparisons for the same model:
///
/// - a **line** (Koyama et al., Sequential Line Search, SIGGRAPH 2017): one chart moved along the
///   segment from the model's anchor (its best) to the challenger the pair acquisition chose;
///   the person stops where it looks best. The stop beats both ends and the stops a quarter of
///   the line away on either side.
/// - a **gallery** (Koyama et al., Sequential Gallery, 2020): nine charts on the plane through
///   the anchor and two challengers whose directions from it keep an angle, the anchor in the
///   middle; the pick beats the eight others.
/// - an **edit** (BO as Assistant, UIST 2022): values a person set by hand and kept beat the
///   values they started from.
///
/// One answer's comparisons are recorded together: one refit, one move of the best.
extension ExploreRound {
    /// Positions on a line answer's slider (0…20: from the anchor to the challenger).
    public static let lineStops = 21
    /// A gallery is a 3 × 3 grid.
    public static let gallerySide = 3

    /// A line to show: the segment from the anchor (`first`) to the challenger (`second`).
    public mutating func proposeLine(for person: String? = nil) -> Proposal {
        anchoredProposal(for: person, avoiding: nil)
    }

    /// The points of a line proposal, one per stop: ordered axes interpolated on their grids,
    /// unordered ones the anchor's up to the middle and the challenger's after it. `reach` < 1
    /// ends the line that share of the way to the challenger (a shorter line, when the whole
    /// one shows charts a round refuses).
    public func linePoints(_ line: Proposal, reach: Double = 1) -> [[Double]] {
        let a = space.encode(line.first), far = space.encode(line.second)
        let b = reach == 1 ? far : space.blend(a, far, reach)
        return (0..<Self.lineStops).map { k in
            space.decode(space.blend(a, b, Double(k) / Double(Self.lineStops - 1)))
        }
    }

    /// A gallery to show: two proposals from the same anchor (their `first`), the second
    /// challenger's direction at an angle to the first's, so the nine charts span a plane.
    public mutating func proposeGallery(for person: String? = nil) -> [Proposal] {
        let one = anchoredProposal(for: person, avoiding: nil)
        let anchor = space.encode(one.first), toFirst = zip(space.encode(one.second), anchor).map { $0 - $1 }
        var two = anchoredProposal(for: person, avoiding: toFirst)
        if space.encode(two.first) != anchor || two.second == one.second || !space.keepsAngle(from: anchor, to: space.encode(two.second), with: toFirst) {
            // The first far-apart pairs (or a constraint) gave another anchor: a far point from this one.
            var far = farPoint(from: anchor)
            for _ in 0..<8 where !space.keepsAngle(from: anchor, to: far, with: toFirst) || space.decode(far) == one.second { far = farPoint(from: anchor) }
            proposals.removeLast()
            two = recordedProposal(anchor, far)
        }
        return [one, two]
    }

    /// The nine points of a gallery, row by row: the anchor plus u × (first challenger − anchor)
    /// plus v × (second − anchor), u and v in {−1, 0, 1} (clamped to the ranges), so the anchor
    /// is in the middle with each challenger and its opposite around it, as Sequential Gallery
    /// centres its plane on the current best. An unordered axis takes a challenger's value
    /// where that challenger's weight is 1, else the anchor's. In the simulated studies this
    /// centred grid reached 0.87 of the range after 30 picks, against 0.78 for the grid
    /// {0, ½, 1} from the anchor. `reach` < 1 spans that share of the way to the challengers.
    /// Where a step of −1 would show the anchor again (the anchor at a range's edge, clamped
    /// back onto it), the step is ½ instead: halfway to that challenger.
    /// A category has no opposite: where a challenger changes one, a step of −1 or ½ keeps the
    /// anchor's and can show a chart already there (always, for a challenger that changes only
    /// categories). Such a chart takes a third value of each category that challenger changes
    /// instead, else the steps halved, so that no chart repeats while the space allows.
    public func galleryPoints(_ gallery: [Proposal], reach: Double = 1) -> [[Double]] {
        guard gallery.count == 2 else { return [] }
        let o = space.encode(gallery[0].first)
        let p = reach == 1 ? space.encode(gallery[0].second) : space.blend(o, space.encode(gallery[0].second), reach)
        let q = reach == 1 ? space.encode(gallery[1].second) : space.blend(o, space.encode(gallery[1].second), reach)
        /// The opposite side of a challenger: −1, or ½ where −1 was clamped onto the anchor.
        func opposite(_ w: Double) -> Bool { w != 0 && w != 1 }
        /// `other`: on the opposite side of a challenger that changes a category, a third value of it.
        func at(_ u: Double, _ v: Double, other: Bool = false) -> [Double] {
            var z = o
            for (d, dim) in space.dimensions.enumerated() {
                if dim.isCategorical {
                    z[d] = u == 1 && p[d] != o[d] ? p[d] : v == 1 && q[d] != o[d] ? q[d] : o[d]
                    if other, let count = dim.levelCount {
                        let towards = opposite(u) && p[d] != o[d] ? p[d] : opposite(v) && q[d] != o[d] ? q[d] : nil
                        if let towards, let third = (1..<count).lazy.map({ (Int(towards) + $0) % count }).first(where: { Double($0) != o[d] && Double($0) != towards }) {
                            z[d] = Double(third)
                        }
                    }
                } else {
                    z[d] = dim.snap(o[d] + u * (p[d] - o[d]) + v * (q[d] - o[d]))
                }
            }
            return z
        }
        let anchor = at(0, 0)
        let us = [at(-1, 0) == anchor ? 0.5 : -1, 0, 1], vs = [at(0, -1) == anchor ? 0.5 : -1, 0, 1]
        // Row by row on screen; placed the anchor first, then the challengers' side, then their
        // opposites, so that a repeat moves the opposite, never the anchor or a challenger.
        let grid = vs.flatMap { v in us.map { u in (u: u, v: v) } }
        func rank(_ i: Int) -> Int { grid[i].u == 0 && grid[i].v == 0 ? 0 : !opposite(grid[i].u) && !opposite(grid[i].v) ? 1 : 2 }
        var shown = [[Double]](repeating: anchor, count: grid.count), placed: [[Double]] = []
        for i in grid.indices.sorted(by: { (rank($0), $0) < (rank($1), $1) }) {
            let (u, v) = grid[i]
            let tries = [at(u, v), at(u, v, other: true), at(u / 2, v / 2, other: true), at(u / 2, v, other: true), at(u, v / 2, other: true)]
            shown[i] = tries.first { !placed.contains($0) } ?? nearestUnplaced(tries[0], avoiding: placed)
            placed.append(shown[i])
        }
        return shown.map(space.decode)
    }

    /// The first of `z`'s neighbours not in `placed`: each ordered axis one, two or three grid
    /// steps either way (a twentieth of its range without a grid), then each other value of each
    /// unordered axis; `z` itself when the space has no room left.
    private func nearestUnplaced(_ z: [Double], avoiding placed: [[Double]]) -> [Double] {
        for steps in 1...3 {
            for (d, dim) in space.dimensions.enumerated() where !dim.isCategorical {
                let step = dim.gridStep > 0 ? dim.gridStep : 0.05
                for sign in [-1.0, 1.0] {
                    var y = z
                    y[d] = dim.snap(min(1, max(0, z[d] + sign * Double(steps) * step)))
                    if !placed.contains(y) { return y }
                }
            }
        }
        for (d, dim) in space.dimensions.enumerated() where dim.isCategorical {
            for value in space.axisValues(d) where value != z[d] {
                var y = z
                y[d] = value
                if !placed.contains(y) { return y }
            }
        }
        return z
    }

    /// Records a pick among points shown together: a gallery's nine (the pick beats every other),
    /// or a line's stops (the stop beats both ends and the stops a quarter of the line away).
    /// Points equal to the pick once snapped say nothing and are left out. Returns the number of
    /// comparisons recorded.
    @discardableResult
    public mutating func record(pick: Int, among points: [[Double]], kind: AnswerKind, person: String, proposalID: Int? = nil) throws(RoundError) -> Int {
        guard points.indices.contains(pick) else { return 0 }
        let beaten: [Int]
        switch kind {
        case .line:
            let quarter = (points.count - 1) / 4
            beaten = [0, points.count - 1, pick - quarter, pick + quarter].filter { points.indices.contains($0) }
        case .gallery, .pair, .edit:
            beaten = Array(points.indices)
        }
        let chosen = space.snap(points[pick])
        var seen = Set<[Double]>()
        var batch: [Answer] = []
        for i in beaten where i != pick {
            let other = space.snap(points[i])
            guard other != chosen, seen.insert(other).inserted else { continue }
            batch.append(Answer(proposalID: proposalID, first: chosen, second: other, outcome: .first, person: person, kind: kind))
        }
        try record(batch)
        return batch.count
    }

    /// Records a pick among the pairs of proposals shown together (`winner` indexes their points
    /// in order: a, b of the first, c, d of the second), or no preference (`winner` nil: each
    /// pair ties), as one answer: the pick beats the other of its pair and every point of the
    /// others; one refit, one move of the best (four charts count one answer towards the best
    /// staying put, as a gallery's nine do).
    public mutating func record(pick winner: Int?, amongPairs proposalIDs: [Int], person: String) throws(RoundError) {
        var shown: [Proposal] = []
        for id in proposalIDs {
            guard let p = proposals.first(where: { $0.id == id }) else { throw .unknownProposal(id) }
            shown.append(p)
        }
        guard let winner else {
            try record(shown.map { Answer(proposalID: $0.id, first: $0.first, second: $0.second, outcome: .noPreference, person: person) })
            return
        }
        guard shown.indices.contains(winner / 2) else { throw .unknownProposal(winner) }
        let own = shown[winner / 2], chosen = winner % 2 == 0 ? own.first : own.second
        var batch = [Answer(proposalID: own.id, first: own.first, second: own.second, outcome: winner % 2 == 0 ? .first : .second, person: person)]
        for (pair, p) in shown.enumerated() where pair != winner / 2 {
            for other in [p.first, p.second] { batch.append(Answer(proposalID: nil, first: chosen, second: other, outcome: .first, person: person)) }
        }
        try record(batch)
    }

    /// Records values a person set by hand and kept (`kept`) over the ones they started from.
    /// Returns false when the two are the same point of the space (nothing to learn).
    @discardableResult
    public mutating func recordEdit(kept: [Double], over before: [Double], person: String) throws(RoundError) -> Bool {
        for point in [kept, before] where point.count != space.count { throw .wrongPointSize(expected: space.count, got: point.count) }
        let a = space.snap(kept), b = space.snap(before)
        guard a != b else { return false }
        try record([Answer(proposalID: nil, first: a, second: b, outcome: .first, person: person, kind: .edit)])
        return true
    }

    /// A proposal with its anchor first, as stored.
    private mutating func anchoredProposal(for person: String?, avoiding: [Double]?) -> Proposal {
        let made = makeProposal(for: person, avoiding: avoiding, richer: true)
        guard !made.anchorIsFirst else { return made.proposal }
        let p = made.proposal
        let swapped = Proposal(id: p.id, first: p.second, second: p.first, expectedBest: p.expectedBest,
                               firstMean: p.secondMean, firstSD: p.secondSD, secondMean: p.firstMean, secondSD: p.firstSD)
        proposals[proposals.count - 1] = swapped
        return swapped
    }

    /// A proposal of two given points (model coordinates), with the model's view of them and
    /// their EUBO, stored.
    mutating func recordedProposal(_ a: [Double], _ b: [Double]) -> Proposal {
        let p = currentModel().jointPair(a, b)
        let s = p.differenceSD, delta = p.means[0] - p.means[1]
        let eubo = p.means[1] + delta * Normal.cdf(delta / s) + s * Normal.pdf(delta / s)
        let proposal = Proposal(id: proposals.count, first: space.decode(a), second: space.decode(b), expectedBest: eubo,
                                firstMean: p.means[0], firstSD: p.variances[0].squareRoot(),
                                secondMean: p.means[1], secondSD: p.variances[1].squareRoot())
        proposals.append(proposal)
        return proposal
    }
}

extension PreferenceSpace {
    /// Model coordinates a share `t` of the way from `a` to `b`: ordered axes interpolated and
    /// snapped to their grids, unordered ones `a`'s below the middle and `b`'s from it.
    func blend(_ a: [Double], _ b: [Double], _ t: Double) -> [Double] {
        dimensions.indices.map { d in
            dimensions[d].isCategorical ? (t < 0.5 ? a[d] : b[d]) : dimensions[d].snap(a[d] + t * (b[d] - a[d]))
        }
    }

    /// Whether the direction from `origin` to `z` keeps an angle with `direction` (|cos| ≤ 0.7
    /// over the ordered axes; an unordered axis that differs counts as a step of 1).
    func keepsAngle(from origin: [Double], to z: [Double], with direction: [Double]) -> Bool {
        var dot = 0.0, a2 = 0.0, b2 = 0.0
        for (d, dim) in dimensions.enumerated() {
            let step = dim.isCategorical ? (z[d] == origin[d] ? 0 : 1) : z[d] - origin[d]
            let other = dim.isCategorical ? (direction[d] == 0 ? 0 : 1) : direction[d]
            dot += step * other; a2 += step * step; b2 += other * other
        }
        guard a2 > 1e-12 else { return false }
        guard b2 > 1e-12 else { return true }
        return abs(dot) <= 0.7 * (a2 * b2).squareRoot()
    }
}
