import Foundation

/// UTS #39 `skeleton()` for people's names: two names with one skeleton look alike ("оwner" with a
/// Cyrillic о, a no-break space for a space, a mathematical bold letter), so the second is refused.
/// Steps: NFD; compatibility folding (NFKC: mathematical alphanumerics, fullwidth forms, no-break
/// and other spaces) since the generated table keeps only letters and spaces; drop default-ignorable
/// characters; map each character by `ConfusableTable` (confusables.txt); lower-case and map again
/// (the table maps lower- and upper-case look-alikes separately); collapse runs of spaces; NFD.
package enum NameSkeleton {
    package static func skeleton(_ name: String) -> String {
        let folded = name.decomposedStringWithCanonicalMapping.precomposedStringWithCompatibilityMapping
        let once = mapped(folded)
        let twice = mapped(once.lowercased())
        var out = "", lastSpace = false
        for scalar in twice.unicodeScalars {
            let space = scalar.properties.isWhitespace
            if space && lastSpace { continue }
            out.unicodeScalars.append(space ? " " : scalar)
            lastSpace = space
        }
        return out.trimmingCharacters(in: .whitespaces).decomposedStringWithCanonicalMapping
    }

    private static func mapped(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.decomposedStringWithCanonicalMapping.unicodeScalars {
            if scalar.properties.isDefaultIgnorableCodePoint || NameRules.isRefused(scalar) { continue }
            if let target = ConfusableTable.prototype[scalar.value] { out.append(contentsOf: target.unicodeScalars) } else { out.append(scalar) }
        }
        return String(out)
    }
}
