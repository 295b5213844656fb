// Stand-ins for the SwiftUI signatures ChartView uses, built as a module named SwiftUI
// (`swiftc -emit-module`) so the adapter compiles unchanged on Linux. Nothing here draws: every
// GraphicsContext call is appended to `GraphicsContext.recorded`, for the test to compare with
// the scene. Gestures and state keep their closures and values so the test can drive them.
@_exported import Foundation

// MARK: Views

public protocol View {
    associatedtype Body: View
    @ViewBuilder var body: Body { get }
}

extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError("a primitive view has no body") }
}

@resultBuilder public enum ViewBuilder {
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
}

/// SwiftUI's own `Scene` (an app's windows): the adapter must name the engine's `ChartEngine.Scene`.
public protocol Scene {}

public struct EmptyView: View {
    public typealias Body = Never
    public var body: Never { fatalError("a primitive view has no body") }
    public init() {}
}

@propertyWrapper public struct State<Value> {
    final class Box { var value: Value; init(_ value: Value) { self.value = value } }
    let box: Box
    public init(wrappedValue: Value) { box = Box(wrappedValue) }
    public var wrappedValue: Value {
        get { box.value }
        nonmutating set { box.value = newValue }
    }
}

public struct GeometryProxy {
    public let size: CGSize
    public init(size: CGSize) { self.size = size }
}

public struct GeometryReader<Content: View>: View {
    public typealias Body = Never
    public var body: Never { fatalError("a primitive view has no body") }
    public let content: (GeometryProxy) -> Content
    public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) { self.content = content }
}

public protocol TimelineSchedule {}

public struct AnimationTimelineSchedule: TimelineSchedule { public init() {} }

extension TimelineSchedule where Self == AnimationTimelineSchedule {
    public static var animation: AnimationTimelineSchedule { AnimationTimelineSchedule() }
}

public struct TimelineViewDefaultContext { public let date: Date; public init(date: Date) { self.date = date } }

public struct TimelineView<Schedule: TimelineSchedule, Content: View>: View {
    public typealias Body = Never
    public var body: Never { fatalError("a primitive view has no body") }
    public typealias Context = TimelineViewDefaultContext
    public let schedule: Schedule
    public let content: (Context) -> Content
    public init(_ schedule: Schedule, @ViewBuilder content: @escaping (Context) -> Content) {
        self.schedule = schedule
        self.content = content
    }
}

// MARK: Gestures

public struct DragGesture {
    public struct Value { public let location: CGPoint; public init(location: CGPoint) { self.location = location } }
    public let minimumDistance: CGFloat
    public var changed: ((Value) -> Void)?
    public var ended: ((Value) -> Void)?
    public init(minimumDistance: CGFloat = 10) { self.minimumDistance = minimumDistance }
    public func onChanged(_ action: @escaping (Value) -> Void) -> DragGesture { var g = self; g.changed = action; return g }
    public func onEnded(_ action: @escaping (Value) -> Void) -> DragGesture { var g = self; g.ended = action; return g }
}

public struct GestureView<Content: View>: View {
    public typealias Body = Never
    public var body: Never { fatalError("a primitive view has no body") }
    public let content: Content
    public let gesture: DragGesture
}

extension View {
    public func gesture(_ gesture: DragGesture) -> GestureView<Self> { GestureView(content: self, gesture: gesture) }
}

// MARK: Drawing

public struct Color: Equatable {
    public let red: Double, green: Double, blue: Double, opacity: Double
    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.opacity = opacity
    }
    public func opacity(_ factor: Double) -> Color { Color(red: red, green: green, blue: blue, opacity: opacity * factor) }
}

public struct Gradient {
    public struct Stop { public let color: Color; public let location: CGFloat
        public init(color: Color, location: CGFloat) { self.color = color; self.location = location } }
    public let stops: [Stop]
    public init(stops: [Stop]) { self.stops = stops }
}

