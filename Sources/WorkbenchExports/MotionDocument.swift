import WorkbenchSupport
import ChartEngine

/// A number with its unit: `{"value": 300, "unit": "ms"}` (DTCG's dimension and duration, and
/// every duration of `motion.json`).
struct Quantity: Encodable {
    let value: Double
    let unit: String

    static func seconds(_ seconds: Double) -> Quantity { Quantity(value: seconds, unit: "s") }
    /// Whole milliseconds, as DTCG durations are written.
    static func milliseconds(_ seconds: Double) -> Quantity { Quantity(value: (seconds * 1000).rounded(), unit: "ms") }
}

/// `motion.json` (`chart-workbench.motion`), built by `MotionExport.document(presetName:)`: the
/// press's state, its curve, then press and release in each platform's terms and the other motions.
typealias MotionDocument = TimedMotion<PressState, MotionCurve, Motions>

struct PressState: Encodable {
    let format = "chart-workbench.motion"
    let version = MotionExport.version
    let preset: String, easing: String, animated: Bool, duration: Quantity
}

struct Motions: Encodable {
    let press: PlatformPhase, release: PlatformPhase
    let reducedMotion: ReducedMotion
    let haptics: Haptics
    let period: PeriodMotion, outage: OutageState, live: LiveMotion, reveal: RevealMotion
}

/// The curve's own terms, written into the motion that plays it: `kind`, then `cubicBezier` or `spring`.
enum MotionCurve: Encodable {
    case bezier([Double])
    case spring(SpringModel)

    private enum CodingKeys: String, CodingKey { case kind, cubicBezier, spring }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .bezier(let points):
            try c.encode("cubicBezier", forKey: .kind)
            try c.encode(points, forKey: .cubicBezier)
        case .spring(let model):
            try c.encode("spring", forKey: .kind)
            try c.encode(model, forKey: .spring)
        }
    }
}

struct SpringModel: Encodable {
    let model = "mass 1: x'' = -stiffness·(x - target) - damping·x'; from rest the velocity is initialVelocity times the distance, toward the target"
    let dampingRatio: Double, naturalFrequency: Double
    let mass = 1.0
    let stiffness: Double, damping: Double, initialVelocity: Double
    let velocityUnit = "distances per second"
    let perceptualDuration: Double, bounce: Double
    let settleThreshold = 0.001

    init(_ s: MotionExport.SpringTerms) {
        dampingRatio = s.dampingRatio; naturalFrequency = s.naturalFrequency
        stiffness = s.stiffness; damping = s.damping; initialVelocity = s.velocity
        perceptualDuration = s.perceptualDuration; bounce = s.bounce
    }
}

/// One direction of a motion (press 0 → 1, release 1 → 0) in each platform's terms.
enum PlatformPhase: Encodable {
    case bezier(BezierPhase)
    case spring(SpringPhase)

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .bezier(let phase): try phase.encode(to: encoder)
        case .spring(let phase): try phase.encode(to: encoder)
        }
    }
}

struct PlatformCode: Encodable { let code: String }

struct CSSTiming: Encodable {
    let timingFunction: String, duration: String
    /// The `linear()` stops of a spring; a Bézier has none.
    var stops: Int?

    private enum CodingKeys: String, CodingKey {
        case timingFunction = "animation-timing-function", duration = "animation-duration", stops
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(timingFunction, forKey: .timingFunction)
        try c.encode(duration, forKey: .duration)
        if let stops { try c.encode(stops, forKey: .stops) }
    }
}

struct BezierPhase: Encodable {
    struct SwiftUI: Encodable {
        struct TimingCurve: Encodable { let controlPoints: [Double], duration: Double }
        let code: String, timingCurve: TimingCurve
    }
    struct Point: Encodable { let x: Double, y: Double }
    struct UIKit: Encodable {
        let code: String, controlPoint1: Point, controlPoint2: Point, duration: Double, coreAnimation: String
    }
    struct Compose: Encodable { let code: String, cubicBezierEasing: [Double], durationMillis: Int }

    let from: Double, to: Double
    let swiftui: SwiftUI, uikit: UIKit, compose: Compose, css: CSSTiming
}

struct SpringPhase: Encodable {
    static let towardTarget = "distances per second, toward the target"

    struct Parameters: Encodable {
        let mass = 1.0
        let stiffness: Double, damping: Double, initialVelocity: Double
    }
    struct DurationBounce: Encodable { let code: String, duration: Double, bounce: Double, initialVelocity: Double }
    struct SwiftUI: Encodable {
        let code: String, interpolatingSpring: Parameters, durationBounce: DurationBounce
        let velocityUnit = SpringPhase.towardTarget
    }
    struct Velocity: Encodable {
        let dx: Double
        let dy = 0.0
    }
    struct TimingParameters: Encodable {
        let mass = 1.0
        let stiffness: Double, damping: Double, initialVelocity: Velocity
    }
    struct UIKit: Encodable {
        let code: String, springTimingParameters: TimingParameters
        let velocityUnit = SpringPhase.towardTarget
        let note = "The animator computes its own duration from these parameters. UIView.animate(withDuration:usingSpringWithDamping:initialSpringVelocity:) picks its stiffness from the duration in an undocumented way: not recommended."
    }
    struct Compose: Encodable {
        let code: String, dampingRatio: Double, stiffness: Double, visibilityThreshold: Double, initialVelocity: Double
        let velocityUnit = "progress per second"
        let note = "Pass the visibilityThreshold: with the default (0.01) Compose stops the spring early and snaps."
    }

    let from: Double, to: Double
    let swiftui: SwiftUI, uikit: UIKit, compose: Compose, css: CSSTiming
}

