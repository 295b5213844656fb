/// Named springs a designer starts from, in Apple's terms (SwiftUI's `.smooth`, `.snappy` and
/// `.bouncy`: a perceptual duration of 0.5 s and a bounce of 0, 0.15 and 0.3), from rest.
public struct SpringPreset: Sendable, Equatable {
    public let name: String
    public let label: String
    public let duration: Double
    public let bounce: Double

    public static let all: [SpringPreset] = [
        SpringPreset(name: "smooth", label: "Smooth", duration: 0.5, bounce: 0),
        SpringPreset(name: "snappy", label: "Snappy", duration: 0.5, bounce: 0.15),
        SpringPreset(name: "bouncy", label: "Bouncy", duration: 0.5, bounce: 0.3),
    ]

    /// The parameter values that choose this spring.
    public var values: [(key: String, value: ParameterValue)] {
        [("easing", .text(EasingName.perceptualSpring.rawValue)), ("springDuration", .number(duration)),
         ("springBounce", .number(bounce)), ("springVelocity", .number(0))]
    }

    var choice: ParameterDefinition.Shortcut { ParameterDefinition.Shortcut(name: name, label: label, values: values) }
}
