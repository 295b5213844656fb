import ChartEngine
import Foundation
import WorkbenchSupport

/// What a client asks to draw, as it said it: where the style starts (a preset, or a blind
/// round's candidate), the parameters over it, and the view. Decoded once at each edge (a query,
/// a JSON body, a render socket's message, the command line's flags) and checked while it is
/// decoded: every parameter by its definition, every view field by its range. Members are flat,
/// as the API has always taken them; any other member is an unknown parameter.
package struct ChartRequest: Codable, Sendable, Equatable {
    /// The request's own members besides the parameters.
    package enum Field: String, CaseIterable, Sendable {
        case preset, round, candidate, width, height, period, state, progress, tz, reducedMotion, scenario, selection, id
    }

    package var preset: String?
    package var round: String?
    package var candidate: String?
    /// Checked by their definitions; applied over the base in key order.
    package var parameters: [String: ParameterValue] = [:]
    package var width: Double?
    package var height: Double?
    package var period: Period?
    /// `inactive` or `active`: the press's resting state; `progress` says it exactly.
    package var active: Bool?
    package var progress: Double?
    /// As written, and the zone it names.
    package var tz: String?
    package var timeZone: TimeZone?
    package var reducedMotion: Bool?
    /// "" asks for the loaded series, as no scenario does.
    package var scenario: String?
    package var selection: Double?
    package var id: String?

    package init() {}

    /// What a chart looks like from where it is seen: every field but the sources.
    package static let viewFields: Set<Field> = [.width, .height, .period, .state, .progress, .tz, .reducedMotion, .scenario, .selection, .id]
    /// The HTTP routes' fields: the view over a preset (a round's candidate is drawn by its own route).
    package static let routeFields: Set<Field> = viewFields.union([.preset])

    package init(from decoder: any Decoder) throws { try self.init(from: decoder, ignoring: []) }

    /// Decodes the request from the members of `decoder`'s object other than `ignoring` (the
    /// members of a message that carries a request: a motion, an export's format); of its own
    /// fields only `fields`, and the parameters unless `parameters` is false. Any other member
    /// is an unknown parameter.
    package init(from decoder: any Decoder, ignoring: Set<String>, fields: Set<Field> = ChartRequest.routeFields, parameters takesParameters: Bool = true) throws {
        let members = try decoder.container(keyedBy: AnyCodingKey.self)
        let probe = members.requestSchema
        let asText = decoder.userInfo[JSONValueDecoder.textValuesKey] as? Bool == true
        var present: Set<Field> = probe == nil ? [] : fields.filter { !ignoring.contains($0.rawValue) }
        for key in members.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) where !ignoring.contains(key.stringValue) {
            if let field = Field(rawValue: key.stringValue), fields.contains(field) { present.insert(field); continue }
            guard takesParameters, let definition = ParameterDefinition.named(key.stringValue) else {
                throw ChartRequestError(.unknownParameter, field: key.stringValue, "unknown parameter \"\(key.stringValue)\"")
            }
            parameters[definition.key] = try Self.parameter(definition, in: members.superDecoder(forKey: key), asText: asText)
        }
        func said(_ field: Field, schema: @autoclosure () -> JSONValue = JSONSchema.string, _ description: String = "") throws -> String? {
            present.contains(field) ? try members.text(field.rawValue, schema: schema(), description) : nil
        }
        func number(_ field: Field, in range: ClosedRange<Double>, _ description: String = "") throws -> Double? {
            present.contains(field) ? try members.number(field.rawValue, in: range, description) : nil
        }
        preset = try said(.preset, "start from this preset instead of the defaults")
        round = try said(.round, "a blind round's id: draw its candidate")
        candidate = try said(.candidate, "the round's candidate token")
        width = try number(.width, in: ChartDrawing.widthRange, "pixels")
        height = try number(.height, in: ChartDrawing.heightRange, "pixels")
        if let text = try said(.period, schema: JSONSchema.enumeration(Period.allCases.map(\.rawValue))) {
            guard let named = Period(rawValue: text.uppercased()) else { throw ChartRequestError(.invalidField, field: "period", Self.periodChoices) }
            period = named
        }
        if present.contains(.state), let text = try members.choice("state", ["inactive", "active"]) { active = text == "active" }
        progress = try number(.progress, in: ChartDrawing.progressRange, "transition progress, already eased")
        if let text = try said(.tz, schema: TimeZoneText.schema, "the viewer's time zone for the label's time: an IANA name (Europe/Berlin) or an offset (+09:00)") {
            guard let zone = TimeZoneText.zone(text) else { throw ChartRequestError(.invalidField, field: "tz", TimeZoneText.expected) }
            tz = text
            timeZone = zone
        }
        if present.contains(.reducedMotion) {
            reducedMotion = try members.flag("reducedMotion", "the viewer asks for reduced motion: the preset's reduced variant (crossfade or jump) plays")
        }
        if let name = try said(.scenario, schema: JSONSchema.pattern("^[a-z0-9-]{0,40}$"),
                               "draw this market scenario (GET /api/scenarios) instead of the loaded data; empty: the data") {
            guard name.isEmpty || ScenarioName.isValid(name) else {
                throw ChartRequestError(.invalidField, field: "scenario", "must be a scenario's name (GET /api/scenarios)")
            }
            scenario = name
        }
        selection = try number(.selection, in: ChartDrawing.selectionRange, "finger position, share of the width")
        if let text = try said(.id, schema: JSONSchema.pattern("^[A-Za-z0-9_-]{0,40}$"), "prefix for element ids") {
            guard text.count <= 40, text.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_") }) else {
                throw ChartRequestError(.invalidField, field: "id", "must be up to 40 letters, digits, '-' or '_'")
            }
            id = text
        }
        if let probe, takesParameters {
            for definition in ChartStyle.definitions where !ignoring.contains(definition.key) { probe.note(definition.key, definition.jsonSchema, definition.label) }
        }
    }

    package static let periodChoices = "must be one of \(Period.allCases.map(\.rawValue).joined(separator: ", "))"

    /// A parameter's value: from a query or the command line its text, as the definition reads
    /// text; from JSON its number, boolean, text or list of numbers (a cubic Bézier also as its
    /// "x1,y1,x2,y2" text).
    private static func parameter(_ definition: ParameterDefinition, in decoder: any Decoder, asText: Bool) throws -> ParameterValue {
        let single = try decoder.singleValueContainer()
        do throws(ParameterError) {
            if asText, let text = try? single.decode(String.self) { return try definition.parse(text) }
            let value: ParameterValue
            if let number = try? single.decode(Double.self) { value = .number(number) }
            else if let flag = try? single.decode(Bool.self) { value = .flag(flag) }
            else if let text = try? single.decode(String.self) {
                if case .cubicBezier = definition.kind { return try definition.parse(text) }
                value = .text(text)
            } else if let numbers = try? single.decode([Double].self) { value = .numbers(numbers) }
            else { throw ParameterError(field: definition.key, message: "must be \(definition.typeName)") }
            return try definition.validate(value)
        } catch {
            throw ChartRequestError(error)
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var members = encoder.container(keyedBy: AnyCodingKey.self)
        func put<T: Encodable>(_ field: Field, _ value: T?) throws { if let value { try members.encode(value, forKey: AnyCodingKey(field.rawValue)) } }
        try put(.preset, preset)
        try put(.round, round)
        try put(.candidate, candidate)
        try put(.width, width)
        try put(.height, height)
        try put(.period, period?.rawValue)
        try put(.state, active.map { $0 ? "active" : "inactive" })
        try put(.progress, progress)
        try put(.tz, tz)
        try put(.reducedMotion, reducedMotion)
        try put(.scenario, scenario)
        try put(.selection, selection)
        try put(.id, id)
        for key in parameters.keys.sorted() {
            let member = AnyCodingKey(key)
            switch parameters[key]! {
            case .number(let v): try members.encode(v, forKey: member)
            case .text(let s): try members.encode(s, forKey: member)
            case .flag(let b): try members.encode(b, forKey: member)
            case .numbers(let list): try members.encode(list, forKey: member)
            }
        }
    }

    /// The chart this asks for over `base` (a preset's style, a candidate's, or the defaults).
    package func drawing(over base: ChartStyle) throws(ChartRequestError) -> ChartDrawing {
        var drawing = ChartDrawing(style: try style(over: base))
        if let width { drawing.width = width }
        if let height { drawing.height = height }
        if let period { drawing.period = period }
        if let active { drawing.progress = active ? 1 : 0 }
        if let progress { drawing.progress = progress }
        if let timeZone { drawing.timeZone = timeZone }
        if let reducedMotion { drawing.reducedMotion = reducedMotion }
        if let scenario { drawing.scenario = scenario.isEmpty ? nil : scenario }
        drawing.selection = selection
        if let id { drawing.idPrefix = id }
        return drawing
    }

    /// The parameters applied over `base`, and what they imply.
    package func style(over base: ChartStyle) throws(ChartRequestError) -> ChartStyle {
        var style = base
        for key in parameters.keys.sorted() {
            do throws(ParameterError) { try style.set(key, parameters[key]!) } catch { throw ChartRequestError(error) }
        }
        style.applyImplications(givenKeys: parameters.keys)
        return style
    }

    /// This request with `later`'s members on top, and without the members `removed` names:
    /// a render socket's `again`.
    package func merged(with later: ChartRequest, removing removed: Set<String>) -> ChartRequest {
        var merged = self
        for (key, value) in later.parameters { merged.parameters[key] = value }
        for key in removed { merged.parameters[key] = nil }
        func pick<T>(_ field: Field, _ mine: T?, _ theirs: T?) -> T? { removed.contains(field.rawValue) ? nil : theirs ?? mine }
        merged.preset = pick(.preset, preset, later.preset)
        merged.round = pick(.round, round, later.round)
        merged.candidate = pick(.candidate, candidate, later.candidate)
        merged.width = pick(.width, width, later.width)
        merged.height = pick(.height, height, later.height)
        merged.period = pick(.period, period, later.period)
        merged.active = pick(.state, active, later.active)
        merged.progress = pick(.progress, progress, later.progress)
        merged.tz = pick(.tz, tz, later.tz)
        merged.timeZone = pick(.tz, timeZone, later.timeZone)
        merged.reducedMotion = pick(.reducedMotion, reducedMotion, later.reducedMotion)
        merged.scenario = pick(.scenario, scenario, later.scenario)
        merged.selection = pick(.selection, selection, later.selection)
        merged.id = pick(.id, id, later.id)
        return merged
    }
}
