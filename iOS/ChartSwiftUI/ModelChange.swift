import ChartEngine

/// What the chart plays when it is given another model, from the preset's definitions:
/// - the first model with prices, or one after a model without any (the preset's placeholder,
///   shown while loading), plays the engine's `Reveal` (drawOn, fade or none);
/// - a model of another period plays `PeriodMorph` from the picture on screen (morph, crossfade
///   or none), or, while a change is still moving, retargets it from where its line is;
/// - a model of the same period and size whose last price differs (a live price) plays
///   `LivePriceStep` with the header's flash; a press keeps its selection on its time
///   (`selection(_:)` maps the finger's fraction to the carried one until the finger moves);
/// - anything else (another size) replaces the picture at once.
/// Each restarts progress with `TransitionMotion.started`, the velocity carried over (a spring
/// keeps its momentum); the reduced variants play when the builder is reduced. A press takes
/// over from a reveal or a period change; a live step plays under a settled press.
/// A class, so `ChartView` keeps one across its values and updates it while drawing.
public final class ModelChange {
    enum Playing {
        case reveal(Reveal)
        case period(PeriodMorph)
        case live(LivePriceStep)
    }

    public private(set) var shown: ChartModel?
    private var playing: Playing?
    private var motion: TransitionMotion?
    private var startTime = 0.0
    /// The finger's fraction when the last live price arrived, and where that price moved it.
    private var carried: (finger: Double, selection: Double?)?

    public init() {}

    /// Shows `model` from `time` (seconds on the caller's clock), drawn by `builder`, the press
    /// at `press` with the finger at `selection` (a fraction of the width, or nil).
    public func show(_ model: ChartModel, at time: Double, builder: ChartSceneBuilder,
                     press: TransitionMotion.State = TransitionMotion.resting(at: 0).state(at: 0), selection: Double? = nil) {
        let previous = shown
        shown = model
        guard Self.hasPrices(model) else {
            if let previous, Self.hasPrices(previous) { playing = nil; motion = nil }
            return
        }
        guard let previous, Self.hasPrices(previous) else {
            start(.reveal(Reveal(model: model, builder: builder)), at: time)
            return
        }
        if previous.period != model.period {
            let morph: PeriodMorph
            if case .period(let running) = playing, let now = motion?.state(at: time), !now.finished {
                morph = running.retargeted(to: model, at: now.progress, builder: builder)
            } else {
                morph = PeriodMorph(from: previous, to: model, builder: builder)
            }
            start(.period(morph), at: time)
            return
        }
        guard previous.width == model.width, previous.height == model.height else { playing = nil; motion = nil; return }
        guard Self.lastPoint(previous) != Self.lastPoint(model) else { return }
        if case .period(let running) = playing, let now = motion?.state(at: time), !now.finished {
            // A price during a period change: the change now heads for the chart with it.
            start(.period(running.retargeted(to: model, at: now.progress, builder: builder)), at: time)
            return
        }
        // A price while the last one still steps: the step goes on from the frame shown.
        let step = if case .live(let running) = playing, let now = motion?.state(at: time), !now.finished {
            LivePriceStep(continuing: running, at: now.progress, to: model, builder: builder)
        } else {
            LivePriceStep(from: previous, to: model, state: ChartState(progress: press.progress, selection: self.selection(selection)),
                          builder: builder)
        }
        if let selection { carried = (selection, step.toState.selection) }
        start(.live(step), at: time)
    }

    private func start(_ next: Playing, at time: Double) {
        let (duration, easing): (Double, Easing) = switch next {
        case .reveal(let reveal): (reveal.duration, reveal.easing)
        case .period(let morph): (morph.duration, morph.easing)
        case .live(let step): (step.duration, step.easing)
        }
        motion = TransitionMotion.started(at: time, after: motion, duration: duration, easing: easing)
        playing = next
        startTime = time
    }

    /// The selection to draw for the finger at `finger`: the one a live price carried to its
    /// point's new place while the finger has not moved since, else the finger's own.
    public func selection(_ finger: Double?) -> Double? {
        guard let carried, let finger, finger == carried.finger else { return finger }
        return carried.selection
    }

    /// The motion's progress at `time` (1 once it has ended, 0 before any).
    public func progress(at time: Double) -> Double { motion?.state(at: time).progress ?? 0 }

    /// A motion (or a live price's flash) is still playing at `time`.
    public func isMoving(at time: Double) -> Bool {
        guard let motion, let playing else { return false }
        if !motion.state(at: time).finished { return true }
        if case .live(let step) = playing { return time - startTime < step.flashDuration }
        return false
    }

    /// The frame of the motion at `time`, or nil when none plays (the shown model's own scene, or
    /// the placeholder while it has no prices). `press` and `selection` are the press's now: a
    /// press takes over from a reveal or period change, and from a live step once it moves.
    public func scene(at time: Double, press: TransitionMotion.State, selection: Double?) -> ChartScene? {
        guard let playing, let state = motion?.state(at: time), isMoving(at: time) else { return nil }
        switch playing {
        case .reveal(let reveal):
            return press.finished && press.progress == 0 ? reveal.scene(at: state.progress) : nil
        case .period(let morph):
            return press.finished && press.progress == 0 ? morph.scene(at: state.progress) : nil
        case .live(let step):
            guard press.finished, press.progress == step.toState.progress, self.selection(selection) == step.toState.selection else { return nil }
            return step.scene(at: state.progress, elapsed: time - startTime)
        }
    }

    static func hasPrices(_ model: ChartModel) -> Bool { model.raw.contains(where: \.isFinite) }

    /// The last drawn price and its time, nil without one.
    static func lastPoint(_ model: ChartModel) -> [Double]? {
        guard let i = model.raw.lastIndex(where: \.isFinite), i < model.times.count else { return nil }
        return [model.times[i], model.raw[i]]
    }
}

extension ChartView {
    /// One frame at `time`: the model change while it plays (`ModelChange.scene`), else the
    /// press's scene (the placeholder while the model has no prices); then the outage state when
    /// `secondsSinceLastPrice` says the prices are stale.
    public static func frame(_ model: ChartModel, builder: ChartSceneBuilder, press: TransitionMotion.State, selection: Double?,
                             change: ModelChange, at time: Double, secondsSinceLastPrice: Double?) -> ChartScene {
        let scene = change.scene(at: time, press: press, selection: selection)
            ?? (ModelChange.hasPrices(model)
                ? builder(model, ChartState(progress: press.progress, selection: change.selection(selection)))
                : Reveal.placeholder(width: model.width, height: model.height, builder: builder))
        guard let secondsSinceLastPrice else { return scene }
        return Outage.apply(to: scene, secondsSinceLastPrice: secondsSinceLastPrice, style: builder.style)
    }
}
