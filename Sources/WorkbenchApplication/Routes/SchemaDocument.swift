import WorkbenchSupport
import HTTPServer
import WorkbenchStores
import WorkbenchExports
import PriceData
import ChartEngine
import ChartRendering

/// `GET /api/schema`: the parameter definitions of ChartEngine, as the page builds its controls.
package enum SchemaDocument {
    package static let json: JSONValue = JSONValueEncoder.encode(Document())

    private struct Document: Encodable {
        let groups = ChartStyle.groups
        let parameters = ChartStyle.definitions.map(Parameter.init)
        let periods = Period.allCases.map(\.rawValue)
        let width = Bounds(ChartDrawing.widthRange)
        let height = Bounds(ChartDrawing.heightRange)
        let progress = Bounds(ChartDrawing.progressRange)
        // The engine's colour-vision simulations (Machado 2009, severity 1, on linear RGB): the
        // page's "see it as others see it" filters are built from these, written once.
        let colorVision = ColorVision.allCases.compactMap { vision in vision.matrix.map { Simulation(name: vision.rawValue, matrix: $0) } }
        let backgrounds = ChartBackground.allCases.map { Background(name: $0.rawValue, color: $0.color, text: $0.text) }
    }

    private struct Bounds: Encodable {
        let min: Double
        let max: Double

        init(_ range: ClosedRange<Double>) { (min, max) = (range.lowerBound, range.upperBound) }
    }

    private struct Simulation: Encodable {
        let name: String
        var space = "linearRGB"
        let matrix: [Double]
    }

    private struct Background: Encodable {
        let name: String
        let color: String
        let text: String
    }

    /// One parameter: what it is, its kind's own members (range and step, options, …), its
    /// shortcuts, default and help, and when it is shown.
    private struct Parameter: Encodable {
        let definition: ParameterDefinition

        private enum CodingKeys: String, CodingKey {
            case key, label, standaloneLabel, group, type, min, max, step, unit, odd, options, optionLabels, x, y, presets
            case defaultValue = "default", help, visibleWhen, implies
        }

        func encode(to encoder: any Encoder) throws {
            let d = definition
            var c = encoder.container(keyedBy: CodingKeys.self)
            /// A number's or whole number's type, range and step.
            func numeric<Bound: Encodable>(_ type: String, _ range: ClosedRange<Bound>, step: some Encodable) throws {
                try c.encode(type, forKey: .type)
                try c.encode(range.lowerBound, forKey: .min)
                try c.encode(range.upperBound, forKey: .max)
                try c.encode(step, forKey: .step)
            }
            try c.encode(d.key, forKey: .key)
            try c.encode(d.label, forKey: .label)
            try c.encode(d.standaloneLabel, forKey: .standaloneLabel)
            try c.encode(d.group, forKey: .group)
            switch d.kind {
            case .number(let range, let step, let unit):
                try numeric("number", range, step: step)
                try c.encode(unit, forKey: .unit)
            case .integer(let range, let step, let oddOnly):
                try numeric("integer", range, step: step)
                try c.encode(oddOnly, forKey: .odd)
            case .color: try c.encode("color", forKey: .type)
            case .choice(let options, _):
                try c.encode("choice", forKey: .type)
                try c.encode(options, forKey: .options)
                try c.encode(OrderedMembers(Array(zip(options, d.optionLabels))), forKey: .optionLabels)
            case .toggle: try c.encode("boolean", forKey: .type)
            case .cubicBezier:
                try c.encode("cubicBezier", forKey: .type)
                try c.encode(Bounds(ParameterDefinition.bezierX), forKey: .x)
                try c.encode(Bounds(ParameterDefinition.bezierY), forKey: .y)
            }
            if !d.shortcuts.isEmpty {
                try c.encode(d.shortcuts.map { Shortcut(name: $0.name, label: $0.label, values: OrderedMembers($0.values.map { ($0.key, $0.value.json) })) },
                             forKey: .presets)
            }
            try c.encode(d.defaultValue.json, forKey: .defaultValue)
            try c.encode(d.help, forKey: .help)
            if let condition = d.visibleWhen { try c.encode(Condition(condition), forKey: .visibleWhen) }
            if let implies = d.legacyImplies { try c.encode(Implied(key: implies.key, value: implies.value.json), forKey: .implies) }
        }
    }

    private struct Shortcut: Encodable {
        let name: String
        let label: String
        let values: OrderedMembers<JSONValue>
    }

    /// `{keys, values, also?}`: shown while one of `keys` has one of `values` and every `also` holds.
    private struct Condition: Encodable {
        let condition: ParameterDefinition.Condition

        init(_ condition: ParameterDefinition.Condition) { self.condition = condition }

        private enum CodingKeys: CodingKey { case keys, values, also }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(condition.keys, forKey: .keys)
            try c.encode(condition.values, forKey: .values)
            if !condition.also.isEmpty { try c.encode(condition.also.map(Condition.init), forKey: .also) }
        }
    }

    /// A legacy preset's value that implies another parameter's.
    private struct Implied: Encodable {
        let key: String
        let value: JSONValue
    }
}
