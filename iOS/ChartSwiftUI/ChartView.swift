import ChartEngine
import SwiftUI
#if canImport(Accessibility)
import Accessibility
#endif
#if canImport(UIKit)
import UIKit
#endif

/// The chart in SwiftUI: a Canvas drawing the engine's `ChartScene` for the current motion and
/// finger, and a drag that presses, scrubs and releases. Every colour, width, cap, clip, opacity
/// and text comes from the scene; this file only turns its primitives into draw calls.
///
/// With Reduce Motion on (`accessibilityReduceMotion`) the preset's reduced variant plays: linear
/// over `reducedMotionDuration`, drawn as the engine's crossfade (or a jump), never a morph. The
/// scene's words are the view's accessibility label and value, and its chart descriptor
/// (`AXChartDescriptor`) gives VoiceOver's audio graph. With `haptics` on, crossing a price point
/// while scrubbing plays a selection tick (`HapticTicker` decides when).
///
/// Each new `model` plays what the preset says (`ModelChange`): the first one with prices, or
/// one after a model without any (pass `ChartModel(times: [], raw: [], …)` while loading: the
/// preset's placeholder shows), reveals itself; one of another period plays the period change
/// (morph, crossfade or none, retargeted when another period comes mid-way; a press takes over
/// from it); one whose last price is new plays the live price's step and flash (a press keeps
/// its selection on its time). `secondsSinceLastPrice` from the preset's `outageStaleAfter` on
/// draws the outage state (`Outage`): pass the seconds since the feed's last price, or nil.
public struct ChartView: View {
    let model: ChartModel
    let scenes: ChartSceneBuilder
    /// The theme's text colour, for label runs without a colour of their own.
    let foreground: Color
    let secondsSinceLastPrice: Double?
    @Environment(\.accessibilityReduceMotion) private var reduceMotion
    @State private var motion = TransitionMotion.resting(at: 0)
    @State private var selection: Double? = nil
    @State private var ticker: HapticTicker
    @State private var change = ModelChange()
    #if canImport(UIKit)
    private let feedback = UISelectionFeedbackGenerator()
    #endif

    public init(model: ChartModel, style: ChartStyle, foreground: Color, subject: String = "Bitcoin price", secondsSinceLastPrice: Double? = nil,
                utcOffset: @escaping @Sendable (Double) -> Int = { TimeZone.current.secondsFromGMT(for: Date(timeIntervalSince1970: $0)) }) {
        self.model = model
        scenes = ChartSceneBuilder(style: style, subject: subject, utcOffset: utcOffset)
        self.foreground = foreground
        self.secondsSinceLastPrice = secondsSinceLastPrice
        _ticker = State(initialValue: HapticTicker(style: style))
    }

    /// The scenes as the viewer wants them: crossfading under Reduce Motion.
    private var builder: ChartSceneBuilder {
        var builder = scenes
        builder.reducedMotion = reduceMotion
        return builder
    }

    /// The motion that plays: the preset's, or its reduced variant.
    private var motionStyle: ChartStyle { scenes.style.motionStyle(reducedMotion: reduceMotion) }

    public var body: some View {
        // The selected point's words while the finger is down, the last price's at rest.
        let pressing = motion.target == 1 && selection != nil
        let words = builder(model, ChartState(progress: pressing ? 1 : 0, selection: pressing ? change.selection(selection) : nil)).accessibility
        return GeometryReader { proxy in
            TimelineView(.animation) { timeline in
                Canvas { context, _ in
                    let now = timeline.date.timeIntervalSinceReferenceDate
                    // A new model starts its motion here, on the first frame that shows it.
                    change.show(model, at: now, builder: builder, press: motion.state(at: now), selection: selection)
                    let frame = Self.frame(model, builder: builder, press: motion.state(at: now), selection: selection, change: change, at: now,
                                           secondsSinceLastPrice: secondsSinceLastPrice)
                    Self.draw(frame.scene, in: &context, foreground: foreground)
                }
            }
            .gesture(DragGesture(minimumDistance: 0)
                .onChanged { value in
                    let now = Date().timeIntervalSinceReferenceDate
                    if selection == nil { motion = motion.retargeted(to: 1, at: now, style: motionStyle) }
                    let fraction = Swift.min(Swift.max(Double(value.location.x / Swift.max(proxy.size.width, 1)), 0), 1)
                    selection = fraction
                    if ticker.update(index: Selection(model: model, fraction: fraction, progress: 1)?.index, at: now) { tick() }
                }
                .onEnded { _ in
                    let now = Date().timeIntervalSinceReferenceDate
                    _ = ticker.update(index: nil, at: now)
                    motion = motion.retargeted(to: 0, at: now, style: motionStyle)
                })
        }
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(words.label)
        .accessibilityValue(words.value)
        .accessibilityChartDescriptor(self)
    }

    /// A light tick as the finger crosses a price point.
    private func tick() {
        #if canImport(UIKit)
        feedback.selectionChanged()
        #endif
    }

