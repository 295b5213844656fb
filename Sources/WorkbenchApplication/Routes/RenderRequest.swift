import WorkbenchSupport
import HTTPServer
import WorkbenchStores
import WorkbenchExports
import PriceData
import ChartEngine
import Foundation

/// A value from a query string (text) or a JSON body, before it is checked.
package enum InputValue {
    case text(String)
    case json(JSONValue)

    package static func fromQuery(_ query: [String: String]) -> [String: InputValue] { query.mapValues(InputValue.text) }

    package static func fromJSON(_ body: [UInt8]) throws(HTTPError) -> [String: InputValue] {
        guard !body.isEmpty else { return [:] }
        let value: JSONValue
        do { value = try JSONValue.parse(body) } catch { throw .badRequest(error.description) }
        guard let pairs = value.objectPairs else { throw .badRequest("the body must be a JSON object") }
        var result: [String: InputValue] = [:]
        for (key, v) in pairs { result[key] = .json(v) }
        return result
    }

    package func number(field: String, in range: ClosedRange<Double>) throws(HTTPError) -> Double {
        let value: Double?
        switch self {
        case .text(let s): value = Double(s)
        case .json(let j): value = j.numberValue
        }
        guard let v = value, v.isFinite else { throw .badRequest("must be a number", field: field) }
        guard range.contains(v) else {
            throw .badRequest("must be between \(NumberText.shortest(range.lowerBound)) and \(NumberText.shortest(range.upperBound))", field: field)
        }
        return v
    }

    package func boolean(field: String) throws(HTTPError) -> Bool {
        switch self {
        case .text("true"), .json(.bool(true)): return true
        case .text("false"), .json(.bool(false)): return false
        default: throw .badRequest("must be true or false", field: field)
        }
    }

    package func text(field: String) throws(HTTPError) -> String {
        switch self {
        case .text(let s): return s
        case .json(.string(let s)): return s
        default: throw .badRequest("must be a string", field: field)
        }
    }

    /// The parameter value, validated by its definition.
    package func parameter(_ definition: ParameterDefinition) throws(HTTPError) -> ParameterValue {
        do throws(ParameterError) {
            switch self {
            case .text(let s): return try definition.parse(s)
            case .json(let j): return try ParameterValue.reading(j, as: definition)
            }
        } catch {
            throw HTTPError(error)
        }
    }
}

/// Parameters applied over a base style; unknown keys are errors.
package func applyParameters(_ values: [String: InputValue], to base: ChartStyle, ignoring: Set<String> = []) throws(HTTPError) -> ChartStyle {
    var style = base
    for key in values.keys.sorted() where !ignoring.contains(key) {
        guard let definition = ParameterDefinition.named(key) else {
            throw HTTPError(400, "unknown_parameter", "unknown parameter \"\(key)\"", field: key)
        }
        let value = try values[key]!.parameter(definition)
        do { try style.set(key, value) } catch { throw HTTPError(error) }
    }
    style.applyImplications(givenKeys: values.keys.filter { !ignoring.contains($0) })
    return style
}

