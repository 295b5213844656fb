/// The period change as a pure function of progress: the rest picture of one period becoming
/// the rest picture of another. Both lines are recorded as cubic segments and brought to one
/// segment count by de Casteljau splitting (which leaves each shape unchanged); segment k of
/// either then sits at about normalised time k/count, because price points are equal time
/// buckets (docs/motion.md). Mixing them point by point moves the line, the fill under it and
/// the vertical range together; the header's price and change count between their values.
/// Progress 0 is exactly the old picture, 1 exactly the new one.
public struct PeriodMorph: Sendable {
    /// Where the morph starts: a period's rest line, or wherever a previous morph was when a
    /// second period was chosen (`retargeted`).
    public struct Shape: Sendable, Equatable {
        public var line: CubicPieces
        public var gradientTop: Double
        public var price: Double?
        public var change: Double?
        public var changePercent: Double?
    }

    public let from: Shape
    public let to: Shape
    /// The pictures shown at progress 0 and 1 (and crossfaded under reduced motion).
    public let fromScene: ChartScene
    public let toScene: ChartScene
    public let style: ChartStyle
    public let reducedMotion: Bool
    let height: Double

    public init(from old: ChartModel, to new: ChartModel, builder: ChartSceneBuilder) {
        let fromScene = builder(old, .inactive)
        self.init(from: Self.shape(old, fromScene, style: builder.style), fromScene: fromScene, to: new, builder: builder)
    }

    init(from shape: Shape, fromScene: ChartScene, to new: ChartModel, builder: ChartSceneBuilder) {
        let toScene = builder(new, .inactive)
        var target = Self.shape(new, toScene, style: builder.style)
        var start = shape
        let count = Swift.max(start.line.segments.count, target.line.segments.count, 1)
        start.line = start.line.resampled(to: count)
        target.line = target.line.resampled(to: count)
        from = start; to = target
        self.fromScene = fromScene; self.toScene = toScene
        style = builder.style; reducedMotion = builder.reducedMotion; height = new.height
    }

    /// A period's rest line as one piece: gaps are bridged while it morphs (the pictures at
    /// either end keep them).
    static func shape(_ model: ChartModel, _ scene: ChartScene, style: ChartStyle) -> Shape {
        var line = CubicPieces()
        let runs = model.pixelRuns(at: 0)
        let xs = runs.flatMap(\.xs), ys = runs.flatMap(\.ys)
        if xs.isEmpty { line.moveTo(0, model.height / 2) } else { style.inactive.draw(xs: xs, ys: ys, into: &line) }
        let top = model.priceExtent.map { model.yScale($0.upperBound) } ?? model.height / 2
        return Shape(line: line, gradientTop: top, price: scene.header.price, change: scene.header.change,
                     changePercent: scene.header.changePercent)
    }

    /// The line, fill and header where the morph is at `progress` (a spring's may leave 0…1).
    public func shape(at progress: Double) -> Shape {
        let p = ChartState.bounded(progress)
        func mix(_ a: Double?, _ b: Double?) -> Double? {
            guard let a, let b else { return p < 1 ? a : b }
            return a + (b - a) * p
        }
        return Shape(line: CubicPieces.mix(from.line, to.line, p), gradientTop: from.gradientTop + (to.gradientTop - from.gradientTop) * p,
                     price: mix(from.price, to.price), change: mix(from.change, to.change), changePercent: mix(from.changePercent, to.changePercent))
    }

    /// The style the period change plays in: morph, crossfade or none, and under reduced motion
    /// the preset's variant (crossfade or none; never a morph).
    public var playedStyle: PeriodMorphStyle {
        guard reducedMotion else { return style.periodMorphStyle }
        if style.periodMorphStyle == .none { return .none }
        return style.periodReducedMotion == .crossfade ? .crossfade : .none
    }

    /// Seconds the period change takes as played.
    public var duration: Double {
        switch playedStyle {
        case .none: 0
        case .crossfade where reducedMotion: style.reducedMotionDuration
        default: style.periodDuration
        }
    }

    /// The easing as played: the preset's, or linear under reduced motion.
    public var easing: Easing { style.motionEasing(reducedMotion ? .linear : style.periodEasing, duration: duration) }

    /// The scene at `progress` (already eased).
    public func scene(at progress: Double) -> ChartScene {
        let p = ChartState.bounded(progress)
        let way: MotionMix.Way = switch playedStyle { case .none: .cut; case .crossfade: .crossfade; case .morph: .own }
        if let frame = MotionMix.sharedFrame(fromScene, toScene, at: p, way, header: { header(shape(at: $0)) }) { return frame }
        let now = shape(at: p)
        let (line, fill) = MotionMix.paths(now.line, bottom: height)
        var frame = toScene
        frame.progress = 0
        frame.scene.primitives = toScene.scene.primitives.map { primitive in
            switch primitive {
            case .area(var area): area.path = fill; area.gradientTop = now.gradientTop; return .area(area)
            case .stroke(var stroke): stroke.path = line; return .stroke(stroke)
            default: return primitive
            }
        }
        frame.header = header(now)
        return frame
    }

    private func header(_ shape: Shape) -> ChartHeader {
        var header = toScene.header
        header.price = shape.price; header.change = shape.change; header.changePercent = shape.changePercent
        return header
    }

    /// A second period chosen mid-morph: a new morph from where the line is at `progress`
    /// toward `model`, so nothing jumps (the caller's `TransitionMotion` keeps its velocity).
    public func retargeted(to model: ChartModel, at progress: Double, builder: ChartSceneBuilder) -> PeriodMorph {
        PeriodMorph(from: shape(at: progress), fromScene: scene(at: progress), to: model, builder: builder)
    }
}
