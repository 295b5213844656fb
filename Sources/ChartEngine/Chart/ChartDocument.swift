import Foundation

/// The chart as an SVG document: the chart's scene (`ChartSceneBuilder`) rendered by
/// `SceneSVG`. The same renderer produces a still frame and the self-running animated variant
/// (SMIL, no script), so both always look alike.
public struct ChartDocument {
    public var model: ChartModel
    public var style: ChartStyle
    /// Prefix for element ids, so several charts can live in one HTML page.
    public var idPrefix: String
    public var title: String
    public var digits: Int
    /// The viewer's offset from UTC in seconds at a given time, for the label's time.
    public var utcOffset: @Sendable (Double) -> Int
    /// The viewer asks for reduced motion: scenes between the states crossfade (or jump).
    public var reducedMotion: Bool

    public init(model: ChartModel, style: ChartStyle, idPrefix: String = "cw", title: String = "Bitcoin price", digits: Int = 2,
                reducedMotion: Bool = false, utcOffset: @escaping @Sendable (Double) -> Int = { _ in 0 }) {
        self.utcOffset = utcOffset
        self.reducedMotion = reducedMotion
        self.model = model
        self.style = style
        self.idPrefix = Self.safeId(idPrefix)
        self.title = title
        self.digits = digits
    }

    /// The scene builder for this document's style and viewer.
    public func builder(morphAlways: Bool = false) -> ChartSceneBuilder {
        ChartSceneBuilder(style: style, morphAlways: morphAlways, reducedMotion: reducedMotion, subject: title, utcOffset: utcOffset)
    }

    /// The scene of one state.
    public func scene(state: ChartState) -> ChartScene { builder()(model, state) }

    /// One still frame.
    public func svg(state: ChartState) -> String { svg(scene(state: state)) }

    /// One still frame and its elements, to update a drawn frame in place.
    public func recordedSVG(_ scene: ChartScene) -> (svg: String, elements: [SVGElementRecord]) {
        renderer(scene).recorded(scene.scene)
    }

    /// One still frame's elements only, with its paths as numbers (a frame sent as a delta).
    public func recordedElements(_ scene: ChartScene) -> [SVGElementRecord] {
        renderer(scene).elements(scene.scene)
    }

    /// One still frame of a scene built for this document.
    public func svg(_ scene: ChartScene) -> String {
        renderer(scene).render(scene.scene)
    }

    /// A looping animation: hold inactive, ease into the active state at `selection`, hold,
    /// ease back. Every frame's paths share one command structure, so SMIL interpolates them.
    /// The reduced-motion variant (a crossfade or a jump, `reducedMotionStyle`) is in the same
    /// file: CSS `@media (prefers-reduced-motion: reduce)` shows it instead of the morph.
    public func animatedSVG(selection: Double = 0.7, hold: Double = 1.0) -> String {
        let full = animatedVariant(selection: selection, hold: hold)
        var quiet = self
        quiet.style = style.reducedMotionVariant
        quiet.reducedMotion = true
        quiet.idPrefix = Self.safeId(idPrefix + "-reduced")
        let reduced = quiet.animatedVariant(selection: selection, hold: hold)
        guard let fullHead = full.range(of: "</desc>"), let fullTail = full.range(of: "</svg>", options: .backwards),
              let reducedHead = reduced.range(of: "</desc>"), let reducedTail = reduced.range(of: "</svg>", options: .backwards) else { return full }
        let css = ".cw-reduced-motion{display:none}@media (prefers-reduced-motion: reduce){.cw-full-motion{display:none}.cw-reduced-motion{display:inline}}"
        return String(full[..<fullHead.upperBound]) + "<style>\(css)</style><g class=\"cw-full-motion\">"
            + String(full[fullHead.upperBound..<fullTail.lowerBound]) + "</g><g class=\"cw-reduced-motion\">"
            + String(reduced[reducedHead.upperBound..<reducedTail.lowerBound]) + "</g></svg>" + String(full[fullTail.upperBound...])
    }

