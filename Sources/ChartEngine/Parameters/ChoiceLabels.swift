/// The name a person reads for a choice ("Moving average", "Ease in-out"); the raw value stays
/// the key in presets, links and exports.
public protocol ChoiceLabelled {
    var choiceLabel: String { get }
}

extension ChoiceLabelled where Self: RawRepresentable, RawValue == String {
    /// "movingAverage" → "Moving average": enough for names without a better label.
    public var choiceLabel: String { Self.sentence(rawValue) }

    static func sentence(_ key: String) -> String {
        var words = ""
        for character in key {
            if character.isUppercase, !words.isEmpty { words += " " + character.lowercased() } else { words.append(character) }
        }
        return words.prefix(1).uppercased() + words.dropFirst()
    }
}

extension LineCap: ChoiceLabelled {}

extension SmoothingName: ChoiceLabelled {}

extension PointSizing: ChoiceLabelled {
    public var choiceLabel: String {
        switch self {
        case .perPeriod: "Per period, like a backend"
        case .fixed: "Fixed count"
        }
    }
}

extension CurveName: ChoiceLabelled {
    public var choiceLabel: String {
        switch self {
        case .linear: "Linear"
        case .stepStart: "Step at start"
        case .stepCenter: "Step at centre"
        case .stepEnd: "Step at end"
        case .monotone: "Monotone"
        case .catmullRom: "Catmull–Rom"
        case .cardinal: "Cardinal"
        case .natural: "Natural spline"
        case .basis: "B-spline (basis)"
        case .bumpX: "Horizontal Bézier (bump)"
        }
    }
}

extension EasingName: ChoiceLabelled {
    public var choiceLabel: String {
        switch self {
        case .linear: "Linear"
        case .easeIn: "Ease in"
        case .easeOut: "Ease out"
        case .easeInOut: "Ease in-out"
        case .cubicBezier: "Custom cubic Bézier"
        case .spring: "Spring (UIKit damping & velocity)"
        case .perceptualSpring: "Spring (duration & bounce)"
        }
    }
}

extension GapStyle: ChoiceLabelled {
    public var choiceLabel: String {
        switch self {
        case .break: "Break the line"
        case .bridge: "Bridge with a segment"
        }
    }
}

extension ReducedMotionStyle: ChoiceLabelled {
    public var choiceLabel: String {
        switch self {
        case .crossfade: "Crossfade"
        case .none: "None (switch at once)"
        }
    }
}

extension HapticsStyle: ChoiceLabelled {
    public var choiceLabel: String {
        switch self {
        case .off: "Off"
        case .onPointCrossed: "Tick on each point crossed"
        }
    }
}
