import Foundation
import ChartEngine
import Testing
import WorkbenchStores
import WorkbenchSupport
@testable import WorkbenchExports

@Suite struct FigmaVariablesTests {
    /// A preset whose colours walk through every 8-bit channel value and whose widths step
    /// through their ranges, so rounding to Figma's 0–1 floats and back is checked everywhere.
    static func preset(_ i: Int) -> Preset {
        var style = ChartStyle()
        for (n, d) in FigmaVariables.definitions.enumerated() {
            switch d.kind {
            case .color:
                let c = { (k: Int) in String(format: "%02X", (i * 7 + n * 31 + k * 53) % 256) }
                try? style.set(d.key, .text("#" + c(0) + c(1) + c(2)))
            case .number(let range, let step, _):
                let steps = Int(((range.upperBound - range.lowerBound) / step).rounded())
                try? style.set(d.key, .number(range.lowerBound + Double((i + n) % (steps + 1)) * step))
            default: break
            }
        }
        return Preset(name: "P\(i)", style: style)
    }

    @Test func everyColourAndWidthRoundTrips() throws {
        for i in 0..<256 {
            let preset = Self.preset(i)
            let file = try JSONValue.parse(FigmaVariables.export(preset).serialized())
            let back = try FigmaVariables.preview(file, into: preset)
            #expect(back.changes.isEmpty && back.notes.isEmpty && back.ignored.isEmpty)
            // Into another preset: exactly the differing colours and widths change, to these values.
            let other = try FigmaVariables.preview(file, into: Preset(name: "Other"))
            for d in FigmaVariables.definitions {
                #expect(d.value(in: other.result.style) == d.value(in: preset.style), "\(d.key) for \(i)")
            }
            #expect(other.changes.count + other.unchanged.count == FigmaVariables.definitions.count)
        }
    }

    @Test func failuresNameTheVariable() throws {
        var file = try JSONValue.parse(FigmaVariables.export(Preset(name: "A")).serialized())
        // lineColor's variable as a FLOAT.
        guard case .object(var root) = file, case .object(var meta)? = root.first(where: { $0.0 == "meta" })?.1,
              case .object(var variables)? = meta.first(where: { $0.0 == "variables" })?.1,
              let index = variables.firstIndex(where: { $0.1["name"]?.stringValue == "chart/line/lineColor" }),
              case .object(var variable) = variables[index].1 else { Issue.record("unexpected export shape"); return }
        variable = variable.map { $0.0 == "resolvedType" ? ($0.0, .string("FLOAT")) : $0 }
        variables[index].1 = .object(variable)
        meta = meta.map { $0.0 == "variables" ? ($0.0, .object(variables)) : $0 }
        root = root.map { $0.0 == "meta" ? ($0.0, .object(meta)) : $0 }
        file = .object(root)
        #expect(throws: FigmaVariables.Failure.self) { try FigmaVariables.preview(file, into: Preset(name: "A")) }
        do { _ = try FigmaVariables.preview(file, into: Preset(name: "A")) } catch {
            #expect(error.field == "chart/line/lineColor" && error.message.contains("COLOR"))
        }
    }

    @Test func tokensResolverNamesItsVersionAndModifiers() {
        let json = TokensExport(preset: Preset(name: "A")).json
        #expect(json["version"]?.stringValue == "2025.10")
        #expect(json["modifiers"]?["theme"]?["default"]?.stringValue == "light")
        #expect(json["modifiers"]?["motion"]?["contexts"]?["reduced"]?.arrayValue?.count == 1)
    }
}
