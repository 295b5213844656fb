import WorkbenchSupport
import WorkbenchStores
import ChartEngine

/// The export formats; every one iterates over the parameter definitions.
package enum ExportFormat: String, CaseIterable, Sendable {
    case json, swift, kotlin, tokens, figma, svg

    /// The export, carrying `provenance` when given (see `Provenance`).
    package func export(_ preset: Preset, data: IndexedSeries, provenance: Provenance? = nil) -> String {
        let text = plain(preset, data: data)
        return provenance.map { $0.stamp(text, as: carrier, export: rawValue) } ?? text
    }

    package var carrier: Provenance.Carrier {
        switch self {
        case .json, .tokens, .figma: .jsonObject
        case .swift, .kotlin: .lineComment
        case .svg: .xmlComment
        }
    }

    /// The export without provenance (what its signature's `contentSha256` covers).
    package func plain(_ preset: Preset, data: IndexedSeries) -> String {
        switch self {
        case .json: preset.fileText
        case .swift: SwiftExport(preset: preset).text
        case .kotlin: KotlinExport(preset: preset).text
        case .tokens: TokensExport(preset: preset).json.serialized(pretty: true) + "\n"
        case .figma: FigmaVariables.export(preset).serialized(pretty: true) + "\n"
        case .svg: SVGExport.animated(preset, data: data)
        }
    }

    package var contentType: String {
        switch self {
        case .json, .tokens, .figma: "application/json; charset=utf-8"
        case .swift: "text/x-swift; charset=utf-8"
        case .kotlin: "text/x-kotlin; charset=utf-8"
        case .svg: "image/svg+xml; charset=utf-8"
        }
    }

    package func fileName(for presetName: String) -> String {
        let base = CodeName.identifier(presetName, upperFirst: false)
        switch self {
        case .json: return base + ".json"
        case .swift: return "ChartStyle+" + CodeName.identifier(presetName, upperFirst: true) + ".swift"
        case .kotlin: return "ChartStyle" + CodeName.identifier(presetName, upperFirst: true) + ".kt"
        case .tokens: return base + ".tokens.json"
        case .figma: return base + ".figma-variables.json"
        case .svg: return base + ".svg"
        }
    }
}

extension ChartStyle {
    /// Each choice parameter's type once, in definition order, with its options: parameters
    /// share types (every easing is an `EasingName`), and generated code declares each once.
    static var choiceTypes: [(name: String, options: [String])] {
        var seen: Set<String> = []
        return definitions.compactMap { d in
            guard case .choice(let options, let typeName) = d.kind, seen.insert(typeName).inserted else { return nil }
            return (typeName, options)
        }
    }
}

/// Identifiers for generated code, from any preset name.
package enum CodeName {
    /// "Designer's favourite" → "designersFavourite"; names without ASCII letters → "preset".
    package static func identifier(_ name: String, upperFirst: Bool) -> String {
        var words: [String] = [], current = ""
        for scalar in name.unicodeScalars {
            if scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)) {
                current.unicodeScalars.append(scalar)
            } else if scalar == "'" || scalar == "\u{2019}" {
                continue
            } else if !current.isEmpty {
                words.append(current); current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        var result = words.enumerated().map { i, w in
            let lower = w.prefix(1).lowercased() + w.dropFirst()
            return i == 0 && !upperFirst ? lower : w.prefix(1).uppercased() + w.dropFirst()
        }.joined()
        if result.isEmpty { result = upperFirst ? "Preset" : "preset" }
        if let first = result.unicodeScalars.first, ("0"..."9").contains(first) { result = (upperFirst ? "P" : "p") + result }
        return result
    }

    /// Words that cannot name a value in Swift or Kotlin (keywords, in either language, and
    /// literals), plus the members of the generated types: a preset named like one of them gets
    /// a `Style` suffix ("Default" → `defaultStyle`), so every export compiles.
    package static let reserved: Set<String> = [
        // Swift
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default",
        "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch",
        "where", "while", "as", "await", "false", "is", "nil", "self", "super", "throws", "true", "try", "async",
        "actor", "some", "any", "consume", "copy", "borrowing", "consuming", "discard", "each", "macro",
        "package", "dynamicType", "type", "optional", "required", "convenience", "lazy", "weak",
        // Kotlin hard keywords (the soft ones are valid names)
        "fun", "interface", "null", "object", "this", "typeof", "val", "when",
        // Members of the generated `ChartStyle` and of Kotlin data classes
        "name", "author", "notes", "hashCode", "equals", "toString", "component1", "values", "definitions",
    ]

    /// The name of the preset's value in generated code: never a keyword or a member name.
    package static func valueName(_ presetName: String) -> String {
        let base = identifier(presetName, upperFirst: false)
        let taken = reserved.union(ChartStyle.definitions.map(\.key))
        return taken.contains(base) ? base + "Style" : base
    }

    /// "inactiveCurve" → "InactiveCurve".
    package static func upperFirst(_ key: String) -> String { key.prefix(1).uppercased() + key.dropFirst() }

    /// "stepStart" → "STEP_START" (Kotlin enum entries).
    package static func screamingSnake(_ key: String) -> String {
        var out = ""
        for c in key {
            if c.isUppercase && !out.isEmpty { out += "_" }
            out += c.uppercased()
        }
        return out
    }
}