/// What `/api/render` and `workbench render` draw: parameters plus the view.
package struct RenderRequest {
    package var style = ChartStyle()
    package var width = 390.0
    package var height = 240.0
    package var period = Period.year
    package var progress = 0.0
    package var selection: Double?
    package var idPrefix = "cw"
    /// The viewer's time zone, for the label's time: an IANA name or a fixed UTC offset.
    package var timeZone = TimeZone(secondsFromGMT: 0)!
    /// The viewer asks for reduced motion: the preset's reduced variant plays (a crossfade or a jump).
    package var reducedMotion = false
    /// The market drawn (`ScenarioLibrary`): a view setting like the period; nil: the loaded series.
    package var scenario: String?

    package static let viewKeys: Set<String> = ["width", "height", "period", "state", "progress", "selection", "id", "preset", "tz", "round", "candidate", "reducedMotion", "scenario"]
    package static let widthRange = 80.0...4000.0
    package static let heightRange = 60.0...3000.0
    /// Springs overshoot: a frame may be drawn beyond either state (the engine's bound).
    package static let progressRange = ChartState.progressRange
    package static let selectionRange = 0.0...1.0

    package init() {}

    package init(_ values: [String: InputValue], base: ChartStyle = ChartStyle()) throws(HTTPError) {
        style = try applyParameters(values, to: base, ignoring: Self.viewKeys)
        if let v = values["width"] { width = try v.number(field: "width", in: Self.widthRange) }
        if let v = values["height"] { height = try v.number(field: "height", in: Self.heightRange) }
        if let v = values["period"] {
            let text = try v.text(field: "period")
            guard let p = Period(rawValue: text.uppercased()) else {
                throw .badRequest("must be one of \(Period.allCases.map(\.rawValue).joined(separator: ", "))", field: "period")
            }
            period = p
        }
        if let v = values["state"] {
            switch try v.text(field: "state") {
            case "inactive": progress = 0
            case "active": progress = 1
            default: throw .badRequest("must be inactive or active", field: "state")
            }
        }
        if let v = values["progress"] { progress = try v.number(field: "progress", in: Self.progressRange) }
        if let v = values["tz"] { timeZone = try Self.timeZone(try v.text(field: "tz")) }
        if let v = values["reducedMotion"] { reducedMotion = try v.boolean(field: "reducedMotion") }
        if let v = values["scenario"] {
            let name = try v.text(field: "scenario")
            guard name.isEmpty || ScenarioLibrary.isValidName(name) else { throw .badRequest("must be a scenario's name (GET /api/scenarios)", field: "scenario") }
            scenario = name.isEmpty ? nil : name
        }
        if let v = values["selection"] { selection = try v.number(field: "selection", in: Self.selectionRange) }
        if let v = values["id"] {
            let id = try v.text(field: "id")
            guard id.count <= 40, id.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_") }) else {
                throw .badRequest("must be up to 40 letters, digits, '-' or '_'", field: "id")
            }
            idPrefix = id
        }
    }

    package func document(data: IndexedSeries) -> ChartDocument {
        let model = ChartModel(data: data, period: period, style: style, width: width, height: height)
        let zone = timeZone
        return ChartDocument(model: model, style: style, idPrefix: idPrefix, reducedMotion: reducedMotion,
                             utcOffset: { zone.secondsFromGMT(for: Date(timeIntervalSince1970: $0.isFinite ? $0 : 0)) })
    }

    /// "Europe/Berlin", "UTC", "+09:00", "-0530" or "UTC+2".
    package static func timeZone(_ text: String) throws(HTTPError) -> TimeZone {
        let name = text.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { throw .badRequest("must be a time zone name such as Europe/Berlin or an offset such as +09:00", field: "tz") }
        // Names only from the zone database's alphabet: no dots, so no path can leave it.
        let nameCharacters = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789/_-+")
        if (1...64).contains(name.count), name.unicodeScalars.allSatisfy(nameCharacters.contains),
           let zone = TimeZone(identifier: name) { return zone }
        var rest = Substring(name)
        for prefix in ["UTC", "GMT"] where rest.uppercased().hasPrefix(prefix) { rest = rest.dropFirst(prefix.count) }
        if rest.isEmpty { return TimeZone(secondsFromGMT: 0)! }
        if let sign = rest.first, sign == "+" || sign == "-" {
            let digits = rest.dropFirst().filter { $0 != ":" }
            if (1...4).contains(digits.count), digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber), let value = Int(digits) {
                let (hours, minutes) = digits.count <= 2 ? (value, 0) : (value / 100, value % 100)
                if hours <= 14, minutes < 60, let zone = TimeZone(secondsFromGMT: (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)) {
                    return zone
                }
            }
        }
        throw .badRequest("must be a time zone name such as Europe/Berlin or an offset such as +09:00", field: "tz")
    }

    package func svg(data: IndexedSeries) -> String {
        document(data: data).svg(state: ChartState(progress: progress, selection: selection))
    }
}

extension RequestContext {
    /// The JSON body's members as input values (render requests, shared parameters).
    package func jsonValues() throws(HTTPError) -> [String: InputValue] {
        var result: [String: InputValue] = [:]
        for (key, value) in try jsonObject() { result[key] = .json(value) }
        return result
    }
}

extension HTTPError {
    package init(_ error: ParameterError) { self.init(400, "invalid_parameter", error.message, field: error.field) }
}
