import WorkbenchSupport
/// Why a preset (a file, a request body or a name) was refused: the field and what is wrong.
/// The HTTP handlers decide what status it becomes; the CLI prints it.
package struct PresetError: Error, Sendable, Equatable, CustomStringConvertible {
    package let field: String?
    package let message: String

    package init(_ message: String, field: String? = nil) {
        self.message = message
        self.field = field
    }

    package var description: String { (field.map { "\($0): " } ?? "") + message }
}
