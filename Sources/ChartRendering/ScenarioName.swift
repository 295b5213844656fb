/// A market scenario's name as requests and saved files carry it: 1–40 of a–z, 0–9 and '-',
/// so a name is also a safe file name.
package enum ScenarioName {
    package static func isValid(_ name: String) -> Bool {
        (1...40).contains(name.utf8.count) && name.utf8.allSatisfy { ($0 >= 97 && $0 <= 122) || ($0 >= 48 && $0 <= 57) || $0 == 45 }
    }
}