public enum CGLineCap: Equatable { case butt, round, square }
public enum CGLineJoin: Equatable { case miter, round, bevel }

public struct StrokeStyle {
    public var lineWidth: CGFloat, lineCap: CGLineCap, lineJoin: CGLineJoin, dash: [CGFloat]
    public init(lineWidth: CGFloat = 1, lineCap: CGLineCap = .butt, lineJoin: CGLineJoin = .miter, miterLimit: CGFloat = 10,
                dash: [CGFloat] = [], dashPhase: CGFloat = 0) {
        self.lineWidth = lineWidth; self.lineCap = lineCap; self.lineJoin = lineJoin; self.dash = dash
    }
}

public struct Path {
    public enum Element: Equatable {
        case move(CGPoint), line(CGPoint), curve(CGPoint, CGPoint, CGPoint), close, rect(CGRect), ellipse(CGRect)
    }
    public private(set) var elements: [Element] = []
    public init() {}
    public init(_ rect: CGRect) { elements = [.rect(rect)] }
    public init(ellipseIn rect: CGRect) { elements = [.ellipse(rect)] }
    public init(roundedRect rect: CGRect, cornerRadius: CGFloat) { elements = [.rect(rect)] }
    public mutating func move(to p: CGPoint) { elements.append(.move(p)) }
    public mutating func addLine(to p: CGPoint) { elements.append(.line(p)) }
    public mutating func addCurve(to p: CGPoint, control1: CGPoint, control2: CGPoint) { elements.append(.curve(control1, control2, p)) }
    public mutating func closeSubpath() { elements.append(.close) }
    public mutating func addRect(_ rect: CGRect) { elements.append(.rect(rect)) }
    public mutating func addEllipse(in rect: CGRect) { elements.append(.ellipse(rect)) }
}

public struct Font: Equatable {
    public let size: CGFloat, weight: Weight
    public enum Weight: Equatable { case regular, medium, semibold, bold }
    public static func system(size: CGFloat, weight: Weight = .regular) -> Font { Font(size: size, weight: weight) }
}

public struct Text {
    public let string: String
    public var font: Font?
    public var color: Color?
    public init(_ string: String) { self.string = string }
    public func font(_ font: Font?) -> Text { var t = self; t.font = font; return t }
    public func foregroundColor(_ color: Color?) -> Text { var t = self; t.color = color; return t }
}

public struct UnitPoint: Equatable {
    public let x: CGFloat, y: CGFloat
    public init(x: CGFloat, y: CGFloat) { self.x = x; self.y = y }
    public static let leading = UnitPoint(x: 0, y: 0.5)
    public static let trailing = UnitPoint(x: 1, y: 0.5)
    public static let center = UnitPoint(x: 0.5, y: 0.5)
    public static let topLeading = UnitPoint(x: 0, y: 0)
}

public struct GraphicsContext {
    public struct GradientOptions { public init() {} }

    public struct Shading {
        public enum Kind {
            case color(Color)
            case linearGradient(Gradient, startPoint: CGPoint, endPoint: CGPoint)
        }
        public let kind: Kind
        public static func color(_ color: Color) -> Shading { Shading(kind: .color(color)) }
        public static func linearGradient(_ gradient: Gradient, startPoint: CGPoint, endPoint: CGPoint,
                                          options: GradientOptions = GradientOptions()) -> Shading {
            Shading(kind: .linearGradient(gradient, startPoint: startPoint, endPoint: endPoint))
        }
    }

    /// Text laid out with stand-in metrics: 0.6 em per character, 1.2 em tall, baseline at 0.9 em.
    public struct ResolvedText {
        public let text: Text
        public func measure(in size: CGSize) -> CGSize {
            let em = text.font?.size ?? 17
            return CGSize(width: CGFloat(text.string.count) * em * 0.6, height: em * 1.2)
        }
        public func firstBaseline(in rect: CGRect) -> CGFloat { rect.minY + (text.font?.size ?? 17) * 0.9 }
    }

