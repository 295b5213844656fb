/// Why a preset (a file, a request body or a name) was refused: the field and what is wrong.
/// The HTTP handlers decide what status it becomes; the CLI prints it.
struct PresetError: Error, Sendable, Equatable, CustomStringConvertible {
    let field: String?
    let message: String

    init(_ message: String, field: String? = nil) {
        self.message = message
        self.field = field
    }

    var description: String { (field.map { "\($0): " } ?? "") + message }
}
