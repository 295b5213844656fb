/// The first load: a placeholder while there is no data (a flat line at the plot's mid-height,
/// or a skeleton band, as the preset says), then the reveal when the data arrives, a pure
/// function of progress. drawOn clips the line and fill from the left (progress = the fraction
/// of the width shown; the fill fades in with it), fade raises the chart's opacity, none shows
/// it at once; the placeholder fades out meanwhile. Progress 0 is exactly the placeholder, 1
/// exactly the chart at rest.
public struct Reveal: Sendable {
    public let placeholderScene: ChartScene
    public let toScene: ChartScene
    public let style: ChartStyle
    public let reducedMotion: Bool

    /// The share of the plot's height the skeleton band covers, centred on its middle.
    public static let skeletonShare = 0.2
    /// The skeleton band's opacity (the trailing colour, as a greyed-out chart).
    public static let skeletonOpacity = 0.3
    public static let loadingMessage = "Loading prices."

    public init(model: ChartModel, builder: ChartSceneBuilder) {
        placeholderScene = Self.placeholder(width: model.width, height: model.height, builder: builder)
        toScene = builder(model, .inactive)
        style = builder.style
        reducedMotion = builder.reducedMotion
    }

    /// What the chart shows before its first prices: no header values, the placeholder drawn in
    /// the trailing colour (the colour of the line's quiet part).
    public static func placeholder(width: Double, height: Double, builder: ChartSceneBuilder) -> ChartScene {
        let style = builder.style
        let empty = ChartModel(times: [], raw: [], style: style, width: width, height: height)
        var scene = builder(empty, .inactive)
        let top = empty.labelBand, plot = height - empty.labelBand, middle = top + plot / 2
        var path = ScenePath()
        switch style.revealPlaceholder {
        case .flat:
            path.moveTo(0, middle); path.lineTo(width, middle)
            scene.scene.primitives = [.stroke(SceneStroke(id: "placeholder", path: path, color: style.trailingColor, width: style.lineWidth(at: 0),
                                                          cap: style.lineCap.rawValue, join: "round", clip: nil, opacity: 1))]
        case .skeleton:
            let half = plot * skeletonShare / 2
            path.moveTo(0, middle - half); path.lineTo(width, middle - half); path.lineTo(width, middle + half); path.lineTo(0, middle + half)
            path.closePath()
            let stops = [GradientStop(offset: 0, color: style.trailingColor, opacity: skeletonOpacity),
                         GradientStop(offset: 1, color: style.trailingColor, opacity: skeletonOpacity)]
            scene.scene.primitives = [.area(SceneArea(id: "placeholder", path: path, gradientTop: middle - half, gradientBottom: middle + half,
                                                      stops: stops, clip: nil, opacity: 1))]
        }
        scene.summary = loadingMessage
        scene.accessibility = ChartAccessibility(label: "\(builder.subject): \(loadingMessage.lowercased())", value: "")
        return scene
    }

    /// The reveal as played: under reduced motion a linear fade over the reduced-motion
    /// duration, or none, as the preset's variant says.
    public var played: RevealStyle {
        guard reducedMotion, style.revealStyle != .none else { return style.revealStyle }
        return style.revealReducedMotion == .crossfade && style.reducedMotionDuration > 0 ? .fade : .none
    }

    /// Seconds the reveal takes as played.
    public var duration: Double {
        switch played {
        case .none: 0
        case _ where reducedMotion: style.reducedMotionDuration
        default: style.revealDuration
        }
    }

    /// The easing as played: the preset's, or linear under reduced motion.
    public var easing: Easing { style.motionEasing(reducedMotion ? .linear : style.revealEasing, duration: duration) }

    /// The scene at `progress` (already eased; a spring's overshoot is held within 0…1).
    public func scene(at progress: Double) -> ChartScene {
        let p = Swift.min(Swift.max(ChartState.bounded(progress), 0), 1)
        if p == 0 { return placeholderScene }
        if p == 1 { return toScene }
        var frame = toScene
        let shown: [ScenePrimitive]
        switch played {
        case .none:
            return toScene
        case .fade:
            shown = toScene.scene.primitives.map { $0.fading(p) }
        case .drawOn:
            let clip = SceneRect(x: 0, y: 0, width: toScene.scene.width * p, height: toScene.scene.height)
            shown = toScene.scene.primitives.map { primitive in
                switch primitive {
                case .area(var area): area.clip = clip; area.opacity *= p; return .area(area)
                case .stroke(var stroke): stroke.clip = clip; return .stroke(stroke)
                default: return primitive
                }
            }
        }
        frame.scene.primitives = placeholderScene.scene.primitives.map { $0.fading(1 - p) } + shown
        frame.progress = 0
        return frame
    }
}
