import ChartEngine
import WorkbenchStores
import WorkbenchSupport

/// Figma Variables, in the shape of the REST API's `GET /v1/files/:key/variables/local` answer
/// (`meta.variables`, `meta.variableCollections`): the preset's colours (COLOR) and widths
/// (FLOAT, px) as one collection with a Light and a Dark mode, and back (docs/tokens.md).
package enum FigmaVariables {
    /// The parameters that travel: every colour and every dimension in px.
    package static var definitions: [ParameterDefinition] {
        ChartStyle.definitions.filter { d in
            switch d.kind {
            case .color: true
            case .number(_, _, let unit): unit == "px"
            default: false
            }
        }
    }

    /// The variable a parameter is: `chart/line/lineColor`.
    package static func variableName(_ d: ParameterDefinition) -> String {
        "chart/" + d.group.lowercased().replacingOccurrences(of: " ", with: "-") + "/" + d.key
    }

    static let lightMode = "1:0", darkMode = "1:1", collectionID = "VariableCollectionId:1:1"

    // MARK: Export

    /// The preset as a Figma Variables file. The preset has one set of colours for both
    /// backgrounds, so Dark holds the same values as Light.
    package static func export(_ preset: Preset) -> JSONValue { JSONValueEncoder.encode(file(preset)) }

    static func file(_ preset: Preset) -> File {
        var variables = OrderedMembers<Variable>()
        for (i, d) in definitions.enumerated() {
            let id = "VariableID:1:\(i + 2)"
            let value: Value
            switch d.value(in: preset.style) {
            case .text(let hex):
                let c = TokensExport.components(hex)
                value = .color(r: c[0], g: c[1], b: c[2])
            case .number(let v):
                value = .float(v)
            default: continue
            }
            variables.set(id, Variable(id: id, name: variableName(d), key: d.key, variableCollectionId: collectionID, resolvedType: value.resolvedType,
                                       valuesByMode: OrderedMembers([(lightMode, value), (darkMode, value)]), description: d.help))
        }
        let collection = Collection(id: collectionID, name: "Chart \u{2013} " + preset.name, key: "chart",
                                    modes: [Mode(modeId: lightMode, name: "Light"), Mode(modeId: darkMode, name: "Dark")],
                                    defaultModeId: lightMode, variableIds: variables.members.map(\.0))
        return File(meta: .init(variableCollections: OrderedMembers([(collectionID, collection)]), variables: variables))
    }

    // MARK: Import

    /// A file that cannot be imported; `field` names the variable (or the JSON member) at fault.
    package struct Failure: Error, CustomStringConvertible {
        package let field: String
        package let message: String
        package var description: String { "\(field): \(message)" }
    }

    /// What an import would change: one entry per parameter whose value differs, the variables
    /// it left alone and why.
    package struct Preview {
        package struct Change {
            package let key: String, variable: String, from: ParameterValue, to: ParameterValue
        }
        package var changes: [Change] = []
        package var unchanged: [String] = []
        /// Things the import does not do, said once each (dark values, a missing Light mode).
        package var notes: [String] = []
        /// Variables with names that are not the workbench's (and no workbench variable aliases), left out.
        package var ignored: [String] = []
        /// The preset with the changes made.
        package var result: Preset

        package var json: JSONValue { JSONValueEncoder.encode(Answer(self)) }

        /// Lines for the terminal.
        package var lines: [String] {
            var out = changes.map { "\($0.key) (\($0.variable)): \($0.from.description) \u{2192} \($0.to.description)" }
            if changes.isEmpty { out.append("no parameter changes") }
            if !unchanged.isEmpty { out.append("unchanged: " + unchanged.joined(separator: ", ")) }
            out += notes.map { "note: " + $0 }
            if !ignored.isEmpty { out.append("ignored (not a Chart Workbench variable): " + ignored.joined(separator: ", ")) }
            return out
        }
    }

    /// Reads a Figma Variables file and says what it would change in `preset`. Throws, naming
    /// the variable or member, for anything it cannot read; nothing is changed by reading.
    package static func preview(_ document: JSONValue, into preset: Preset) throws(Failure) -> Preview {
        guard let meta = document["meta"], meta.objectPairs != nil else { throw Failure(field: "meta", message: "missing: a Figma Variables file (GET /v1/files/:key/variables/local) has meta.variables and meta.variableCollections") }
        guard let variables = meta["variables"]?.objectPairs else { throw Failure(field: "meta.variables", message: "must be an object of variables by id") }
        guard let collections = meta["variableCollections"]?.objectPairs else { throw Failure(field: "meta.variableCollections", message: "must be an object of collections by id") }
        let byID = Dictionary(variables, uniquingKeysWith: { first, _ in first })
        let collectionByID = Dictionary(collections, uniquingKeysWith: { first, _ in first })
        let wanted = Dictionary(uniqueKeysWithValues: definitions.map { (variableName($0), $0) })
        var preview = Preview(result: preset)
        var seen: Set<String> = [], aliased: Set<String> = []
        var style = preset.style
        for (id, variable) in variables {
            guard let name = variable["name"]?.stringValue else { throw Failure(field: "meta.variables.\(id).name", message: "must be a string") }
            guard let d = wanted[name] else { preview.ignored.append(name); continue }
            guard seen.insert(name).inserted else { throw Failure(field: name, message: "appears twice; a name is one variable") }
            let modes = try self.modes(of: variable, name: name, collections: collectionByID, notes: &preview.notes)
            let light = try convert(try resolve(variable, mode: modes.light, name: name, variables: byID, collections: collectionByID, through: &aliased), for: d, name: name)
            let value: ParameterValue
            do { value = try d.validate(light) } catch { throw Failure(field: name, message: error.message) }
            if let darkMode = modes.dark {
                let dark = try convert(try resolve(variable, mode: darkMode, name: name, variables: byID, collections: collectionByID, through: &aliased), for: d, name: name)
                if (try? d.validate(dark)) != value {
                    preview.notes.append("\(name): the Dark value \(dark.description) is not applied; the preset has one set of colours and widths for both backgrounds, so Light (\(value.description)) is used")
                }
            }
            let current = d.value(in: preset.style)
            if current == value { preview.unchanged.append(d.key); continue }
            do { try style.set(d.key, value) } catch { throw Failure(field: name, message: error.message) }
            preview.changes.append(.init(key: d.key, variable: name, from: current, to: value))
        }
        if seen.isEmpty {
            throw Failure(field: "meta.variables", message: "holds none of the workbench's variables (named like \(variableName(definitions[0])); docs/tokens.md lists them)")
        }
        preview.ignored.removeAll { aliased.contains($0) }
        preview.result.style = style
        return preview
    }

    /// The Light mode's id (else the collection's default mode, said in a note) and the Dark mode's, if any.
    static func modes(of variable: JSONValue, name: String, collections: [String: JSONValue], notes: inout [String]) throws(Failure) -> (light: String, dark: String?) {
        guard let collectionID = variable["variableCollectionId"]?.stringValue else { throw Failure(field: name, message: "has no variableCollectionId") }
        guard let collection = collections[collectionID] else { throw Failure(field: name, message: "its collection \(collectionID) is not in meta.variableCollections") }
        guard let modes = collection["modes"]?.arrayValue, !modes.isEmpty else { throw Failure(field: name, message: "its collection has no modes") }
        func mode(named wanted: String) -> String? {
            modes.first { $0["name"]?.stringValue?.lowercased() == wanted }?["modeId"]?.stringValue
        }
        let dark = mode(named: "dark")
        if let light = mode(named: "light") { return (light, dark) }
        guard let fallback = collection["defaultModeId"]?.stringValue ?? modes[0]["modeId"]?.stringValue else {
            throw Failure(field: name, message: "its collection's modes have no modeId")
        }
        let note = "the collection has no Light mode; its default mode is used for the preset's colours and widths"
        if !notes.contains(note) { notes.append(note) }
        return (fallback, dark)
    }

    /// The variable's value in `mode`, following aliases (into another collection: its default mode).
    /// `through` gains the names of the variables an alias led to.
    static func resolve(_ variable: JSONValue, mode: String, name: String, variables: [String: JSONValue], collections: [String: JSONValue],
                        through: inout Set<String>) throws(Failure) -> (type: String, value: JSONValue) {
        var current = variable, currentMode = mode, hops = 0
        while true {
            guard let type = current["resolvedType"]?.stringValue else { throw Failure(field: name, message: "has no resolvedType") }
            guard let value = current["valuesByMode"]?[currentMode] else {
                throw Failure(field: name, message: "valuesByMode has no value for mode \(currentMode)")
            }
            guard value["type"]?.stringValue == "VARIABLE_ALIAS" else { return (type, value) }
            hops += 1
            guard hops <= 32 else { throw Failure(field: name, message: "its aliases go round in a circle") }
            guard let target = value["id"]?.stringValue, let next = variables[target] else {
                throw Failure(field: name, message: "aliases a variable that is not in the file (\(value["id"]?.stringValue ?? "no id"))")
            }
            if next["variableCollectionId"]?.stringValue != current["variableCollectionId"]?.stringValue {
                guard let collection = next["variableCollectionId"]?.stringValue.flatMap({ collections[$0] }),
                      let defaultMode = collection["defaultModeId"]?.stringValue else {
                    throw Failure(field: name, message: "aliases \(next["name"]?.stringValue ?? target), whose collection is not in the file")
                }
                currentMode = defaultMode
            }
            if let reached = next["name"]?.stringValue { through.insert(reached) }
            current = next
        }
    }

    /// A Figma value as the parameter's: COLOR {r, g, b, a} (0–1, opaque) as #RRGGBB, FLOAT as a number.
    static func convert(_ resolved: (type: String, value: JSONValue), for d: ParameterDefinition, name: String) throws(Failure) -> ParameterValue {
        switch d.kind {
        case .color:
            guard resolved.type == "COLOR" else { throw Failure(field: name, message: "must be a COLOR variable, is \(resolved.type)") }
            var channels: [Int] = []
            for channel in ["r", "g", "b"] {
                guard let v = resolved.value[channel]?.numberValue, v.isFinite, (0...1).contains(v) else {
                    throw Failure(field: name, message: "colour component \(channel) must be a number from 0 to 1")
                }
                channels.append(Int((v * 255).rounded()))
            }
            let alpha = resolved.value["a"]?.numberValue ?? 1
            guard alpha.isFinite, abs(alpha - 1) < 1e-6 else {
                throw Failure(field: name, message: "alpha must be 1: the preset's colours are opaque (opacity is its own parameter)")
            }
            let hex = channels.map { c in let s = String(c, radix: 16, uppercase: true); return s.count == 1 ? "0" + s : s }.joined()
            return .text("#" + hex)
        default:
            guard resolved.type == "FLOAT" else { throw Failure(field: name, message: "must be a FLOAT variable, is \(resolved.type)") }
            guard let v = resolved.value.numberValue, v.isFinite else { throw Failure(field: name, message: "must be a finite number") }
            return .number(v)
        }
    }
}
