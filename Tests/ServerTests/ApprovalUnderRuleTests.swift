import Testing
@testable import WorkbenchStores

/// Each approval keeps the rule it was given under (issue 33): a larger `--approvals` later never
/// silently takes an approval back, and the status says both rules; "1 of 2 approvals" before.
@Suite struct ApprovalUnderRuleTests {
    let revisions = [PresetReviews.RevisionFacts(number: 1, author: "Ada", parametersSHA256: "p1")]

    func approval(_ id: Int64, by who: String, under required: Int?) -> PresetReviews.Review {
        .init(id: id, presetID: 1, revision: 1, author: who, decision: .approve, reviewers: [], comment: "", time: "t\(id)", required: required)
    }

    @Test func anApprovalUnderOneStaysApprovedWhenTwoAreAskedFor() {
        let reviews = [approval(1, by: "Ben", under: 1)]
        let status = PresetReviews.status(reviews: reviews, revisions: revisions, latest: 1, rule: .init(required: 2))
        #expect(status.state == .approved && status.approvedUnder == 1 && status.required == 2)
    }

    @Test func oneOfTwoIsInReviewUntilTheSecond() {
        let request = PresetReviews.Review(id: 1, presetID: 1, revision: 1, author: "Ada", decision: .requestReview, reviewers: ["Ben", "Cy"],
                                           comment: "", time: "t1", required: 2)
        let one = PresetReviews.status(reviews: [request, approval(2, by: "Ben", under: 2)], revisions: revisions, latest: 1, rule: .init(required: 2))
        #expect(one.state == .inReview && one.approvals == 1 && one.required == 2 && one.approvedUnder == nil)
        let two = PresetReviews.status(reviews: [request, approval(2, by: "Ben", under: 2), approval(3, by: "Cy", under: 2)],
                                       revisions: revisions, latest: 1, rule: .init(required: 2))
        #expect(two.state == .approved && two.approvals == 2 && two.approvedUnder == 2)
    }

    @Test func aDecisionWithoutItsRuleCountsUnderTheRuleNow() {
        let reviews = [approval(1, by: "Ben", under: nil)]
        #expect(PresetReviews.status(reviews: reviews, revisions: revisions, latest: 1, rule: .init(required: 2)).state != .approved)
        #expect(PresetReviews.status(reviews: reviews, revisions: revisions, latest: 1, rule: .init(required: 1)).approvedUnder == 1)
    }

    @Test func theAuthorsOwnApprovalNeverCounts() {
        let reviews = [approval(1, by: "Ada", under: 1)]
        let status = PresetReviews.status(reviews: reviews, revisions: revisions, latest: 1, rule: .init(required: 1))
        #expect(status.state == .draft && status.approvals == 0)
    }
}