    private func animatedVariant(selection: Double, hold: Double) -> String {
        let duration = Swift.max(style.transitionDuration, 0.01)
        let easing = style.easingFunction
        let steps = Swift.max(2, Swift.min(60, Int((duration * 60).rounded(.up)) + 1))
        let fractions = (0..<steps).map { Double($0) / Double(steps - 1) }
        let total = 2 * hold + 2 * duration
        var times: [Double] = [0]
        var progresses: [Double] = [0]
        for f in fractions { times.append(hold + f * duration); progresses.append(f == 0 ? 0 : easing(f)) }
        for f in fractions { times.append(2 * hold + duration + f * duration); progresses.append(f == 0 ? 1 : 1 - easing(f)) }
        times.append(total); progresses.append(0)
        let build = builder(morphAlways: true)
        let scenes = progresses.map { build(model, ChartState(progress: $0, selection: selection)) }
        let keyTimes = times.map { NumberText.shortest(($0 / total * 10_000).rounded() / 10_000) }.joined(separator: ";")
        return renderer(scenes[0]).render(frames: scenes.map(\.scene), timing: (keyTimes, total))
    }

    /// The SVG renderer, with the scene's header values on the root element for the page.
    func renderer(_ scene: ChartScene) -> SceneSVG {
        SceneSVG(idPrefix: idPrefix, digits: digits, title: title + " · " + model.period.rawValue, description: scene.summary,
                 rootAttributes: [("data-progress", NumberText.format(Swift.min(Swift.max(scene.progress, 0), 1), digits: digits))]
                    + headerData(scene.header, drawnAt: scene.selection.map { model.yScale.invert($0.y) })
                    + [("data-a11y-label", scene.accessibility.label), ("data-a11y-value", scene.accessibility.value)])
    }

    /// What the page's price header shows, read from the frame it draws (the page does no
    /// chart maths): the period's first and last price and, while pressing, the selection —
    /// the real trade — and the price at the height the marker is drawn (`drawnAt`: on the line,
    /// which smoothing or the transition may hold away from the trade; the page says so).
    private func headerData(_ header: ChartHeader, drawnAt: Double?) -> [(String, String)] {
        guard let firstPrice = header.firstPrice, let firstTime = header.firstTime, let lastPrice = header.lastPrice,
              let lastTime = header.lastTime else { return [] }
        var data = [("data-first-price", NumberText.shortest(firstPrice)), ("data-first-time", NumberText.shortest(firstTime)),
                    ("data-last-price", NumberText.shortest(lastPrice)), ("data-last-time", NumberText.shortest(lastTime)),
                    ("data-last-label", builder().timeLabel(lastTime, model))]
        if header.pressing, let price = header.price, let time = header.time {
            data += [("data-selected-price", NumberText.shortest(price)), ("data-selected-time", NumberText.shortest(time)),
                     ("data-selected-label", header.timeLabel ?? "")]
            if let drawnAt, drawnAt.isFinite { data.append(("data-selected-drawn-price", Self.significant(drawnAt))) }
        }
        if let flash = header.flash {
            data += [("data-flash-color", flash.color), ("data-flash-opacity", NumberText.format(flash.opacity, digits: 3)),
                     ("data-flash-direction", flash.direction)]
        }
        return data
    }

    /// `value` to 8 significant digits: within 10^-7 of it, far finer than the page's note on a
    /// marker held away from the trade (0.05 %) tells apart, and shorter in every frame of a press.
    static func significant(_ value: Double) -> String {
        guard value != 0, abs(value) > 1e-290, abs(value) < 1e290 else { return NumberText.shortest(value) }
        let scale = pow(10, 7 - log10(abs(value)).rounded(.down))
        return NumberText.shortest((value * scale).rounded() / scale)
    }

    /// Ids may only hold letters, digits, '-' and '_' (they are also used in url(#…)).
    static func safeId(_ text: String) -> String {
        let kept = text.unicodeScalars.filter { ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || $0 == "-" || $0 == "_" }
        let id = String(String.UnicodeScalarView(kept.prefix(40)))
        return id.isEmpty || !(id.unicodeScalars.first!.properties.isAlphabetic) ? "cw" + id : id
    }
}

extension ChartModel {
    /// Labels show the time of day when points are closer than a day apart.
    public var showsTimeOfDay: Bool {
        guard times.count >= 2 else { return false }
        return (times[times.count - 1] - times[0]) / Double(times.count - 1) < 86_400
    }
}
