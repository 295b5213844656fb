import Testing
@testable import ChartRendering
import HTTPServer
@testable import WorkbenchApplication
@testable import WorkbenchSupport

/// Request bodies as types: what each refuses, by member, and the schema the API document
/// reads from the same decoding.
@Suite struct RequestSchemaTests {
    func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONValueDecoder().decode(type, from: try JSONValue.parse(json))
    }

    /// The refusal's field and message, whichever layer said it.
    func refusal<T: Decodable>(_ type: T.Type, _ json: String) -> (field: String, message: String)? {
        do { _ = try decode(type, json); return nil } catch {
            switch error {
            case let failure as JSONValueDecoder.Failure: return (failure.field, failure.message)
            case let refused as ChartRequestError: return (refused.field, refused.message)
            case let refused as HTTPError: return (refused.field ?? "", refused.message)
            default: return ("?", "\(error)")
            }
        }
    }

    @Test func aBodysSchemaIsWhatItsDecodingReads() {
        let vote = RequestSchema.of(VoteRequest.self).body()
        #expect(vote["properties"]?.objectPairs?.map(\.0) == ["pair", "choice"])
        #expect(vote["required"] == .array([.string("pair"), .string("choice")]) && vote["additionalProperties"] == .bool(false))
        #expect(vote["properties"]?["choice"]?["enum"] == .array(["left", "right", "none"].map(JSONValue.string)))
        let invitation = RequestSchema.of(InvitationRequest.self).body()
        #expect(invitation["required"] == .array([.string("role")]) && invitation["properties"]?["hours"]?["maximum"] == .number(720))
        #expect(RequestSchema.of(SwitchRequest.self).body(open: true)["additionalProperties"] == nil)
    }

    @Test func alternativesAreTheSameCodeReadTwice() {
        let review = ReviewRequest.schema["oneOf"]?.arrayValue ?? []
        #expect(review.count == 2)
        #expect(review.first?["properties"]?["decision"]?["enum"] == .array([.string("approve"), .string("request-changes")]))
        #expect(review.first?["properties"]?["reviewers"] == nil && review.first?["required"] == .array([.string("revision"), .string("decision")]))
        #expect(review.last?["required"] == .array([.string("revision"), .string("decision"), .string("reviewers")]))
        let round = RoundRequest.schema["oneOf"]?.arrayValue ?? []
        #expect(round.map { $0["required"] } == [.array([.string("candidates")]), .array([.string("variationsOf"), .string("count")])])
        let draft = DraftChangeRequest.schema["oneOf"]?.arrayValue ?? []
        #expect(draft.first?["properties"]?["parameters"]?["minProperties"] == .number(1))
        #expect(draft.last?["required"] == .array([.string("undoOf")]) && draft.last?["properties"]?["parameters"] == nil)
    }

    @Test func eachRefusalNamesItsMember() {
        #expect(refusal(VoteRequest.self, #"{"choice": "left"}"#)! == ("pair", "is required: the pair's token from /next"))
        #expect(refusal(VoteRequest.self, #"{"pair": "p", "choice": "up"}"#)! == ("choice", "must be left, right or none"))
        #expect(refusal(NewPersonRequest.self, #"{"name": "Ann", "role": "owner"}"#)?.field == "role")
        #expect(refusal(MarkReadRequest.self, #"{"upTo": 2.5}"#)! == ("upTo", "must be a review id (a positive integer)"))
        #expect(refusal(ReviewRequest.self, #"{"revision": "1", "decision": "approve", "reviewers": ["Bo"]}"#)! == ("reviewers", "only a review request names reviewers"))
        #expect(refusal(ReviewRequest.self, #"{"revision": "1", "decision": "request-review"}"#)! == ("reviewers", "name at least one reviewer to request a review"))
        #expect(refusal(RoundRequest.self, #"{"candidates": ["Calm", "Calm"]}"#)?.field == "candidates[1]")
        #expect(refusal(DraftChangeRequest.self, #"{"undoOf": "s1", "parameters": {"inactiveLineWidth": 2}}"#)! == ("undoOf", "send either parameters or undoOf, not both"))
        #expect(refusal(DraftChangeRequest.self, #"{"parameters": {}}"#)! == ("parameters", "must name at least one parameter"))
        #expect(refusal(DraftChangeRequest.self, #"{"parameters": {"lineWidht": 2}}"#)?.field == "lineWidht")
    }

    @Test func validBodiesDecodeToWhatTheHandlersTake() throws {
        let review = try decode(ReviewRequest.self, #"{"revision": 3, "decision": "request-review", "reviewers": [" Bo ", "Bo", "Cy"], "comment": null}"#)
        #expect(review.revision == 3 && review.decision == .requestReview && review.reviewers == ["Bo", "Cy"] && review.comment == "")
        guard case .variations(let name, let count) = try decode(RoundRequest.self, #"{"variationsOf": "Calm", "count": 3}"#) else { Issue.record("not variations"); return }
        #expect(name == "Calm" && count == 3)
        let draft = try decode(DraftChangeRequest.self, #"{"parameters": {"inactiveLineWidth": 2.5}, "step": "k1"}"#)
        guard case .set(let values) = draft.edit else { Issue.record("not a set"); return }
        #expect(draft.step == "k1" && values.map(\.0) == ["inactiveLineWidth"] && values.first?.1 == .parameter(.number(2.5)))
    }

    @Test func aNestedRequestNamesItsMembersByTheirWholePath() throws {
        #expect(refusal(PresenceRequest.self, #"{"key": "k1", "view": {"period": "2Y"}}"#)! == ("view.period", "must be one of 1D, 1W, 1M, 1Y, ALL"))
        #expect(refusal(PresenceRequest.self, #"{"key": "k1", "view": {"width": 390.5}}"#)! == ("view.width", "must be a whole number 80–4000"))
        #expect(refusal(PresenceRequest.self, #"{"key": "k1", "view": 5}"#)! == ("view", "must be an object of period, width, height and theme"))
        #expect(refusal(PresenceRequest.self, #"{"key": "k1", "view": {"zoom": 2}}"#)?.field == "view")
        #expect(refusal(PresenceRequest.self, #"{"view": {}}"#)?.field == "key")
        let presence = try decode(PresenceRequest.self, #"{"key": "k1", "preset": null, "selection": null, "view": {"theme": "dark", "period": "ALL"}}"#)
        #expect(presence.preset == .some(nil) && presence.selection == nil && presence.leaving == false)
        #expect(presence.view == .object([("theme", .string("dark")), ("period", .string("ALL"))]), "the view as sent, in its order")
        #expect(try decode(PresenceRequest.self, #"{"key": "k1"}"#).preset == nil, "absent: unchanged")
        let view = RequestSchema.of(PresenceRequest.self).body(open: true)["properties"]?["view"]
        #expect(view?["properties"]?.objectPairs?.map(\.0) == ["period", "width", "height", "theme"] && view?["additionalProperties"] == .bool(false))
        #expect(refusal(FigmaImportRequest.self, #"{"variables": 5}"#)! == ("variables", "must be the Figma Variables file (an object)"))
        #expect(try decode(FigmaImportRequest.self, #"{"variables": {"meta": {}}, "revision": 3, "apply": true}"#).revision == "3")
    }
}
