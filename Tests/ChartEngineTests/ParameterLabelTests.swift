import Testing
@testable import ChartEngine

@Suite struct ParameterLabelTests {
    @Test func everyParameterHasHelpAndEveryChoiceAHumanLabel() {
        for definition in ChartStyle.definitions {
            #expect(!definition.help.isEmpty, "\(definition.key) has no help")
            if case .choice(let options, _) = definition.kind {
                #expect(definition.optionLabels.count == options.count, "\(definition.key)")
                for (option, label) in zip(options, definition.optionLabels) {
                    #expect(label.first?.isUppercase == true, "\(definition.key).\(option): \(label)")
                }
            } else {
                #expect(definition.optionLabels.isEmpty)
            }
        }
    }

    /// Standing alone, a label four motions share is said with its group; every parameter is then
    /// said differently, and a label of its own is said as it is.
    @Test func aStandaloneLabelNamesTheGroupOfASharedLabel() throws {
        #expect(try #require(ParameterDefinition.named("periodDuration")).standaloneLabel == "Period change duration")
        #expect(try #require(ParameterDefinition.named("livePriceEasing")).standaloneLabel == "Live price easing")
        #expect(try #require(ParameterDefinition.named("inactiveLineWidth")).standaloneLabel == "Inactive line width")
        let said = ChartStyle.definitions.map(\.standaloneLabel)
        #expect(Set(said).count == said.count)
        #expect(ParameterDefinition.inSentence("Inactive line width") == "inactive line width")
    }

    @Test func labelsNameTheChoicesAsPeopleDo() {
        #expect(SmoothingName.movingAverage.choiceLabel == "Moving average")
        #expect(EasingName.easeInOut.choiceLabel == "Ease in-out")
        #expect(CurveName.catmullRom.choiceLabel == "Catmull–Rom")
        #expect(LineCap.butt.choiceLabel == "Butt")
    }

    @Test func bezierBoundsAreTheOnesValidationUses() throws {
        let bezier = try #require(ParameterDefinition.named("cubicBezier"))
        #expect(throws: ParameterError.self) { try bezier.validate(.numbers([ParameterDefinition.bezierX.upperBound + 0.01, 0, 0.5, 1])) }
        #expect(throws: ParameterError.self) { try bezier.validate(.numbers([0.5, ParameterDefinition.bezierY.lowerBound - 0.01, 0.5, 1])) }
        #expect((try? bezier.validate(.numbers([1, ParameterDefinition.bezierY.upperBound, 0, 0]))) != nil)
    }
}
