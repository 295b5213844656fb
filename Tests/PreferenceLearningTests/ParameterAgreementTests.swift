import Testing
@testable import PreferenceLearning

/// Where people agree: a person's own value counts only when the model is sure enough of it.
@Suite struct ParameterAgreementTests {
    static func liked(_ person: String, _ position: Double, sure: Double?) -> ParameterAgreement.Liked {
        .init(person: person, point: [position], position: position, sure: sure)
    }

    @Test func aValueCountsOnlyWhenTheModelIsSureEnoughOfIt() {
        let team = Self.liked("", 0.5, sure: nil)
        let sureOne = ParameterAgreement(key: "w", team: team, people: [Self.liked("ada", 0.1, sure: 0.9), Self.liked("ben", 0.9, sure: 0.55)], axes: 0..<1)
        #expect(abs(sureOne.spread - 0.4) < 1e-12 && !sureOne.agree)   // Ben's 0.9 counts as the team's 0.5
        let neither = ParameterAgreement(key: "w", team: team, people: [Self.liked("ada", 0.1, sure: 0.59), Self.liked("ben", 0.9, sure: nil)], axes: 0..<1)
        #expect(neither.spread == 0 && neither.agree)
        let both = ParameterAgreement(key: "w", team: team, people: [Self.liked("ada", 0.1, sure: ParameterAgreement.sure), Self.liked("ben", 0.9, sure: 0.99)], axes: 0..<1)
        #expect(abs(both.spread - 0.8) < 1e-12)
        #expect(ParameterAgreement.counted(["x", "y", "z"], sure: [0.7, 0.5, nil], team: "t") == ["x", "t", "t"])
    }

    /// People differ on an option when two of them are counted with different ones.
    @Test func anOptionDiffersWhenSomeoneIsSureOfAnotherOne() {
        let team = ParameterAgreement.Liked(person: "", point: [2], position: nil, sure: nil)
        let ben = ParameterAgreement.Liked(person: "ben", point: [2], position: nil, sure: nil)
        let sure = ParameterAgreement.Liked(person: "ada", point: [1], position: nil, sure: 0.8)
        #expect(ParameterAgreement(key: "curve", team: team, people: [sure, ben], axes: 0..<1).spread == 1)
        let unsure = ParameterAgreement.Liked(person: "ada", point: [1], position: nil, sure: 0.51)
        #expect(ParameterAgreement(key: "curve", team: team, people: [unsure, ben], axes: 0..<1).agree)
    }
}
