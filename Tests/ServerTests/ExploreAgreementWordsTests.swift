import ChartEngine
import Testing
@testable import WorkbenchApplication
import WorkbenchStores
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
                                           text: "Dana 1 px (81 % sure), Pat 9.5 px (77 % sure); Priya and the team 6 px", ends: ["0.5 px", "24 px"])
        let people = [ExplorePersonAnswer(person: "Dana", answers: 10, liking: 0.5, sd: 0.2, text: ""),
                      ExplorePersonAnswer(person: "Pat", answers: 10, liking: 1.25, sd: 0.3, text: "")]
        let summary = ExploreRoutes.agreementSummary([width, curve], tellsPeopleApart: true, people: people, start: "Default")
        #expect(summary == "People differ on inactive line width: Dana 1 px (81 % sure), Pat 9.5 px (77 % sure); Priya and the team 6 px. "
                + "They agree on inactive curve (Monotone). Against Default, Pat likes the team's best most (+1.25) and Dana least (+0.50).")
        // A best that holds the start's values is said to be the start (everyone likes it over itself by 0 ± 0).
        let still = people.map { ExplorePersonAnswer(person: $0.person, answers: 10, liking: 0, sd: 0, text: "") }
        #expect(ExploreRoutes.agreementSummary([width, curve], tellsPeopleApart: true, people: still, start: "Default", bestIsStart: true)
                == "People differ on inactive line width: Dana 1 px (81 % sure), Pat 9.5 px (77 % sure); Priya and the team 6 px. "
                + "They agree on inactive curve (Monotone). The team's best is Default itself, the chart the round started from.")
        // A value most people's own differ from, none surely, is not agreement.
        let active = ExploreAgreementAnswer(parameter: "activeLineWidth", label: "Active line width", agree: true, team: Self.liked("", "1.5 px"),
                                            people: [Self.liked("Dana", "6 px", sure: 0.61), Self.liked("Pat", "4 px", sure: 0.55), Self.liked("Priya", "1.5 px")],
                                            text: "", ends: [])
        #expect(ExploreRoutes.agreementSummary([width, curve, active], tellsPeopleApart: true, people: people, start: "Default")
                == "People differ on inactive line width: Dana 1 px (81 % sure), Pat 9.5 px (77 % sure); Priya and the team 6 px. "
                + "They agree on inactive curve (Monotone). No one differs surely yet on active line width (the team 1.5 px). "
                + "Against Default, Pat likes the team's best most (+1.25) and Dana least (+0.50).")
        #expect(ExploreRoutes.agreementSummary([curve, active], tellsPeopleApart: true, people: people, start: "Default")
                == "Everyone likes the same values: inactive curve (Monotone). No one differs surely yet on active line width (the team 1.5 px). "
                + "Against Default, Pat likes the team's best most (+1.25) and Dana least (+0.50).")
    }

    /// Someone surely likes a value near the team's: "they differ little", never "no one differs
    /// surely" above their "70 % sure" (a walk read both at once).
    @Test func aSureValueNearTheTeamsIsSaidToDifferLittle() {
        let active = ExploreAgreementAnswer(parameter: "activeLineWidth", label: "Active line width", agree: true, team: Self.liked("", "10 px"),
                                            people: [Self.liked("Dana", "9 px", sure: 0.55), Self.liked("Pat", "11 px", sure: 0.6), Self.liked("Priya", "12 px", sure: 0.7)],
                                            text: "Priya 12 px (70 % sure); the team 10 px; not yet sure: Dana 9 px (55 %) and Pat 11 px (60 %)", ends: [])
        let people = [ExplorePersonAnswer(person: "Dana", answers: 10, liking: 0.5, sd: 0.2, text: ""),
                      ExplorePersonAnswer(person: "Pat", answers: 10, liking: 1.25, sd: 0.3, text: "")]
        #expect(ExploreRoutes.agreementSummary([active], tellsPeopleApart: true, people: people, start: "Default")
                == "They differ little on active line width: Priya 12 px (70 % sure); the team 10 px; not yet sure: Dana 9 px (55 %) and Pat 11 px (60 %). "
                + "Against Default, Pat likes the team's best most (+1.25) and Dana least (+0.50).")
    }

    /// A label four motions share is said with its group wherever it stands alone (a change, a
    /// sentence, a round's parameters); a label of its own as it is; every one said differs.
    @Test func aSharedLabelIsSaidWithItsGroup() {
        #expect(ChangeWords.label("periodDuration") == "Period change duration")
        #expect(ChangeWords.label("livePriceEasing") == "Live price easing")
        #expect(ChangeWords.label("revealReducedMotion") == "First load reduced motion")
        #expect(ChangeWords.label("inactiveLineWidth") == "Inactive line width")
        let said = ChartStyle.definitions.map(\.standaloneLabel)
        #expect(Set(said).count == said.count)
    }

    /// Who agreed with a saved best is the model's reading of their answers, not a vote: the
    /// words say so in each of their three forms.
    @Test func whoAgreedSaysItIsReadFromTheAnswers() {
        #expect(ExploreRoutes.agreementWords([], [], []) == "No one has answered.")
        #expect(ExploreRoutes.agreementWords(["Dana", "Pat"], [], []) == "Agreed, by their answers: everyone who answered (Dana, Pat).")
        #expect(ExploreRoutes.agreementWords(["Dana"], ["Pat", "Priya"], ["Inactive line width 4 → 9 px", ""])
                == "Agreed, by their answers: Dana; Pat (Inactive line width 4 → 9 px) and Priya would choose otherwise alone.")
        #expect(ExploreRoutes.agreementWords([], ["Pat", "Priya"], ["Top opacity 0.7 → 0.1", "Inactive curve Linear → Monotone"])
                == "By their answers, no one agreed: each would choose otherwise alone: Pat (Top opacity 0.7 → 0.1) and Priya (Inactive curve Linear → Monotone).")
    }

    /// A save's note within its bound: the changes give way first, then the end is cut at a word.
    @Test func aSavesNoteGivesUpTheChangesBeforeCuttingAWord() {
        let head = "From Explore round 0f16 (from “Default”): the team's best after 42 answers"
        #expect(ExploreRoutes.savedMessage(head: head, changes: "Inactive line width 4 → 5 px", whoAgreed: "Agreed: Priya.", limit: 200)
                == head + ": Inactive line width 4 → 5 px. Agreed: Priya.")
        let changes = Array(repeating: "Top opacity 0.7 → 0.1", count: 12).joined(separator: ", ")
        #expect(ExploreRoutes.savedMessage(head: head, changes: changes, whoAgreed: "Agreed: Priya.", limit: 200)
                == head + "; its changes are in this revision. Agreed: Priya.")
        let long = "Agreed: Priya; Dana (Inactive line width 5 → 1 px, Top opacity 0 → 0.05) and Pat (Inactive line width 5 → 12 px) would choose otherwise alone."
        let cut = ExploreRoutes.savedMessage(head: head, changes: changes, whoAgreed: long, limit: 200)
        #expect(cut.count <= 200 && cut.hasSuffix("…") && cut.hasPrefix(head + "; its changes"))
        #expect(long.contains(String(cut.dropFirst((head + "; its changes are in this revision. ").count).dropLast()) + " "), "cut at a word: \(cut)")
    }

    /// Who likes the best most is said only once the gap outgrows the people's uncertainties.
    @Test func aRankingWithinTheUncertaintyIsNotSaid() {
        let curve = ExploreAgreementAnswer(parameter: "inactiveCurve", label: "Inactive curve", agree: true, team: Self.liked("", "Monotone"),
                                           people: [Self.liked("Dana", "Monotone"), Self.liked("Pat", "Monotone")], text: "everyone Monotone", ends: [])
        let people = [ExplorePersonAnswer(person: "Dana", answers: 15, liking: 1.39, sd: 2.26, text: ""),
                      ExplorePersonAnswer(person: "Priya", answers: 13, liking: 4.43, sd: 2.57, text: ""),
                      ExplorePersonAnswer(person: "Pat", answers: 14, liking: 1.33, sd: 2.30, text: "")]
        #expect(ExploreRoutes.agreementSummary([curve], tellsPeopleApart: true, people: people, start: "Default")
                == "Everyone likes the same values: inactive curve (Monotone). Against Default, who likes the team's best most is not yet clear: "
                + "Priya +4.43, Dana +1.39, Pat +1.33, each ± 2.26 or more.")
    }

    /// An unclear ranking names everyone, most first; past five people, four, how many more, the last.
    @Test func anUnclearRankingNamesEveryoneOrSaysHowManyMore() {
        let people = (1...7).map { ExplorePersonAnswer(person: "P\($0)", answers: 6, liking: Double(8 - $0) / 10, sd: 2 + Double($0) / 10, text: "") }
        #expect(ExploreRoutes.unclear(people) == "P1 +0.70, P2 +0.60, P3 +0.50, P4 +0.40, 2 more, P7 +0.10, each ± 2.10 or more.")
        #expect(ExploreRoutes.unclear(Array(people.prefix(3))) == "P1 +0.70, P2 +0.60, P3 +0.50, each ± 2.10 or more.")
    }

    /// People whose value is the team's are named with it, not each beside the same value.
    @Test func peopleWithTheTeamsValueAreNamedWithIt() {
        let people = [Self.liked("Dana", "12 px", sure: 0.8), Self.liked("Pat", "0.5 px"), Self.liked("Priya", "0.5 px")]
        #expect(ExploreRoutes.agreementWords(agree: false, team: Self.liked("", "0.5 px"), people: people)
                == "Dana 12 px (80 % sure); Pat, Priya and the team 0.5 px")
    }

    /// Own values the model is not sure of are said after the team's, apart from the counted ones.
    @Test func valuesNotYetSureOfAreSaidApart() {
        let people = [Self.liked("Dana", "4.5 px", sure: 0.587), Self.liked("Pat", "12 px", sure: 0.75), Self.liked("Priya", "6.5 px", sure: 0.699)]
        #expect(ExploreRoutes.agreementWords(agree: false, team: Self.liked("", "7.5 px"), people: people)
                == "Pat 12 px (75 % sure); the team 7.5 px; not yet sure: Dana 4.5 px (58 %) and Priya 6.5 px (69 %)")
        let curve = [Self.liked("Dana", "Linear", sure: 0.54), Self.liked("Pat", "Monotone"), Self.liked("Priya", "Monotone")]
        #expect(ExploreRoutes.agreementWords(agree: true, team: Self.liked("", "Monotone"), people: curve)
                == "Pat, Priya and the team Monotone; not yet sure: Dana Linear (54 %)")
        #expect(ExploreRoutes.agreementWords(agree: true, team: Self.liked("", "Monotone"), people: Array(curve.dropFirst())) == "everyone Monotone")
        // Everyone's own value, not yet sure, beside another team value is not "everyone".
        let same = [Self.liked("Dana", "1", sure: 0.55), Self.liked("Pat", "1", sure: 0.6)]
        #expect(ExploreRoutes.agreementWords(agree: true, team: Self.liked("", "0.95"), people: same)
                == "the team 0.95; not yet sure: Dana 1 (55 %) and Pat 1 (60 %)")
        let two = [Self.liked("Dana", "Linear", sure: 0.5), Self.liked("Pat", "Step", sure: 0.6)]
        #expect(ExploreRoutes.agreementWords(agree: true, team: Self.liked("", "Monotone"), people: two)
                == "the team Monotone; not yet sure: Dana Linear (50 %) and Pat Step (60 %)")
    }
}
