import ChartEngine

/// The period change as the chart plays it, from the preset's definitions: the first model is
/// shown at once; a model of another period starts the engine's `PeriodMorph` from the picture on
/// screen (morph, crossfade or none; the reduced variant when the builder is), or, while a change
/// is still moving, retargets it from where its line is, the progress restarted by
/// `TransitionMotion.started` with the velocity carried over (a spring keeps its momentum). A new
/// model of the same period (new prices, another size) replaces the picture without a change.
/// A class, so `ChartView` keeps one across its values and updates it while drawing.
public final class PeriodChange {
    public private(set) var shown: ChartModel?
    private var morph: PeriodMorph?
    private var motion: TransitionMotion?

    public init() {}

    /// Shows `model` from `time` (seconds on the caller's clock), drawn by `builder`.
    public func show(_ model: ChartModel, at time: Double, builder: ChartSceneBuilder) {
        guard let previous = shown else { shown = model; return }
        shown = model
        guard previous.period != model.period else { return }
        let next: PeriodMorph
        if let morph, let now = motion?.state(at: time), !now.finished {
            next = morph.retargeted(to: model, at: now.progress, builder: builder)
        } else {
            next = PeriodMorph(from: previous, to: model, builder: builder)
        }
        morph = next
        motion = TransitionMotion.started(at: time, after: motion, duration: next.duration, easing: next.easing)
    }

    /// The change's progress at `time` (1 once it has ended, 0 before any).
    public func progress(at time: Double) -> Double { motion?.state(at: time).progress ?? 0 }

    /// The frame of the change at `time`, or nil when none is moving (the shown model's own scene plays).
    public func scene(at time: Double) -> ChartScene? {
        guard let morph, let state = motion?.state(at: time), !state.finished else { return nil }
        return morph.scene(at: state.progress)
    }
}

extension ChartView {
    /// One frame at `time`: the period change while it moves and the press rests at 0 (a press
    /// takes over from it), else the press's scene; then the outage state when
    /// `secondsSinceLastPrice` says the prices are stale.
    public static func frame(_ model: ChartModel, builder: ChartSceneBuilder, press: TransitionMotion.State, selection: Double?,
                             change: PeriodChange, at time: Double, secondsSinceLastPrice: Double?) -> ChartScene {
        let atRest = press.finished && press.progress == 0
        let scene = (atRest ? change.scene(at: time) : nil) ?? builder(model, ChartState(progress: press.progress, selection: selection))
        guard let secondsSinceLastPrice else { return scene }
        return Outage.apply(to: scene, secondsSinceLastPrice: secondsSinceLastPrice, style: builder.style)
    }
}
