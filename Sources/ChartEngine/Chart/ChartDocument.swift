/// The chart as an SVG document: gradient fill, the line, and in the active state the split at
/// the finger (trailing colour right of it, no fill there), a dashed indicator, a marker and a
/// price/time label. The same writer produces a still frame and the self-running animated
/// variant (SMIL, no script), so both always look alike.
public struct ChartDocument {
    public var model: ChartModel
    public var style: ChartStyle
    /// Prefix for element ids, so several charts can live in one HTML page.
    public var idPrefix: String
    public var title: String
    public var digits: Int
    /// The viewer's offset from UTC in seconds at a given time, for the label's time.
    public var utcOffset: @Sendable (Double) -> Int

    public init(model: ChartModel, style: ChartStyle, idPrefix: String = "cw", title: String = "Bitcoin price", digits: Int = 2,
                utcOffset: @escaping @Sendable (Double) -> Int = { _ in 0 }) {
        self.utcOffset = utcOffset
        self.model = model
        self.style = style
        self.idPrefix = Self.safeId(idPrefix)
        self.title = title
        self.digits = digits
    }

    /// One still frame.
    public func svg(state: ChartState) -> String {
        let frame = Frame(document: self, progress: state.progress, selection: state.selection, morphAlways: false)
        return render(frames: [frame], selection: state.selection, timing: nil)
    }

    /// A looping animation: hold inactive, ease into the active state at `selection`, hold,
    /// ease back. Every frame's paths share one command structure, so SMIL interpolates them.
    public func animatedSVG(selection: Double = 0.7, hold: Double = 1.0) -> String {
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
        let frames = progresses.map { Frame(document: self, progress: $0, selection: selection, morphAlways: true) }
        let keyTimes = times.map { NumberText.shortest(($0 / total * 10_000).rounded() / 10_000) }.joined(separator: ";")
        return render(frames: frames, selection: selection, timing: (keyTimes, total))
    }

    /// What changes from frame to frame.
    struct Frame {
        let line: String
        let fill: String
        let width: Double
        let trailColor: String
        let selection: Selection?
        let progress: Double

        init(document: ChartDocument, progress: Double, selection: Double?, morphAlways: Bool) {
            let geometry = LineGeometry(model: document.model, style: document.style, progress: progress,
                                        digits: document.digits, morphAlways: morphAlways)
            line = geometry.line
            fill = geometry.fill
            width = document.style.lineWidth(at: progress)
            let clamped = Swift.min(Swift.max(progress, 0), 1)
            trailColor = Color.mix(document.style.lineColor, document.style.trailingColor, clamped)
            self.selection = selection.flatMap { Selection(model: document.model, fraction: $0, progress: progress) }
            self.progress = clamped
        }
    }

