import WorkbenchSupport
import WorkbenchStores
import ChartEngine
import Foundation

/// `chart-workbench.scene` v1 as JSON text (docs/scene.md): keys sorted, numbers
/// in shortest round-trip form.
package enum SceneJSON {
    package static func text(_ scene: ChartScene) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        // A scene holds only finite numbers (gaps are left out of paths); encoding cannot fail.
        guard let data = try? encoder.encode(scene) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}

extension SceneJSON {
    /// The scene as a JSON value, keys sorted as in its text, to place inside another document.
    static func value(_ scene: ChartScene) -> JSONValue { (try? JSONValue.parse(text(scene))) ?? .null }
}
