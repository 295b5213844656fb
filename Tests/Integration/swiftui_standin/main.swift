// Test harness for iOS/ChartSwiftUI/ChartView.swift against the SwiftUI stand-ins: draws a scene
// (or drives the view's gesture: press, scrub, release) and prints every recorded draw call as
// JSON, for test_swiftui_chart_view.py to compare with the engine's scene.
import ChartEngine
import SwiftUI
import UIKit
import Accessibility

/// JSONSerialization on Linux takes Doubles, not CGFloats.
func d(_ values: CGFloat...) -> [Double] { values.map { Double($0) } }

func json(_ path: Path) -> [Any] {
    path.elements.map { element -> Any in
        switch element {
        case .move(let p): return ["M"] + d(p.x, p.y)
        case .line(let p): return ["L"] + d(p.x, p.y)
        case .curve(let c1, let c2, let p): return ["C"] + d(c1.x, c1.y, c2.x, c2.y, p.x, p.y)
        case .close: return ["Z"]
        case .rect(let r): return ["rect"] + d(r.minX, r.minY, r.width, r.height)
        case .ellipse(let r): return ["ellipse"] + d(r.minX, r.minY, r.width, r.height)
        }
    }
}

func json(_ color: Color) -> [Double] { [color.red, color.green, color.blue, color.opacity] }

func json(_ shading: GraphicsContext.Shading) -> [String: Any] {
    switch shading.kind {
    case .color(let c): return ["color": json(c)]
    case .linearGradient(let g, let start, let end):
        return ["stops": g.stops.map { ["color": json($0.color), "location": Double($0.location)] as [String: Any] },
                "start": d(start.x, start.y), "end": d(end.x, end.y)]
    }
}

func recordedCalls() -> [[String: Any]] {
    GraphicsContext.recorded.map { call -> [String: Any] in
        switch call {
        case .fill(let p, let s, let o): return ["call": "fill", "path": json(p), "shading": json(s), "opacity": o]
        case .stroke(let p, let s, let style, let o):
            return ["call": "stroke", "path": json(p), "shading": json(s), "opacity": o, "width": Double(style.lineWidth),
                    "cap": "\(style.lineCap)", "join": "\(style.lineJoin)", "dash": style.dash.map { Double($0) }]
        case .draw(let text, let rect, let o):
            let font = text.text.font!
            return ["call": "text", "text": text.text.string, "rect": d(rect.minX, rect.minY, rect.width, rect.height), "opacity": o,
                    "size": Double(font.size), "weight": "\(font.weight)", "color": json(text.text.color!),
                    "baseline": Double(text.firstBaseline(in: CGRect(origin: .zero, size: rect.size)))]
        case .clip(let p): return ["call": "clip", "path": json(p)]
        case .beginLayer: return ["call": "beginLayer"]
        case .endLayer: return ["call": "endLayer"]
        }
    }
}

func emit(_ name: String) {
    let data = try! JSONSerialization.data(withJSONObject: ["name": name, "calls": recordedCalls()])
    print(String(decoding: data, as: UTF8.self))
    GraphicsContext.recorded = []
}

let black = Color(red: 0, green: 0, blue: 0)
let arguments = CommandLine.arguments
let input = FileHandle.standardInput.readDataToEndOfFile()
/// A preset parameter as vectors.json holds it.
enum ParameterJSON: Decodable {
    case number(Double), flag(Bool), text(String), numbers([Double])
    init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let v = try? c.decode(Double.self) { self = .number(v) } else if let v = try? c.decode(Bool.self) { self = .flag(v) }
        else if let v = try? c.decode(String.self) { self = .text(v) } else { self = .numbers(try c.decode([Double].self)) }
    }
    var value: ParameterValue {
        switch self {
        case .number(let v): .number(v)
        case .flag(let v): .flag(v)
        case .text(let v): .text(v)
        case .numbers(let v): .numbers(v)
        }
    }
}

