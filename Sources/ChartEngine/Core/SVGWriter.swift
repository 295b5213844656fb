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

    init(timing: (keyTimes: String, duration: Double)?, digits: Int) {
        self.timing = timing
        self.digits = digits
        output.reserveCapacity(4096)
    }

    func num(_ value: Double) -> String { NumberText.format(value, digits: digits) }

    mutating func open(_ name: String, _ attributes: [(String, String)]) {
        output += "<" + name
        for (key, value) in attributes { output += " \(key)=\"\(XMLText.escape(value))\"" }
        output += ">"
    }

    mutating func leaf(_ name: String, _ attributes: [(String, String)]) {
        open(name, attributes)
        output.removeLast()
        output += "/>"
    }

    mutating func close(_ name: String) { output += "</\(name)>" }

    mutating func text(_ name: String, _ attributes: [(String, String)], _ content: String) {
        open(name, attributes)
        output += XMLText.escape(content)
        close(name)
    }

    /// An element whose attributes may vary per frame; returns after closing it.
    mutating func element(_ name: String, _ attributes: [(String, Value)]) {
        openElement(name, attributes)
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
