/// Builds the chart's scene for a state: the last stage of the pipeline (model → scene). Every
/// decision about the pressed state lives here: the split at the finger (clip rectangles on a
/// whole pixel), the trailing colour and the fading fill right of it, the dashed indicator, the
/// marker, the label beside the indicator and the header's values.
public struct ChartSceneBuilder: Sendable {
    public var style: ChartStyle
    /// The viewer's offset from UTC in seconds at a given time, for the label's and header's time.
    public var utcOffset: @Sendable (Double) -> Int
    /// Keeps both curves' cubic form even at progress 0 and 1, so every frame of an animation
    /// shares one command structure (the animated SVG interpolates between them).
    public var morphAlways: Bool
    /// The viewer asks for reduced motion: with `reducedMotionStyle` crossfade a frame between
    /// the states mixes the rest picture (fading out) and the pressed picture (fading in) by
    /// opacity, never morphing the line; with none it shows the pressed picture once progress
    /// leaves 0.
    public var reducedMotion: Bool
    /// What the chart shows, first in its accessibility label ("Bitcoin price").
    public var subject: String

    /// The label's gap from the indicator, its baselines, and the room a character takes.
    static let labelGap = 6.0
    static let priceBaseline = 13.0, timeBaseline = 27.0
    static let priceSize = 13.0, timeSize = 11.0
    static let priceCharWidth = 8, timeCharWidth = 7
    /// The label's time line is the text colour at this opacity (the price line is opaque).
    public static let timeOpacity = 0.65
    static let markerOutline = "#FFFFFF"

    public init(style: ChartStyle, morphAlways: Bool = false, reducedMotion: Bool = false, subject: String = "Price",
                utcOffset: @escaping @Sendable (Double) -> Int = { _ in 0 }) {
        self.style = style
        self.morphAlways = morphAlways
        self.reducedMotion = reducedMotion
        self.subject = subject
        self.utcOffset = utcOffset
    }

    public func callAsFunction(_ model: ChartModel, _ state: ChartState) -> ChartScene {
        guard reducedMotion else { return scene(model, state) }
        let p = Swift.min(Swift.max(state.progress, 0), 1)
        if style.reducedMotionStyle == .none || !style.animationEnabled {
            return scene(model, ChartState(progress: p > 0 ? 1 : 0, selection: state.selection))
        }
        // At either end (and always with morphAlways, for the animated SVG's frames) the
        // crossfade's two layers; in between too.
        if !morphAlways && (p == 0 || p == 1) { return scene(model, ChartState(progress: p, selection: state.selection)) }
        let rest = scene(model, ChartState(progress: 0, selection: nil))
        var pressed = scene(model, ChartState(progress: 1, selection: state.selection))
        let restLayer = rest.scene.primitives.map { $0.renamed($0.id + "-rest").fading(1 - p) }
        pressed.scene.primitives = restLayer + pressed.scene.primitives.map { $0.fading(p) }
        pressed.progress = p
        return pressed
    }

    /// The scene at a progress, morphing the line between the two states.
    private func scene(_ model: ChartModel, _ state: ChartState) -> ChartScene {
        let w = model.width, h = model.height
        let progress = state.progress
        let shown = Swift.min(Swift.max(progress, 0), 1)
        let selection = state.selection.flatMap { Selection(model: model, fraction: $0, progress: progress) }

        var line = ScenePath(), fill = ScenePath()
        LineGeometry.draw(model: model, style: style, progress: progress, morphAlways: morphAlways, into: &line)
        if style.fillEnabled { LineGeometry.draw(model: model, style: style, progress: progress, fill: true, morphAlways: morphAlways, into: &fill) }

        let width = style.lineWidth(at: progress)
        let gradientTop = model.priceExtent.map { model.yScale($0.upperBound) } ?? 0
        let stops = [GradientStop(offset: 0, color: style.fillColor, opacity: style.fillTopOpacity),
                     GradientStop(offset: 1, color: style.fillColor, opacity: style.fillBottomOpacity)]
        func area(_ id: String, clip: SceneRect?, opacity: Double) -> ScenePrimitive {
            .area(SceneArea(id: id, path: fill, gradientTop: gradientTop, gradientBottom: h, stops: stops, clip: clip, opacity: opacity))
        }
        func stroke(_ id: String, color: String, clip: SceneRect?) -> ScenePrimitive {
            .stroke(SceneStroke(id: id, path: line, color: color, width: width, cap: style.lineCap.rawValue, join: "round", clip: clip, opacity: 1))
        }

        var primitives: [ScenePrimitive] = []
        if let selected = selection {
            // The split sits on a whole pixel: two clipped copies of the fill meeting mid-pixel
            // would leave an anti-aliased seam between them.
            let x = Swift.min(Swift.max(selected.x.rounded(), 0), w)
            let left = SceneRect(x: 0, y: 0, width: x, height: h), right = SceneRect(x: x, y: 0, width: w - x, height: h)
            if style.fillEnabled {
                primitives.append(area("fill", clip: left, opacity: 1))
                primitives.append(area("fill-trailing", clip: right, opacity: 1 - shown))
            }
            primitives.append(stroke("line", color: style.lineColor, clip: left))
            primitives.append(stroke("trail", color: Color.mix(style.lineColor, style.trailingColor, shown), clip: right))
            primitives.append(.segment(SceneSegment(id: "indicator", x1: selected.x, y1: 0, x2: selected.x, y2: h, color: style.indicatorColor,
                                                    width: 1, dash: style.indicatorDash > 0 ? [style.indicatorDash, style.indicatorDash] : [],
                                                    opacity: shown)))
            if style.markerRadius > 0 {
                primitives.append(.circle(SceneCircle(id: "marker", cx: selected.x, cy: selected.y, radius: style.markerRadius,
                                                      fill: style.indicatorColor, stroke: Self.markerOutline, strokeWidth: 1.5, opacity: shown)))
            }
            if style.labelEnabled { primitives.append(.text(label(selected, model: model, opacity: shown))) }
        } else {
            if style.fillEnabled { primitives.append(area("fill", clip: nil, opacity: 1)) }
            primitives.append(stroke("line", color: style.lineColor, clip: nil))
        }

        return ChartScene(progress: progress, scene: Scene(width: w, height: h, primitives: primitives),
                          header: header(model, selection), selection: selection.map {
                              SelectedPoint(index: $0.index, time: $0.time, price: $0.price, x: $0.x, y: $0.y)
                          }, summary: summary(model, selection, progress: progress),
                          accessibility: accessibility(model, selection))
    }