    private func render(frames: [Frame], selection fraction: Double?, timing: (keyTimes: String, duration: Double)?) -> String {
        let w = model.width, h = model.height
        let id = idPrefix
        let first = frames[0]
        var svg = SVGWriter(timing: timing, digits: digits)
        svg.open("svg", [("xmlns", "http://www.w3.org/2000/svg"), ("width", svg.num(w)), ("height", svg.num(h)),
                         ("viewBox", "0 0 \(svg.num(w)) \(svg.num(h))"), ("role", "img"),
                         ("aria-labelledby", "\(id)-title \(id)-desc"), ("data-progress", svg.num(first.progress)),
                         ("font-family", "-apple-system, system-ui, sans-serif")] + headerData(first.selection))
        svg.text("title", [("id", "\(id)-title")], title + " · " + model.period.rawValue)
        svg.text("desc", [("id", "\(id)-desc")], description(selection: first.selection, progress: first.progress))

        let selectionX = first.selection?.x
        svg.open("defs", [])
        svg.open("linearGradient", [("id", "\(id)-fill"), ("x1", "0"), ("y1", "0"), ("x2", "0"), ("y2", "1")])
        svg.leaf("stop", [("offset", "0"), ("stop-color", style.fillColor), ("stop-opacity", svg.num(style.fillTopOpacity))])
        svg.leaf("stop", [("offset", "1"), ("stop-color", style.fillColor), ("stop-opacity", svg.num(style.fillBottomOpacity))])
        svg.close("linearGradient")
        if let selected = selectionX {
            // The split sits on a whole pixel: two clipped copies of the fill meeting mid-pixel
            // would leave an anti-aliased seam between them.
            let x = Swift.min(Swift.max(selected.rounded(), 0), w)
            svg.open("clipPath", [("id", "\(id)-left")])
            svg.leaf("rect", [("x", "0"), ("y", "0"), ("width", svg.num(x)), ("height", svg.num(h))])
            svg.close("clipPath")
            svg.open("clipPath", [("id", "\(id)-right")])
            svg.leaf("rect", [("x", svg.num(x)), ("y", "0"), ("width", svg.num(w - x)), ("height", svg.num(h))])
            svg.close("clipPath")
        }
        svg.close("defs")

        let lineStyle: [(String, SVGWriter.Value)] = [
            ("fill", "none"), ("stroke-linecap", .fixed(style.lineCap.rawValue)), ("stroke-linejoin", "round"),
            ("stroke-width", .frames(frames.map { svg.num($0.width) })),
        ]
        let lineD = SVGWriter.Value.frames(frames.map(\.line))
        let fillD = SVGWriter.Value.frames(frames.map(\.fill))
        if selectionX != nil {
            // Split at the finger: each path is written once and drawn twice through <use>,
            // clipped left and right, so a frame carries its path data only once.
            svg.openElement("defs", [])
            svg.element("path", [("id", .fixed("\(id)-line-d")), ("d", lineD)])
            if style.fillEnabled { svg.element("path", [("id", .fixed("\(id)-fill-d")), ("d", fillD)]) }
            svg.close("defs")
            if style.fillEnabled {
                svg.element("use", [("class", "cw-fill"), ("href", .fixed("#\(id)-fill-d")), ("fill", .fixed("url(#\(id)-fill)")),
                                    ("clip-path", .fixed("url(#\(id)-left)"))])
                svg.element("use", [("class", "cw-fill-trailing"), ("href", .fixed("#\(id)-fill-d")), ("fill", .fixed("url(#\(id)-fill)")),
                                    ("clip-path", .fixed("url(#\(id)-right)")), ("opacity", .frames(frames.map { svg.num(1 - $0.progress) }))])
            }
            svg.element("use", [("class", "cw-line"), ("href", .fixed("#\(id)-line-d")), ("stroke", .fixed(style.lineColor)),
                                ("clip-path", .fixed("url(#\(id)-left)"))] + lineStyle)
            svg.element("use", [("class", "cw-trail"), ("href", .fixed("#\(id)-line-d")), ("stroke", .frames(frames.map(\.trailColor))),
                                ("clip-path", .fixed("url(#\(id)-right)"))] + lineStyle)
        } else {
            if style.fillEnabled { svg.element("path", [("class", "cw-fill"), ("d", fillD), ("fill", .fixed("url(#\(id)-fill)"))]) }
            svg.element("path", [("class", "cw-line"), ("stroke", .fixed(style.lineColor)), ("d", lineD)] + lineStyle)
        }

        if let selected = first.selection {
            let opacity = SVGWriter.Value.frames(frames.map { svg.num($0.progress) })
            var indicator: [(String, SVGWriter.Value)] = [
                ("class", "cw-indicator"), ("x1", .fixed(svg.num(selected.x))), ("x2", .fixed(svg.num(selected.x))),
                ("y1", "0"), ("y2", .fixed(svg.num(h))), ("stroke", .fixed(style.indicatorColor)), ("stroke-width", "1"), ("opacity", opacity),
            ]
            if style.indicatorDash > 0 { indicator.append(("stroke-dasharray", .fixed("\(svg.num(style.indicatorDash)) \(svg.num(style.indicatorDash))"))) }
            svg.element("line", indicator)
            if style.markerRadius > 0 {
                svg.element("circle", [("class", "cw-marker"), ("cx", .fixed(svg.num(selected.x))),
                                       ("cy", .frames(frames.map { svg.num($0.selection?.y ?? selected.y) })),
                                       ("r", .fixed(svg.num(style.markerRadius))), ("fill", .fixed(style.indicatorColor)),
                                       ("stroke", "#FFFFFF"), ("stroke-width", "1.5"), ("opacity", opacity)])
            }
            if style.labelEnabled {
                // In the band kept free above the plot, beside the indicator (flipping to its
                // left near the right edge): it never covers the line nor the indicator.
                let priceText = ValueFormat.price(selected.price)
                let timeText = timeLabel(selected.time)
                let labelWidth = Double(Swift.max(priceText.count * 8, timeText.count * 7))
                let gap = 6.0
                let fitsRight = selected.x + gap + labelWidth <= w
                let labelX = fitsRight ? selected.x + gap : selected.x - gap
                svg.openElement("g", [("class", "cw-label"), ("text-anchor", fitsRight ? "start" : "end"), ("fill", "currentColor"), ("opacity", opacity)])
                svg.text("text", [("x", svg.num(labelX)), ("y", "13"), ("font-size", "13"), ("font-weight", "600")], priceText)
                svg.text("text", [("x", svg.num(labelX)), ("y", "27"), ("font-size", "11"), ("fill-opacity", "0.65")], timeText)
                svg.close("g")
            }
        }
        svg.close("svg")
        return svg.output
    }

    private func timeLabel(_ time: Double) -> String {
        ValueFormat.timeLabel(time, period: model.period, utcOffset: utcOffset(time), withTime: model.showsTimeOfDay)
    }

    /// What the page's price header shows, read from the frame it draws (the page does no
    /// chart maths): the period's first and last price and, while pressing, the selection.
    private func headerData(_ selection: Selection?) -> [(String, String)] {
        guard let first = model.raw.firstIndex(where: \.isFinite), let last = model.raw.lastIndex(where: \.isFinite) else { return [] }
        var data = [("data-first-price", NumberText.shortest(model.raw[first])), ("data-first-time", NumberText.shortest(model.times[first])),
                    ("data-last-price", NumberText.shortest(model.raw[last])), ("data-last-time", NumberText.shortest(model.times[last])),
                    ("data-last-label", timeLabel(model.times[last]))]
        if let s = selection {
            data += [("data-selected-price", NumberText.shortest(s.price)), ("data-selected-time", NumberText.shortest(s.time)),
                     ("data-selected-label", timeLabel(s.time))]
        }
        return data
    }

    private func description(selection: Selection?, progress: Double) -> String {
        guard let first = model.times.first, let last = model.times.last else { return "No price data." }
        let lastPrice = model.raw.last(where: \.isFinite) ?? .nan
        var text = "From \(ValueFormat.time(first, withTime: model.showsTimeOfDay)) to \(ValueFormat.time(last, withTime: model.showsTimeOfDay)): "
        text += "low \(ValueFormat.price(model.priceExtent?.lowerBound ?? .nan)), high \(ValueFormat.price(model.priceExtent?.upperBound ?? .nan)), last \(ValueFormat.price(lastPrice))."
        if let s = selection, progress > 0 {
            text += " Selected \(ValueFormat.price(s.price)) at \(ValueFormat.time(s.time, withTime: model.showsTimeOfDay))."
        }
        return text
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
