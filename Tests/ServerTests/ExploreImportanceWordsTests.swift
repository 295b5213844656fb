import Testing
@testable import WorkbenchApplication

/// "Why this best": the parameter that matters most is named only when it stands out; spreads
/// within a tenth of each other matter alike.
@Suite struct ExploreImportanceWordsTests {
    static func item(_ label: String, _ spread: Double) -> ExploreImportanceAnswer {
        ExploreImportanceAnswer(parameter: label, label: label, spread: spread, lengthscale: 0.3, likedMost: .number(1), text: "")
    }

    @Test func aClearLeaderMattersMost() {
        #expect(ExploreRoutes.why([Self.item("Top opacity", 1.6), Self.item("Active line width", 1.0), Self.item("Inactive curve", 0.1)])
                == "Top opacity matters most (±0.80 of the team's liking across its range), then active line width; inactive curve barely matters.")
    }

    @Test func nearTiesMatterAboutEqually() {
        #expect(ExploreRoutes.why([Self.item("Top opacity", 0.82), Self.item("Active line width", 0.80), Self.item("Inactive line width", 0.78), Self.item("Inactive curve", 0.5)])
                == "Top opacity, active line width and inactive line width matter about equally (±0.39 to ±0.41 of the team's liking across their ranges), then inactive curve.")
    }
}
