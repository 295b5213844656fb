/// Renders scenes as an SVG document and decides nothing: each primitive becomes one element
/// whose id is `<prefix>-<primitive id>` (and class `cw-<primitive id>`), in the scene's order. A path that several primitives
/// share (the line left and right of the finger) is written once and drawn through `<use>`.
/// Several scenes of the same structure (the frames of a transition) become one document that
/// animates between them with SMIL, sharing `timing`'s key times.
public struct SceneSVG {
    public var idPrefix: String
    public var digits: Int
    public var title: String
    public var description: String
    /// Extra attributes on the root element (the chart's `data-*` values).
    public var rootAttributes: [(String, String)]

    public init(idPrefix: String, digits: Int = 2, title: String, description: String, rootAttributes: [(String, String)] = []) {
        self.idPrefix = idPrefix; self.digits = digits; self.title = title; self.description = description
        self.rootAttributes = rootAttributes
    }

    /// Element id of a primitive in the document.
    public func elementId(_ primitiveId: String) -> String { "\(idPrefix)-\(primitiveId)" }

    public func render(_ scene: Scene) -> String { render(frames: [scene], timing: nil) }

    /// The document and every element in it, to update a drawn document in place.
    public func recorded(_ scene: Scene) -> (svg: String, elements: [SVGElementRecord]) {
        let svg = write(frames: [scene], timing: nil, recording: true)
        return (svg.output, svg.elements ?? [])
    }

    /// Every element of the document without writing it: a path's `d` is left empty where its
    /// numbers are recorded (they are what a delta from another frame is made of).
    public func elements(_ scene: Scene) -> [SVGElementRecord] {
        write(frames: [scene], timing: nil, recording: true, writesText: false).elements ?? []
    }

    /// `frames` share the first frame's primitives (same ids, same kinds); their values vary.
    public func render(frames: [Scene], timing: (keyTimes: String, duration: Double)?) -> String {
        write(frames: frames, timing: timing, recording: false).output
    }

