/// Writes SVG markup. An attribute is either fixed or has one value per animation frame; a
/// per-frame attribute whose values differ becomes a SMIL `<animate>` child sharing the
/// document's key times. Every attribute value and text is escaped.
struct SVGWriter {
    enum Value: ExpressibleByStringLiteral {
        case fixed(String)
        case frames([String])

        init(stringLiteral value: String) { self = .fixed(value) }
    }

    private(set) var output = ""
    let timing: (keyTimes: String, duration: Double)?
    let digits: Int
    /// Every element written, when recording (for updating a drawn document in place).
    private(set) var elements: [SVGElementRecord]?
    /// False when only the elements are wanted (a frame that travels as a delta): no markup is written.
    let writesText: Bool
    private var open: [(key: String, children: Int)] = []

    init(timing: (keyTimes: String, duration: Double)?, digits: Int, recording: Bool = false, writesText: Bool = true) {
        self.timing = timing
        self.digits = digits
        self.writesText = writesText || !recording
        if recording { elements = [] }
        if self.writesText { output.reserveCapacity(4096) }
    }

    func num(_ value: Double) -> String { NumberText.format(value, digits: digits) }

    mutating func open(_ name: String, _ attributes: [(String, String)]) {
        if writesText {
            output += "<" + name
            for (key, value) in attributes { output += " \(key)=\"\(XMLText.escape(value))\"" }
            output += ">"
        }
        guard elements != nil else { return }
        // An element is found by its id, or by its place under the nearest ancestor that has one.
        let key: String
        if let id = attributes.first(where: { $0.0 == "id" })?.1 { key = "#" + id }
        else if let parent = open.last { key = parent.key + "/" + String(parent.children) }
        else { key = "" }
        if !open.isEmpty { open[open.count - 1].children += 1 }
        elements!.append(SVGElementRecord(key: key, name: name, depth: open.count, attributes: attributes, text: nil))
        open.append((key, 0))
    }

    mutating func leaf(_ name: String, _ attributes: [(String, String)]) {
        open(name, attributes)
        if writesText {
            output.removeLast()
            output += "/>"
        }
        if elements != nil { open.removeLast() }
    }

    mutating func close(_ name: String) {
        if writesText { output += "</\(name)>" }
        if elements != nil { open.removeLast() }
    }

    mutating func text(_ name: String, _ attributes: [(String, String)], _ content: String) {
        open(name, attributes)
        if writesText { output += XMLText.escape(content) }
        if elements != nil { elements![elements!.count - 1].text = content }
        close(name)
    }

    /// An element whose attributes may vary per frame; returns after closing it. `path` is the
    /// numbers its `d` was written from, recorded with it.
    mutating func element(_ name: String, _ attributes: [(String, Value)], path: FixedPath? = nil) {
        openElement(name, attributes)
        if let path, elements != nil { elements![elements!.count - 1].path = path }
        close(name)
    }

    /// Opens an element whose attributes may vary per frame, with its `<animate>` children.
    mutating func openElement(_ name: String, _ attributes: [(String, Value)]) {
        var animations: [(String, [String])] = []
        var fixed: [(String, String)] = []
        for (key, value) in attributes {
            switch value {
            case .fixed(let v): fixed.append((key, v))
            case .frames(let values):
                fixed.append((key, values[0]))
                if timing != nil, values.contains(where: { $0 != values[0] }) { animations.append((key, values)) }
            }
        }
        open(name, fixed)
        guard let timing else { return }
        for (key, values) in animations {
            leaf("animate", [("attributeName", key), ("dur", num(timing.duration) + "s"), ("repeatCount", "indefinite"),
                             ("calcMode", "linear"), ("keyTimes", timing.keyTimes), ("values", values.joined(separator: ";"))])
        }
    }
}

/// One element as written, in document order: `key` finds it again in the drawn document
/// (`#id`, or the parent's key, `/` and the child's index; the root's key is empty), `depth`
/// is how many elements enclose it, and `path` holds the numbers its `d` was written from.
public struct SVGElementRecord: Equatable, Sendable {
    public let key: String
    public let name: String
    public let depth: Int
    public let attributes: [(String, String)]
    public var text: String?
    public var path: FixedPath?

    public static func == (a: SVGElementRecord, b: SVGElementRecord) -> Bool {
        a.key == b.key && a.name == b.name && a.depth == b.depth && a.text == b.text && a.path == b.path
            && a.attributes.elementsEqual(b.attributes, by: { $0 == $1 })
    }
}