/// String literal bodies for generated code. Quotes, backslashes, line breaks and every
/// invisible character (`InvisibleText`: controls, bidi overrides and isolates, zero-width
/// characters, which can make code read differently from what it does) are escaped; everything
/// else, emoji and right-to-left letters included, stays as is.
package enum CodeString {
    /// A floating-point literal for Swift and Kotlin: the shortest round-trip digits, with a
    /// decimal point so `1` stays a Double (`1.0`), never an Int.
    package static func floatingLiteral(_ v: Double) -> String {
        let text = NumberText.shortest(v)
        return text.contains(".") ? text : text + ".0"
    }

    package static func needsUnicodeEscape(_ scalar: Unicode.Scalar) -> Bool { InvisibleText.isInvisible(scalar) }

    /// A Swift string literal: `\u{202E}`.
    package static func swift(_ text: String) -> String {
        literal(text, special: [:]) { "\\u{\(InvisibleText.hex($0))}" }
    }

    /// A Kotlin string literal (`\u202E`; a pair of escapes above U+FFFF): `$` would start a template.
    package static func kotlin(_ text: String) -> String {
        literal(text, special: ["$": "\\$"], unicode: InvisibleText.utf16Escape)
    }

    /// Quotes `text` with the escapes both languages share, plus the language's own.
    private static func literal(_ text: String, special: [Unicode.Scalar: String], unicode: (Unicode.Scalar) -> String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if let escape = special[scalar] {
                    out += escape
                } else if needsUnicodeEscape(scalar) {
                    out += unicode(scalar)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// The `//` comment that opens a generated source file.
    package static func header(for preset: Preset) -> String {
        "// Chart style exported from Chart Workbench (format \(Preset.format) v\(Preset.version)).\n"
            + "// Preset: \(comment(preset.name))\n// Updated: \(comment(preset.updatedAt))\n"
    }

    /// Text for a Kotlin `/** */` comment: block comments nest in Kotlin, so neither `/*` nor
    /// `*/` may appear.
    package static func blockComment(_ text: String) -> String {
        comment(text).replacingOccurrences(of: "*/", with: "* /").replacingOccurrences(of: "/*", with: "/ *")
    }

    /// A word for a POSIX shell's command line (sh, bash, zsh), for the commands a guide prints:
    /// in double quotes when nothing in it is special there ("Designer's favourite"), otherwise in
    /// single quotes, where nothing is special and a `'` is written `'\''`. A name is pasted
    /// into a terminal: `$(…)`, backticks, `\`, `"` and bash's `!` must stay letters.
    package static func shellWord(_ text: String) -> String {
        let line = comment(text)
        if !line.contains(where: { "$`\\\"!".contains($0) }) { return "\"" + line + "\"" }
        return "'" + line.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Text for a `//` comment: one line; an invisible character is shown by its code ("U+202E").
    package static func comment(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\r" || scalar == "\t" { out += " " }
            else if needsUnicodeEscape(scalar) { out += InvisibleText.codePoint(scalar) }
            else { out.unicodeScalars.append(scalar) }
        }
        return out
    }
}