    /// One call as the test reads it, with the opacity in force.
    public enum Call {
        case fill(Path, Shading, opacity: Double)
        case stroke(Path, Shading, StrokeStyle, opacity: Double)
        case draw(ResolvedText, CGRect, opacity: Double)
        case clip(Path)
        case beginLayer
        case endLayer
    }

    public nonisolated(unsafe) static var recorded: [Call] = []

    public var opacity: Double = 1

    public init() {}

    public mutating func fill(_ path: Path, with shading: Shading) { Self.recorded.append(.fill(path, shading, opacity: opacity)) }
    public mutating func stroke(_ path: Path, with shading: Shading, style: StrokeStyle) {
        Self.recorded.append(.stroke(path, shading, style, opacity: opacity))
    }
    public mutating func stroke(_ path: Path, with shading: Shading, lineWidth: CGFloat = 1) {
        Self.recorded.append(.stroke(path, shading, StrokeStyle(lineWidth: lineWidth), opacity: opacity))
    }
    public func resolve(_ text: Text) -> ResolvedText { ResolvedText(text: text) }
    public func draw(_ text: ResolvedText, in rect: CGRect) { Self.recorded.append(.draw(text, rect, opacity: opacity)) }
    public mutating func clip(to path: Path) { Self.recorded.append(.clip(path)) }
    /// A copy whose clip ends with it (`drawLayer`).
    public func drawLayer(content: (inout GraphicsContext) throws -> Void) rethrows {
        Self.recorded.append(.beginLayer)
        var copy = self
        try content(&copy)
        Self.recorded.append(.endLayer)
    }
}

public struct Canvas<Symbols>: View {
    public typealias Body = Never
    public var body: Never { fatalError("a primitive view has no body") }
    public let renderer: (inout GraphicsContext, CGSize) -> Void
}

extension Canvas where Symbols == EmptyView {
    public init(opaque: Bool = false, rendersAsynchronously: Bool = false, renderer: @escaping (inout GraphicsContext, CGSize) -> Void) {
        self.renderer = renderer
    }
}

// MARK: Environment and accessibility

import Accessibility

public struct EnvironmentValues {
    /// What the harness sets before building a view (the device's Reduce Motion).
    nonisolated(unsafe) public static var current = EnvironmentValues()
    public var accessibilityReduceMotion = false
    public init() {}
}

@propertyWrapper public struct Environment<Value> {
    let keyPath: KeyPath<EnvironmentValues, Value>
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { self.keyPath = keyPath }
    public var wrappedValue: Value { EnvironmentValues.current[keyPath: keyPath] }
}

extension State {
    public init(initialValue: Value) { self.init(wrappedValue: initialValue) }
}

public enum AccessibilityChildBehavior { case ignore, combine, contain }

/// A view with its accessibility: label, value and chart descriptor as the modifiers gave them.
public struct AccessibilityView<Content: View>: View {
    public typealias Body = Never
    public var body: Never { fatalError("a primitive view has no body") }
    public let content: Content
    public var children: AccessibilityChildBehavior? = nil
    public var label: String? = nil
    public var value: String? = nil
    public var chartDescriptor: AXChartDescriptor? = nil

    public func accessibilityLabel<S: StringProtocol>(_ label: S) -> AccessibilityView<Content> { var v = self; v.label = String(label); return v }
    public func accessibilityValue<S: StringProtocol>(_ value: S) -> AccessibilityView<Content> { var v = self; v.value = String(value); return v }
    public func accessibilityChartDescriptor<R: AXChartDescriptorRepresentable>(_ representable: R) -> AccessibilityView<Content> {
        var v = self; v.chartDescriptor = representable.makeChartDescriptor(); return v
    }
}

extension View {
    public func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> AccessibilityView<Self> {
        AccessibilityView(content: self, children: children)
    }
}
