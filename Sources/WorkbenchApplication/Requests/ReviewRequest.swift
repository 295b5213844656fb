import Foundation
import HTTPServer
import WorkbenchStores
import WorkbenchSupport

/// `POST /api/presets/{name}/reviews`: a verdict on a revision (approve, request changes), or a
/// request that others review it (request-review, naming them). The API document says it as
/// the two alternatives, each read by the same code as the request (`Verdict`, `Ask`).
struct ReviewRequest: Decodable {
    static let members: Set<String> = ["revision", "decision", "comment", "reviewers", "acknowledgeReadability", "acknowledgeHonesty"]

    var revision = 0
    var decision = PresetReviews.Decision.approve
    var comment = ""
    var reviewers: [String] = []
    /// Approving despite failing readability or honesty checks, said knowingly.
    var acknowledgeReadability = false
    var acknowledgeHonesty = false

    static var schema: JSONValue { RequestSchema.oneOf(Verdict.self, Ask.self) }

    init(from decoder: any Decoder) throws {
        try self.init(from: decoder, decisions: PresetReviews.Decision.allCases, asking: true)
        if decision == .requestReview && reviewers.isEmpty {
            throw KeyedDecodingContainer.refusal("reviewers", "name at least one reviewer to request a review")
        }
        if decision != .requestReview && !reviewers.isEmpty { throw KeyedDecodingContainer.refusal("reviewers", "only a review request names reviewers") }
    }

    /// Reads the members; `decisions` and `asking` (reviewers are read, and required) shape what
    /// a probe notes for each alternative.
    private init(from decoder: any Decoder, decisions: [PresetReviews.Decision], asking: Bool) throws {
        let members = try decoder.container(keyedBy: AnyCodingKey.self)
        try members.refuseOthers(than: Self.members, "is not a field of a review (revision, decision, comment, reviewers, acknowledgeReadability, acknowledgeHonesty)")
        let probing = members.requestSchema != nil
        let revisionValue = try members.member("revision", JSONValue.self, "must be a revision number (1, 2, 3…)", schema: OpenAPIDocument.revision, required: true)
        let expected = "must be one of \(PresetReviews.Decision.allCases.map(\.rawValue).joined(separator: ", "))"
        let decisionText = try members.choice("decision", decisions.map(\.rawValue), expected: expected, required: true)
        let commentText = try members.member("comment", String.self, "must be a string", schema: JSONSchema.text(0...PresetReviews.Limits.commentCharacters), nullable: true)
        var names: [JSONValue]?
        if asking || !probing {
            let schema = SchemaObject(type: "array", minItems: 1, maxItems: PresetReviews.Limits.reviewers, items: JSONSchema.text(1...200, pattern: "^\\S(.*\\S)?$"))
            names = try members.member("reviewers", [JSONValue].self, "must be a list of names", schema: schema.json, required: asking, nullable: true)
        }
        acknowledgeReadability = try members.member("acknowledgeReadability", Bool.self, "must be true or false", schema: JSONSchema.boolean, nullable: true) ?? false
        acknowledgeHonesty = try members.member("acknowledgeHonesty", Bool.self, "must be true or false", schema: JSONSchema.boolean, nullable: true) ?? false
        revision = try HistoryRoutes.revisionNumber(revisionValue, field: "revision")
        guard let decision = decisionText.flatMap(PresetReviews.Decision.init(rawValue:)) else { throw KeyedDecodingContainer.refusal("decision", expected) }
        self.decision = decision
        if let commentText {
            guard commentText.count <= PresetReviews.Limits.commentCharacters, commentText.utf8.count <= PresetReviews.Limits.commentBytes else {
                throw KeyedDecodingContainer.refusal("comment", "must be at most \(PresetReviews.Limits.commentCharacters) characters")
            }
            comment = commentText
        }
        if let names {
            guard names.count <= PresetReviews.Limits.reviewers else { throw KeyedDecodingContainer.refusal("reviewers", "names at most \(PresetReviews.Limits.reviewers) people") }
            for value in names {
                guard case .string(let text) = value, case let person = text.trimmingCharacters(in: .whitespacesAndNewlines), !person.isEmpty,
                      person.utf8.count <= PresetReviews.Limits.reviewerBytes else {
                    throw KeyedDecodingContainer.refusal("reviewers", "must be a list of names (1–\(PresetReviews.Limits.reviewerBytes) bytes each)")
                }
                if !reviewers.contains(person) { reviewers.append(person) }
            }
        }
    }

    /// The document's first alternative: approve or request changes, naming nobody.
    private struct Verdict: Decodable {
        init(from decoder: any Decoder) throws { _ = try ReviewRequest(from: decoder, decisions: [.approve, .requestChanges], asking: false) }
    }

    /// The second: ask the people named to review the revision.
    private struct Ask: Decodable {
        init(from decoder: any Decoder) throws { _ = try ReviewRequest(from: decoder, decisions: [.requestReview], asking: true) }
    }
}
