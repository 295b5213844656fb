import WorkbenchSupport

/// One DTCG token: `$type` (which its value decides), `$value`, `$description` and, when the
/// workbench says more than DTCG can, `$extensions`.
struct DesignToken: Encodable {
    enum Value: Encodable {
        case dimension(Quantity), duration(Quantity), number(Double), color(Colour), cubicBezier([Double]), transition(Transition)

        var type: String {
            switch self {
            case .dimension: "dimension"
            case .duration: "duration"
            case .number: "number"
            case .color: "color"
            case .cubicBezier: "cubicBezier"
            case .transition: "transition"
            }
        }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.singleValueContainer()
            switch self {
            case .dimension(let q), .duration(let q): try c.encode(q)
            case .number(let n): try c.encode(n)
            case .color(let colour): try c.encode(colour)
            case .cubicBezier(let points): try c.encode(points)
            case .transition(let transition): try c.encode(transition)
            }
        }
    }

    struct Colour: Encodable {
        let colorSpace = "srgb"
        let components: [Double]
        let hex: String
    }

    /// A part of a composite token: another token's value by reference (`{chart.animation.easingCurve}`), or its own.
    enum Part<Literal: Encodable>: Encodable {
        case alias(String), literal(Literal)

        func encode(to encoder: any Encoder) throws {
            var c = encoder.singleValueContainer()
            switch self {
            case .alias(let reference): try c.encode(reference)
            case .literal(let value): try c.encode(value)
            }
        }
    }

    struct Transition: Encodable {
        let duration: Part<Quantity>
        let delay = Quantity(value: 0, unit: "ms")
        let timingFunction: Part<[Double]>
    }

    /// What the workbench adds to one token.
    enum Extension: Encodable {
        case spring(SpringTerms)
        case reducedMotionStyle(String)

        private enum CodingKeys: String, CodingKey { case spring, reducedMotionStyle }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            switch self {
            case .spring(let terms): try c.encode(terms, forKey: .spring)
            case .reducedMotionStyle(let style): try c.encode(style, forKey: .reducedMotionStyle)
            }
        }
    }

    /// A spring's terms, which DTCG has no type for (design-tokens/community-group#429).
    struct SpringTerms: Encodable {
        let dampingRatio: Double, stiffness: Double, damping: Double
        let mass = 1.0
        let initialVelocity: Double, perceptualDuration: Double, bounce: Double
        let settleDuration: Quantity
    }

    let value: Value
    let description: String
    var extensions: WorkbenchExtensions<Extension>?

    private enum CodingKeys: String, CodingKey {
        case type = "$type", value = "$value", description = "$description", extensions = "$extensions"
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(value.type, forKey: .type)
        try c.encode(value, forKey: .value)
        try c.encode(description, forKey: .description)
        if let extensions { try c.encode(extensions, forKey: .extensions) }
    }

    static func colour(_ hex: String, description: String) -> DesignToken {
        DesignToken(value: .color(Colour(components: TokensExport.components(hex), hex: hex)), description: description)
    }
}

/// `$extensions` as the workbench writes them: everything under its own key, `com.chartworkbench`.
struct WorkbenchExtensions<Content: Encodable>: Encodable {
    let content: Content

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        try c.encode(content, forKey: AnyCodingKey(TokensExport.extensionKey))
    }
}

/// The tokens under `chart`, by group (in the parameters' order), and the set's own `$extensions` after them.
struct ChartTokens: Encodable {
    /// What the set carries that is no token: the preset, the parameters DTCG has no type for, the motion.
    struct Extension: Encodable {
        struct About: Encodable { let name: String, author: String, notes: String, updatedAt: String }
        let preset: About
        /// Curves, smoothing, toggles, springs: by parameter key, as the preset writes them.
        let parameters: [(String, JSONValue)]
        let motion: MotionDocument

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: AnyCodingKey.self)
            try c.encode(preset, forKey: AnyCodingKey("preset"))
            for (key, value) in parameters { try c.encode(value, forKey: AnyCodingKey(key)) }
            try c.encode(motion, forKey: AnyCodingKey("motion"))
        }
    }

    private(set) var groups = OrderedMembers<OrderedMembers<DesignToken>>()
    var extensions: WorkbenchExtensions<Extension>?

    mutating func add(_ token: DesignToken, named key: String, in group: String) {
        var members = groups.members.first { $0.0 == group }?.1 ?? OrderedMembers()
        members.set(key, token)
        groups.set(group, members)
    }

    func encode(to encoder: any Encoder) throws {
        try groups.encode(to: encoder)
        if let extensions {
            var c = encoder.container(keyedBy: AnyCodingKey.self)
            try c.encode(extensions, forKey: AnyCodingKey("$extensions"))
        }
    }
}

/// A token file of the resolver: `{"$description"?, "chart": …}`.
struct TokenSource: Encodable {
    var description: String?
    let chart: ChartTokens

    private enum CodingKeys: String, CodingKey { case description = "$description", chart }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        if let description { try c.encode(description, forKey: .description) }
        try c.encode(chart, forKey: .chart)
    }
}

/// The DTCG resolver document (`TokensExport`).
struct TokenResolver: Encodable {
    struct TokenSet: Encodable { let description: String, sources: [TokenSource] }
    struct Sets: Encodable { let chart: TokenSet }
    /// A modifier: one list of sources per context (the context names are the modifier's data).
    struct Modifier: Encodable {
        let description: String
        let contexts: OrderedMembers<[TokenSource]>
        let `default`: String
    }
    struct Modifiers: Encodable { let theme: Modifier, motion: Modifier }
    struct Reference: Encodable {
        let ref: String
        private enum CodingKeys: String, CodingKey { case ref = "$ref" }
    }

    let name: String, version: String, description: String
    let sets: Sets
    let modifiers: Modifiers
    let resolutionOrder: [Reference]
}