/// The variant played when the viewer asks for reduced motion, and how each platform tells.
struct ReducedMotion: Encodable {
    struct Query: Encodable {
        let swiftui = "@Environment(\\.accessibilityReduceMotion)"
        let uikit = "UIAccessibility.isReduceMotionEnabled"
        let android = "Settings.Global.getFloat(contentResolver, Settings.Global.ANIMATOR_DURATION_SCALE, 1f) == 0f"
        let css = "@media (prefers-reduced-motion: reduce)"
        let web = "matchMedia('(prefers-reduced-motion: reduce)').matches"
    }
    struct Compose: Encodable { let code: String, durationMillis: Int }
    struct Phase: Encodable {
        let from: Double, to: Double
        let swiftui: PlatformCode, uikit: PlatformCode, compose: Compose, css: CSSTiming
    }

    let style: String, animated: Bool
    let easing = "linear"
    let duration: Quantity, scene: String
    let when = Query()
    let press: Phase, release: Phase
}

/// A motion's reduced variant: linear, over `reducedMotionDuration` or not at all.
struct ReducedVariant: Encodable {
    let style: String, animated: Bool
    let easing = "linear"
    let duration: Quantity, scene: String
}

struct Haptics: Encodable {
    let style: String, minInterval: Quantity
    let when = "each time the selection moves to another price point while pressing, at most once per minInterval (HapticTicker)"
    let ios = "UISelectionFeedbackGenerator().selectionChanged()"
    let compose = "LocalHapticFeedback.current.performHapticFeedback(HapticFeedbackType.TextHandleMove)"
    let android = "view.performHapticFeedback(HapticFeedbackConstants.CLOCK_TICK)"
    let web = "navigator.vibrate(5)"
}

/// A motion's easing over its duration, written into the motion: the curve's terms, a note when
/// there is one, and `play`, the press's platform terms.
struct MotionTiming: Encodable {
    let curve: MotionCurve
    var note: String?
    let play: PlatformPhase

    private enum CodingKeys: String, CodingKey { case note, play }

    func encode(to encoder: any Encoder) throws {
        try curve.encode(to: encoder)
        var c = encoder.container(keyedBy: CodingKeys.self)
        if let note { try c.encode(note, forKey: .note) }
        try c.encode(play, forKey: .play)
    }
}

/// A motion in one object: its own members (`lead`), then its timing's, then the rest.
struct TimedMotion<Lead: Encodable, Timing: Encodable, Rest: Encodable>: Encodable {
    let lead: Lead
    let timing: Timing
    let rest: Rest

    func encode(to encoder: any Encoder) throws {
        try lead.encode(to: encoder)
        try timing.encode(to: encoder)
        try rest.encode(to: encoder)
    }
}

/// What a motion is, before its timing: whether it moves, with which easing, for how long.
struct MotionState: Encodable {
    let animated: Bool, easing: String, duration: Quantity
}

/// The period change: its style before its state.
struct PeriodMotionState: Encodable {
    let style: String, animated: Bool, easing: String, duration: Quantity
}

struct PeriodMotionRest: Encodable {
    let scene = "PeriodMorph(from: oldModel, to: newModel, builder:).scene(at: progress): progress 0 is the old period's rest picture, 1 the new one's; "
        + "morph mixes both lines (resampled onto one segment count), the fill, the vertical range and the header's values; "
        + "crossfade fades the old picture (ids suffixed -from) out under the new one; none shows the new one as progress leaves 0"
    let retarget = "A period chosen while a change is moving: morph.retargeted(to: newModel, at: progress, builder:) starts from where the line is, "
        + "and progress restarts at 0 with TransitionMotion.started(at:after:duration:easing:), keeping the moving motion's velocity (a spring keeps its momentum)."
    let reducedMotion: ReducedVariant
}

struct LiveMotionRest: Encodable {
    struct Flash: Encodable {
        let enabled: Bool, upColor: String, downColor: String, duration: Quantity
        let opacity = "1 when the price arrives, falling linearly to 0 over the flash duration (the header's `flash`)"
    }

    let flash: Flash
    let scene = "LivePriceStep(from: oldModel, to: newModel, state: press, builder:).scene(at: progress, elapsed: seconds): progress 0 is the chart before the price, "
        + "1 the chart with it; the line's end moves or extends to the price, the vertical range rescales, the header's values count between their ends "
        + "and its price flashes in the direction's colour; a press keeps its selection on its time (toState)"
    let reducedMotion: ReducedVariant
}

/// The reveal: its placeholder and style before its state.
struct RevealMotionState: Encodable {
    let placeholder: String, style: String, animated: Bool, easing: String, duration: Quantity
}

struct RevealMotionRest: Encodable {
    let scene = "Reveal(model:, builder:).scene(at: progress): progress 0 is the placeholder (Reveal.placeholder: a flat line at the plot's mid-height or a skeleton band, "
        + "in the trailing colour, saying \"\(Reveal.loadingMessage)\"), 1 the chart at rest; drawOn widens a clip from the left, fade raises the chart's opacity, "
        + "none shows it at once; the placeholder fades out meanwhile"
    let reducedMotion: ReducedVariant
}

typealias PeriodMotion = TimedMotion<PeriodMotionState, MotionTiming, PeriodMotionRest>
typealias LiveMotion = TimedMotion<MotionState, MotionTiming, LiveMotionRest>
typealias RevealMotion = TimedMotion<RevealMotionState, MotionTiming, RevealMotionRest>

struct OutageState: Encodable {
    let staleAfter: Quantity, dimOpacity: Double, message: String
    let dims = ["line", "trail", "fill", "fill-trailing"]
    let scene = "Outage.apply(to: scene, secondsSinceLastPrice:, style:): from staleAfter seconds without a new price the line and fill take dimOpacity and the text primitive \"outage\" says the message above the plot; before that the scene is unchanged. A state, not an animation."
}