    /// Draws the primitives in order, each in its own layer (its clip and opacity end with it).
    public static func draw(_ scene: ChartEngine.Scene, in context: inout GraphicsContext, foreground: Color) {
        for primitive in scene.primitives {
            context.drawLayer { layer in
                switch primitive {
                case .area(let area):
                    if let r = area.clip { layer.clip(to: Path(CGRect(x: r.x, y: r.y, width: r.width, height: r.height))) }
                    layer.opacity = area.opacity
                    let stops = area.stops.map { Gradient.Stop(color: color($0.color, $0.opacity), location: $0.offset) }
                    layer.fill(path(area.path), with: .linearGradient(Gradient(stops: stops), startPoint: CGPoint(x: 0, y: area.gradientTop),
                                                                      endPoint: CGPoint(x: 0, y: area.gradientBottom)))
                case .stroke(let stroke):
                    if let r = stroke.clip { layer.clip(to: Path(CGRect(x: r.x, y: r.y, width: r.width, height: r.height))) }
                    layer.opacity = stroke.opacity
                    let cap: CGLineCap = stroke.cap == "round" ? .round : stroke.cap == "square" ? .square : .butt
                    let join: CGLineJoin = stroke.join == "round" ? .round : stroke.join == "bevel" ? .bevel : .miter
                    layer.stroke(path(stroke.path), with: .color(color(stroke.color)), style: StrokeStyle(lineWidth: stroke.width, lineCap: cap, lineJoin: join))
                case .segment(let segment):
                    layer.opacity = segment.opacity
                    var line = Path()
                    line.move(to: CGPoint(x: segment.x1, y: segment.y1))
                    line.addLine(to: CGPoint(x: segment.x2, y: segment.y2))
                    layer.stroke(line, with: .color(color(segment.color)), style: StrokeStyle(lineWidth: segment.width, dash: segment.dash.map { CGFloat($0) }))
                case .circle(let circle):
                    layer.opacity = circle.opacity
                    let r = circle.radius
                    let shape = Path(ellipseIn: CGRect(x: circle.cx - r, y: circle.cy - r, width: 2 * r, height: 2 * r))
                    layer.fill(shape, with: .color(color(circle.fill)))
                    layer.stroke(shape, with: .color(color(circle.stroke)), lineWidth: circle.strokeWidth)
                case .text(let text):
                    layer.opacity = text.opacity
                    for run in text.runs {
                        let weight: Font.Weight = run.weight >= 700 ? .bold : run.weight >= 600 ? .semibold : run.weight >= 500 ? .medium : .regular
                        let resolved = layer.resolve(Text(run.text).font(.system(size: run.size, weight: weight))
                            .foregroundColor((run.color.map { color($0) } ?? foreground).opacity(run.opacity)))
                        // Anchored on the baseline: the run's y is where its letters sit.
                        let size = resolved.measure(in: CGSize(width: CGFloat.infinity, height: CGFloat.infinity))
                        let baseline = resolved.firstBaseline(in: CGRect(origin: .zero, size: size))
                        let x = text.anchor == "end" ? run.x - size.width : run.x
                        layer.draw(resolved, in: CGRect(x: x, y: run.y - baseline, width: size.width, height: size.height))
                    }
                }
            }
        }
    }

    static func path(_ commands: ScenePath) -> Path {
        var path = Path()
        for command in commands.commands {
            switch command {
            case .move(let x, let y): path.move(to: CGPoint(x: x, y: y))
            case .line(let x, let y): path.addLine(to: CGPoint(x: x, y: y))
            case .curve(let x1, let y1, let x2, let y2, let x, let y):
                path.addCurve(to: CGPoint(x: x, y: y), control1: CGPoint(x: x1, y: y1), control2: CGPoint(x: x2, y: y2))
            case .close: path.closeSubpath()
            }
        }
        return path
    }

    /// `#RRGGBB` at an opacity.
    static func color(_ hex: String, _ opacity: Double = 1) -> Color {
        let v = UInt32(hex.dropFirst(), radix: 16) ?? 0
        return Color(red: Double(v >> 16 & 0xFF) / 255, green: Double(v >> 8 & 0xFF) / 255, blue: Double(v & 0xFF) / 255, opacity: opacity)
    }
}

/// The audio graph (VoiceOver's Audio Graph, iOS 15): the drawn prices over time, described in
/// the scene's words.
extension ChartView: AXChartDescriptorRepresentable {
    public func makeChartDescriptor() -> AXChartDescriptor {
        let words = scenes(model, ChartState()).accessibility
        let points = zip(model.times, model.raw).filter { $0.1.isFinite }
        let offset = scenes.utcOffset
        let withTime = model.showsTimeOfDay
        let xs = points.map(\.0), ys = points.map(\.1)
        let xAxis = AXNumericDataAxisDescriptor(title: "Time", range: (xs.min() ?? 0)...(xs.max() ?? 1), gridlinePositions: [],
                                                valueDescriptionProvider: { ValueFormat.spokenTime($0, utcOffset: offset($0), withTime: withTime) })
        let yAxis = AXNumericDataAxisDescriptor(title: "Price", range: (ys.min() ?? 0)...(ys.max() ?? 1), gridlinePositions: [],
                                                valueDescriptionProvider: { ValueFormat.price($0) })
        let series = AXDataSeriesDescriptor(name: scenes.subject, isContinuous: true,
                                            dataPoints: points.map { AXDataPoint(x: $0.0, y: $0.1) })
        return AXChartDescriptor(title: scenes.subject, summary: words.label, xAxis: xAxis, yAxis: yAxis, additionalAxes: [], series: [series])
    }
}