    /// The chart's words for screen readers: "Bitcoin price, 1 year: from $X to $Y, up Z %,
    /// high $H, low $L." and the selected (or at rest the last) price "$X on 3 March 2025".
    private func accessibility(_ model: ChartModel, _ selection: Selection?) -> ChartAccessibility {
        let name = "\(subject), \(model.period.spokenName)"
        guard let first = model.raw.firstIndex(where: \.isFinite), let last = model.raw.lastIndex(where: \.isFinite) else {
            return ChartAccessibility(label: name + ": no price data.", value: "")
        }
        let firstPrice = model.raw[first], lastPrice = model.raw[last]
        var label = name + ": from \(ValueFormat.price(firstPrice)) to \(ValueFormat.price(lastPrice))"
        if firstPrice != 0 { label += ", " + ValueFormat.spokenChange((lastPrice - firstPrice) / firstPrice.magnitude * 100) }
        if let extent = model.priceExtent {
            label += ", high \(ValueFormat.price(extent.upperBound)), low \(ValueFormat.price(extent.lowerBound))"
        }
        label += "."
        let price = selection?.price ?? lastPrice, time = selection?.time ?? model.times[last]
        let value = ValueFormat.price(price) + (model.showsTimeOfDay ? " at " : " on ")
            + ValueFormat.spokenTime(time, utcOffset: utcOffset(time), withTime: model.showsTimeOfDay)
        return ChartAccessibility(label: label, value: value)
    }

    /// In the band kept free above the plot, beside the indicator (flipping to its left near the
    /// right edge): it never covers the line nor the indicator.
    private func label(_ selected: Selection, model: ChartModel, opacity: Double) -> SceneText {
        let priceText = ValueFormat.price(selected.price)
        let timeText = timeLabel(selected.time, model)
        let width = Double(Swift.max(priceText.count * Self.priceCharWidth, timeText.count * Self.timeCharWidth))
        let fitsRight = selected.x + Self.labelGap + width <= model.width
        let x = fitsRight ? selected.x + Self.labelGap : selected.x - Self.labelGap
        let box = SceneRect(x: fitsRight ? x : x - width, y: 0, width: width, height: Self.timeBaseline + 4)
        return SceneText(id: "label", runs: [
            .init(text: priceText, x: x, y: Self.priceBaseline, size: Self.priceSize, weight: 600, color: nil, opacity: 1),
            .init(text: timeText, x: x, y: Self.timeBaseline, size: Self.timeSize, weight: 400, color: nil, opacity: Self.timeOpacity),
        ], anchor: fitsRight ? "start" : "end", box: box, side: fitsRight ? "right" : "left", opacity: opacity)
    }

    private func header(_ model: ChartModel, _ selection: Selection?) -> ChartHeader {
        guard let first = model.raw.firstIndex(where: \.isFinite), let last = model.raw.lastIndex(where: \.isFinite) else {
            return ChartHeader(pressing: selection != nil, price: nil, time: nil, timeLabel: nil, change: nil, changePercent: nil,
                               firstPrice: nil, firstTime: nil, lastPrice: nil, lastTime: nil)
        }
        let firstPrice = model.raw[first]
        let price = selection?.price ?? model.raw[last]
        let time = selection?.time ?? model.times[last]
        let change = price - firstPrice
        return ChartHeader(pressing: selection != nil, price: price, time: time, timeLabel: timeLabel(time, model), change: change,
                           changePercent: firstPrice != 0 ? change / firstPrice * 100 : nil,
                           firstPrice: firstPrice, firstTime: model.times[first], lastPrice: model.raw[last], lastTime: model.times[last])
    }

    private func summary(_ model: ChartModel, _ selection: Selection?, progress: Double) -> String {
        guard let first = model.times.first, let last = model.times.last else { return "No price data." }
        let lastPrice = model.raw.last(where: \.isFinite) ?? .nan
        var text = "From \(ValueFormat.time(first, withTime: model.showsTimeOfDay)) to \(ValueFormat.time(last, withTime: model.showsTimeOfDay)): "
        text += "low \(ValueFormat.price(model.priceExtent?.lowerBound ?? .nan)), high \(ValueFormat.price(model.priceExtent?.upperBound ?? .nan)), last \(ValueFormat.price(lastPrice))."
        if let s = selection, progress > 0 {
            text += " Selected \(ValueFormat.price(s.price)) at \(ValueFormat.time(s.time, withTime: model.showsTimeOfDay))."
        }
        return text
    }

    func timeLabel(_ time: Double, _ model: ChartModel) -> String {
        ValueFormat.timeLabel(time, period: model.period, utcOffset: utcOffset(time), withTime: model.showsTimeOfDay)
    }
}
