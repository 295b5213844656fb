import Testing
@testable import WorkbenchApplication
@testable import WorkbenchSupport

/// The words of "each person and the team": what people agree on is the team's value, even when
/// a person's own differs without the model being sure of it.
@Suite struct ExploreAgreementWordsTests {
    static func liked(_ person: String, _ text: String, sure: Double? = nil) -> ExploreAgreementAnswer.Liked {
        .init(person: person, value: .string(text), position: nil, sure: sure, text: text)
    }

    @Test func theyAgreeOnTheTeamsValueNotTheFirstPersons() {
        let curve = ExploreAgreementAnswer(parameter: "inactiveCurve", label: "Inactive curve", agree: true, team: Self.liked("", "Monotone"),
                                           people: [Self.liked("Dana", "Linear", sure: 0.54), Self.liked("Pat", "Monotone"), Self.liked("Priya", "Monotone")],
                                           text: "", ends: [])
        let width = ExploreAgreementAnswer(parameter: "inactiveLineWidth", label: "Inactive line width", agree: false, team: Self.liked("", "6 px"),
                                           people: [Self.liked("Dana", "1 px", sure: 0.81), Self.liked("Pat", "9.5 px", sure: 0.77), Self.liked("Priya", "6 px")],
                                           text: "Dana 1 px (81 % sure), Pat 9.5 px (77 % sure), Priya 6 px; the team 6 px", ends: ["0.5 px", "24 px"])
        let people = [ExplorePersonAnswer(person: "Dana", answers: 10, liking: 0.5, sd: 1, text: ""),
                      ExplorePersonAnswer(person: "Pat", answers: 10, liking: 1.25, sd: 1, text: "")]
        let summary = ExploreRoutes.agreementSummary([width, curve], tellsPeopleApart: true, people: people, start: "Default")
        #expect(summary == "People differ on inactive line width: Dana 1 px (81 % sure), Pat 9.5 px (77 % sure), Priya 6 px; the team 6 px. "
                + "They agree on inactive curve (Monotone). Against Default, Pat likes the team's best most (+1.25) and Dana least (+0.50).")
    }

    /// Own values the model is not sure of are said after the team's, apart from the counted ones.
    @Test func valuesNotYetSureOfAreSaidApart() {
        let people = [Self.liked("Dana", "4.5 px", sure: 0.587), Self.liked("Pat", "12 px", sure: 0.75), Self.liked("Priya", "6.5 px", sure: 0.699)]
        #expect(ExploreRoutes.agreementWords(agree: false, team: Self.liked("", "7.5 px"), people: people)
                == "Pat 12 px (75 % sure); the team 7.5 px; not yet sure: Dana 4.5 px (58 %) and Priya 6.5 px (69 %)")
        let curve = [Self.liked("Dana", "Linear", sure: 0.54), Self.liked("Pat", "Monotone"), Self.liked("Priya", "Monotone")]
        #expect(ExploreRoutes.agreementWords(agree: true, team: Self.liked("", "Monotone"), people: curve)
                == "Pat Monotone, Priya Monotone; the team Monotone; not yet sure: Dana Linear (54 %)")
        #expect(ExploreRoutes.agreementWords(agree: true, team: Self.liked("", "Monotone"), people: Array(curve.dropFirst())) == "everyone Monotone")
        let two = [Self.liked("Dana", "Linear", sure: 0.5), Self.liked("Pat", "Step", sure: 0.6)]
        #expect(ExploreRoutes.agreementWords(agree: true, team: Self.liked("", "Monotone"), people: two)
                == "the team Monotone; not yet sure: Dana Linear (50 %) and Pat Step (60 %)")
    }
}
