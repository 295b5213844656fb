import Testing
@testable import WorkbenchExports
@testable import WorkbenchStores

@Suite struct CodeNameTests {
    @Test func identifiersFromAnyName() {
        #expect(CodeName.identifier("Designer's favourite", upperFirst: false) == "designersFavourite")
        #expect(CodeName.identifier("Designer’s favourite", upperFirst: true) == "DesignersFavourite")
        #expect(CodeName.identifier("calm  -- v2", upperFirst: false) == "calmV2")
        #expect(CodeName.identifier("2024 launch", upperFirst: false) == "p2024Launch")
        #expect(CodeName.identifier("שלום 🚀", upperFirst: false) == "preset")
        #expect(CodeName.identifier("", upperFirst: true) == "Preset")
        #expect(CodeName.identifier("</script><script>alert(1)", upperFirst: false) == "scriptScriptAlert1")
    }

    @Test func identifiersHoldOnlyASCIILettersAndDigits() {
        for name in ["Quote \" and \\ backslash", "Line\nbreak", "Bidi \u{202E}evil\u{202C} text", "Tab\tand $dollar ${x} */"] {
            for upper in [false, true] {
                let id = CodeName.identifier(name, upperFirst: upper)
                #expect(!id.isEmpty && id.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) })
                #expect(id.unicodeScalars.first.map { !("0"..."9").contains($0) } == true)
            }
        }
    }

    @Test func caseConversions() {
        #expect(CodeName.upperFirst("inactiveCurve") == "InactiveCurve")
        #expect(CodeName.screamingSnake("stepStart") == "STEP_START")
        #expect(CodeName.screamingSnake("monotoneX") == "MONOTONE_X")
    }

    @Test func exportFileNamesComeFromTheIdentifier() {
        #expect(ExportFormat.swift.fileName(for: "Calm night") == "ChartStyle+CalmNight.swift")
        #expect(ExportFormat.kotlin.fileName(for: "Calm night") == "ChartStyleCalmNight.kt")
        #expect(ExportFormat.tokens.fileName(for: "../etc/passwd") == "etcPasswd.tokens.json")
    }
}
