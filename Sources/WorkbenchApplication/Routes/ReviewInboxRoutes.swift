import Foundation
import HTTPServer
import WorkbenchStores
import WorkbenchSupport

/// A person's review inbox: the reviews waiting for them ("Waiting for your review") and the
/// answers to revisions they saved (approved, changes requested), kept until they mark them read.
/// Both are read from the workbench database, so they survive a restart.
struct ReviewInboxRoutes: AppRouteGroup {
    let app: AppServices

    func addRoutes(to r: inout Router) {
        r.get("/api/reviews/inbox", "Your review inbox (the person whose secret signs the request): waiting (reviews asked of you, not answered, newest first) and notices (approvals and change requests of your revisions, unread, newest first)",
              answers: [.json("waiting and notices", ReviewInboxAnswer.self)], errors: [401]) { try inbox($0) }
        r.post("/api/reviews/inbox/read", "Marks your inbox's notices read up to a review id ({\"upTo\": id})",
               schema: RequestSchema.of(MarkReadRequest.self).body(),
               answers: [.json("the inbox after it", ReviewInboxAnswer.self)], errors: [401]) { try markRead($0) }
    }

    private func person(_ request: RequestContext) throws(HTTPError) -> String {
        guard request.author.isPerson else {
            throw HTTPError(401, "person_required", "the inbox is a person's: send your secret", field: "X-Workbench-Secret")
        }
        return request.author.user
    }

    func inbox(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        let me = try person(request)
        do {
            let inbox = try app.presets.reviewInbox(for: me)
            return .answer(ReviewInboxAnswer(waiting: inbox.waiting, notices: inbox.notices))
        } catch {
            throw HTTPError(500, "inbox_failed", "the review inbox cannot be read: \(error)")
        }
    }

    func markRead(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        let me = try person(request)
        let upTo = try request.decodeBody(MarkReadRequest.self).upTo
        do { try app.presets.markReviewNoticesRead(for: me, upTo: upTo) } catch {
            throw HTTPError(500, "inbox_failed", "the review inbox cannot be written: \(error)")
        }
        return try inbox(request)
    }
}

/// `GET /api/reviews/inbox`.
struct ReviewInboxAnswer: Encodable {
    let waiting: [PresetReviews.Waiting]
    let notices: [PresetReviews.Notice]
}

extension ReviewInboxAnswer: DocumentedAnswer {
    static var example: ReviewInboxAnswer {
        ReviewInboxAnswer(waiting: [], notices: [])
    }
}