/// The `motions` of a vectors.json (the scenes are compared by the test).
struct MotionVectors: Decodable {
    struct Preset: Decodable { let parameters: [String: ParameterJSON] }
    struct Event: Decodable { let time: Double; let period: String }
    struct Frame: Decodable { let time: Double?; let progress: Double; let selection: Double?; let secondsSinceLastPrice: Double? }
    struct Case: Decodable {
        let name: String, motion: String, width: Double, height: Double, points: [[Double?]]
        let parameters: [String: ParameterJSON]?, reducedMotion: Bool?, from: String?, period: String?, events: [Event]?, frames: [Frame]
        /// A live case's new price ([time, price]) and the press when it arrives.
        let price: [Double]?, then: [Double]?, progress: Double?, selection: Double?
    }
    let preset: Preset
    let motions: [Case]
}

if arguments[1] == "motions" {
    // motions VECTORS.json: each case replayed through ChartView's ModelChange and frame (the
    // press at rest during a period change or reveal, settled where the case says during a live
    // price; the outage over the press's scenes); one line a frame (its scene) and the recorded
    // draw calls of the first frame mid-motion.
    let vectors = try JSONDecoder().decode(MotionVectors.self, from: try Data(contentsOf: URL(fileURLWithPath: arguments[2])))
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
    for c in vectors.motions {
        var values = vectors.preset.parameters.mapValues(\.value)
        for (key, value) in c.parameters ?? [:] { values[key] = value.value }
        let style = try ChartStyle.from(values).style
        let series = PriceSeries(times: c.points.map { Int64($0[0]!) }, prices: c.points.map { $0[1] ?? .nan })
        func model(_ key: String?) -> ChartModel {
            ChartModel(series: series, period: Period(rawValue: key!)!, style: style, width: c.width, height: c.height)
        }
        let builder = ChartSceneBuilder(style: style, reducedMotion: c.reducedMotion ?? false)
        let change = ModelChange()
        var drawn = false
        func draw(_ scene: ChartScene, _ k: Int) {
            guard !drawn else { return }
            drawn = true
            var context = GraphicsContext()
            ChartView.draw(scene.scene, in: &context, foreground: black)
            emit("drawn \(c.name) \(k)")
        }
        func output(_ scene: ChartScene, _ k: Int) {
            let line: [String: Any] = ["name": c.name, "frame": k, "scene": String(decoding: try! encoder.encode(scene), as: UTF8.self)]
            print(String(decoding: try! JSONSerialization.data(withJSONObject: line), as: UTF8.self))
        }
        if c.motion == "period" {
            change.show(model(c.from), at: -100, builder: builder)  // its reveal long over
            var pending = c.events ?? []
            for (k, frame) in c.frames.enumerated() {
                let time = frame.time!
                while let event = pending.first, event.time <= time {
                    pending.removeFirst()
                    change.show(model(event.period), at: event.time, builder: builder)
                }
                let scene = ChartView.frame(change.shown!, builder: builder, press: TransitionMotion.resting(at: 0).state(at: 0), selection: nil,
                                            change: change, at: time, secondsSinceLastPrice: nil)
                output(scene, k)
                if (0.0..<1).contains(change.progress(at: time)), change.progress(at: time) > 0 { draw(scene, k) }
            }
        } else if c.motion == "live" || c.motion == "reveal" {
            // A live price: the chart before it shown long before (its own reveal over), the press
            // settled where the case says, the price arriving at 0. A reveal: the placeholder (a
            // model without prices) shown before, the prices arriving at 0.
            let shown = model(c.period)
            let press = TransitionMotion.resting(at: c.progress ?? 0).state(at: 0)
            if c.motion == "live" {
                change.show(shown, at: -100, builder: builder, press: press, selection: c.selection)
            } else {
                change.show(ChartModel(times: [], raw: [], style: style, width: c.width, height: c.height), at: -1, builder: builder)
            }
            var arrived = false, arrivedAgain = false
            for (k, frame) in c.frames.enumerated() {
                let time = frame.time!
                if time >= 0, !arrived {
                    arrived = true
                    var next = shown
                    if let price = c.price {
                        next = ChartModel(series: PriceSeries(times: series.times + [Int64(price[0])], prices: series.prices + [price[1]]),
                                          period: Period(rawValue: c.period!)!, style: style, width: c.width, height: c.height)
                    }
                    change.show(next, at: 0, builder: builder, press: press, selection: c.selection)
                }
                // A newer price (`then`: time, price, arrival) while the first one steps.
                if let then = c.then, let price = c.price, time >= then[2], !arrivedAgain {
                    arrivedAgain = true
                    let newer = PriceSeries(times: series.times + [Int64(price[0]), Int64(then[0])], prices: series.prices + [price[1], then[1]])
                    change.show(ChartModel(series: newer, period: Period(rawValue: c.period!)!, style: style, width: c.width, height: c.height),
                                at: then[2], builder: builder, press: press, selection: c.selection)
                }
                let scene = ChartView.frame(change.shown!, builder: builder, press: press, selection: c.selection, change: change, at: time,
                                            secondsSinceLastPrice: nil)
                output(scene, k)
                if 0 < frame.progress, frame.progress < 1 { draw(scene, k) }
            }
        } else {
            let shown = model(c.period)
            change.show(shown, at: -100, builder: builder)  // its reveal long over
            for (k, frame) in c.frames.enumerated() {
                output(ChartView.frame(shown, builder: builder, press: TransitionMotion.resting(at: frame.progress).state(at: 0), selection: frame.selection,
                                       change: change, at: 0, secondsSinceLastPrice: frame.secondsSinceLastPrice), k)
            }
        }
    }
} else if arguments[1] == "scene" {
    let scene = try JSONDecoder().decode(ChartScene.self, from: input)
    var context = GraphicsContext()
    ChartView.draw(scene.scene, in: &context, foreground: black)
    emit("scene")
} else {
    // gesture WIDTH HEIGHT X1 X2 [reduced] [haptics]: press at X1, scrub to X2, release; a frame
    // after each settles (reduced: Reduce Motion on, and a frame mid-way through the press).
    let (width, height) = (Double(arguments[2])!, Double(arguments[3])!)
    let reduced = arguments.contains("reduced")
    var times: [Int64] = [], prices: [Double] = []
    for line in String(decoding: input, as: UTF8.self).split(separator: "\n") {
        let parts = line.split(separator: ",", omittingEmptySubsequences: false)
        times.append(Int64(parts[0])!)
        prices.append(parts[1].isEmpty ? .nan : Double(parts[1])!)
    }
    var style = ChartStyle()
    if arguments.contains("haptics") { style.haptics = .onPointCrossed; style.hapticsMinInterval = 0 }
    EnvironmentValues.current.accessibilityReduceMotion = reduced
    let model = ChartModel(series: PriceSeries(times: times, prices: prices), period: .all, style: style, width: width, height: height)
    let view = ChartView(model: model, style: style, foreground: black, utcOffset: { _ in 0 })
    let size = CGSize(width: width, height: height)
    typealias Body = AccessibilityView<GeometryReader<GestureView<TimelineView<AnimationTimelineSchedule, Canvas<EmptyView>>>>>
    let content = (view.body as! Body).content.content(GeometryProxy(size: size))
    func frame(_ name: String, after seconds: Double) {
        var context = GraphicsContext()
        content.content.content(TimelineViewDefaultContext(date: Date().addingTimeInterval(seconds))).renderer(&context, size)
        emit(name)
        // The view's words as its body gives them now.
        let root = view.body as! Body
        let descriptor = root.chartDescriptor!
        GraphicsContext.recorded = []
        let words: [String: Any] = ["call": "words", "label": root.label ?? "", "value": root.value ?? "", "ticks": UISelectionFeedbackGenerator.ticks,
                                    "descriptorSummary": descriptor.summary ?? "", "points": descriptor.series.first?.dataPoints.count ?? 0,
                                    "firstX": descriptor.series.first?.dataPoints.first.map { (descriptor.xAxis as! AXNumericDataAxisDescriptor).valueDescriptionProvider($0.xValue) } ?? ""]
        print(String(decoding: try! JSONSerialization.data(withJSONObject: ["name": name + "-words", "calls": [words]]), as: UTF8.self))
    }
    // The first model reveals itself from the placeholder: the first frame starts it, the next is after it.
    frame("first", after: 0)
    frame("rest", after: 2)
    content.gesture.changed!(DragGesture.Value(location: CGPoint(x: Double(arguments[4])! * width, y: height / 2)))
    if reduced { frame("mid", after: 0.1) }
    frame("pressed", after: 5)
    content.gesture.changed!(DragGesture.Value(location: CGPoint(x: Double(arguments[5])! * width, y: height / 3)))
    frame("scrubbed", after: 5)
    content.gesture.ended!(DragGesture.Value(location: CGPoint(x: Double(arguments[5])! * width, y: height / 3)))
    frame("released", after: 10)
}