    private func write(frames: [Scene], timing: (keyTimes: String, duration: Double)?, recording: Bool, writesText: Bool = true) -> SVGWriter {
        let first = frames[0]
        var svg = SVGWriter(timing: timing, digits: digits, recording: recording, writesText: writesText)
        let w = svg.num(first.width), h = svg.num(first.height)
        svg.open("svg", [("xmlns", "http://www.w3.org/2000/svg"), ("width", w), ("height", h), ("viewBox", "0 0 \(w) \(h)"), ("role", "img"),
                         ("aria-labelledby", "\(idPrefix)-title \(idPrefix)-desc"), ("font-family", "-apple-system, system-ui, sans-serif")]
                 + rootAttributes)
        svg.text("title", [("id", "\(idPrefix)-title")], title)
        svg.text("desc", [("id", "\(idPrefix)-desc")], description)

        let primitives = first.primitives
        func each<T>(_ i: Int, _ value: (ScenePrimitive) -> T) -> [T] {
            frames.map { value($0.primitives.indices.contains(i) && $0.primitives[i].id == primitives[i].id ? $0.primitives[i] : primitives[i]) }
        }
        func perFrame(_ i: Int, _ text: (ScenePrimitive) -> String) -> SVGWriter.Value { .frames(each(i, text)) }
        // A path's data, and when recording its numbers (then, without markup, they stand for the text).
        func pathData(_ i: Int, _ path: ScenePath) -> (value: SVGWriter.Value, numbers: FixedPath?) {
            let numbers = recording ? FixedPath(path, digits: digits) : nil
            if !svg.writesText, numbers != nil { return (.fixed(""), numbers) }
            return (perFrame(i) { $0.path?.svgData(digits: digits) ?? "" }, numbers)
        }

        // Definitions: shared paths, gradients and clips, each written once.
        var sharedPath: [Int: String] = [:]     // primitive index → id of the path it draws through <use>
        var gradient: [Int: String] = [:]
        var clip: [Int: String] = [:]
        svg.open("defs", [])
        for (i, p) in primitives.enumerated() {
            if let path = p.path, sharedPath[i] == nil {
                let sharers = primitives.indices.filter { $0 >= i && primitives[$0].path == path }
                if sharers.count > 1 {
                    let id = elementId(p.id) + "-d"
                    let data = pathData(i, path)
                    svg.element("path", [("id", .fixed(id)), ("d", data.value)], path: data.numbers)
                    for j in sharers { sharedPath[j] = id }
                }
            }
            if case .area(let area) = p {
                if let j = gradient.keys.sorted().first(where: { if case .area(let other) = primitives[$0] { other.sameGradient(as: area) } else { false } }) {
                    gradient[i] = gradient[j]
                } else {
                    let id = elementId(p.id) + "-paint"
                    gradient[i] = id
                    svg.open("linearGradient", [("id", id), ("gradientUnits", "userSpaceOnUse"), ("x1", "0"), ("x2", "0"),
                                                ("y1", svg.num(area.gradientTop)), ("y2", svg.num(area.gradientBottom))])
                    for stop in area.stops {
                        svg.leaf("stop", [("offset", svg.num(stop.offset)), ("stop-color", stop.color), ("stop-opacity", svg.num(stop.opacity))])
                    }
                    svg.close("linearGradient")
                }
            }
            if let rect = p.clip {
                if let j = clip.keys.sorted().first(where: { primitives[$0].clip == rect }) {
                    clip[i] = clip[j]
                } else {
                    let id = elementId(p.id) + "-clip"
                    clip[i] = id
                    svg.open("clipPath", [("id", id)])
                    svg.element("rect", [("x", perFrame(i) { svg.num($0.clip?.x ?? 0) }), ("y", perFrame(i) { svg.num($0.clip?.y ?? 0) }),
                                         ("width", perFrame(i) { svg.num($0.clip?.width ?? 0) }), ("height", perFrame(i) { svg.num($0.clip?.height ?? 0) })])
                    svg.close("clipPath")
                }
            }
        }
        svg.close("defs")

        for (i, p) in primitives.enumerated() {
            var attributes: [(String, SVGWriter.Value)] = [("id", .fixed(elementId(p.id))), ("class", .fixed("cw-" + p.id))]
            let shape: String
            var numbers: FixedPath?
            if let path = sharedPath[i] {
                shape = "use"
                attributes.append(("href", .fixed("#" + path)))
            } else if let path = p.path {
                shape = "path"
                let data = pathData(i, path)
                attributes.append(("d", data.value))
                numbers = data.numbers
            } else {
                shape = ""
            }
            if let id = clip[i] { attributes.append(("clip-path", .fixed("url(#\(id))"))) }
            let opacity = perFrame(i) { svg.num($0.opacity) }
            switch p {
            case .area:
                attributes += [("fill", .fixed("url(#\(gradient[i]!))")), ("opacity", opacity)]
                svg.element(shape, attributes, path: numbers)
            case .stroke(let stroke):
                attributes += [("fill", "none"), ("stroke", perFrame(i) { if case .stroke(let s) = $0 { s.color } else { stroke.color } }),
                               ("stroke-width", perFrame(i) { if case .stroke(let s) = $0 { svg.num(s.width) } else { "0" } }),
                               ("stroke-linecap", .fixed(stroke.cap)), ("stroke-linejoin", .fixed(stroke.join)), ("opacity", opacity)]
                svg.element(shape, attributes, path: numbers)
            case .segment(let segment):
                func coordinate(_ key: KeyPath<SceneSegment, Double>) -> SVGWriter.Value {
                    perFrame(i) { if case .segment(let s) = $0 { svg.num(s[keyPath: key]) } else { "0" } }
                }
                attributes += [("x1", coordinate(\.x1)), ("y1", coordinate(\.y1)), ("x2", coordinate(\.x2)), ("y2", coordinate(\.y2)),
                               ("stroke", .fixed(segment.color)), ("stroke-width", .fixed(svg.num(segment.width)))]
                if !segment.dash.isEmpty { attributes.append(("stroke-dasharray", .fixed(segment.dash.map(svg.num).joined(separator: " ")))) }
                attributes.append(("opacity", opacity))
                svg.element("line", attributes)
            case .circle(let circle):
                func value(_ key: KeyPath<SceneCircle, Double>) -> SVGWriter.Value {
                    perFrame(i) { if case .circle(let c) = $0 { svg.num(c[keyPath: key]) } else { "0" } }
                }
                attributes += [("cx", value(\.cx)), ("cy", value(\.cy)), ("r", value(\.radius)), ("fill", .fixed(circle.fill)),
                               ("stroke", .fixed(circle.stroke)), ("stroke-width", .fixed(svg.num(circle.strokeWidth))), ("opacity", opacity)]
                svg.element("circle", attributes)
            case .text(let text):
                attributes += [("text-anchor", .fixed(text.anchor)), ("fill", "currentColor"), ("opacity", opacity)]
                svg.openElement("g", attributes)
                for run in text.runs {
                    var runAttributes = [("x", svg.num(run.x)), ("y", svg.num(run.y)), ("font-size", svg.num(run.size)),
                                         ("font-weight", String(run.weight))]
                    if let color = run.color { runAttributes.append(("fill", color)) }
                    if run.opacity != 1 { runAttributes.append(("fill-opacity", svg.num(run.opacity))) }
                    svg.text("text", runAttributes, run.text)
                }
                svg.close("g")
            }
        }
        svg.close("svg")
        return svg
    }
}

extension ScenePrimitive {
    var path: ScenePath? {
        switch self {
        case .area(let p): p.path
        case .stroke(let p): p.path
        default: nil
        }
    }

    var clip: SceneRect? {
        switch self {
        case .area(let p): p.clip
        case .stroke(let p): p.clip
        default: nil
        }
    }

    var opacity: Double { value.opacity }
}

extension SceneArea {
    func sameGradient(as other: SceneArea) -> Bool {
        gradientTop == other.gradientTop && gradientBottom == other.gradientBottom && stops == other.stops
    }
}
