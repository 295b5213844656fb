import WorkbenchSupport
import HTTPServer
import WorkbenchStores
import WorkbenchExports
import PriceData
/// Publishes what a successful response announces, signed with who caused it, so handlers
/// neither look up the author nor talk to the hub themselves.
package struct EventPublisher: Middleware {
    package let events: EventHub

    package func respond(to context: RequestContext, next: Responder) throws -> HTTPResponse {
        var response = try next(context)
        if let announcement = response.announcement {
            response.announcement = nil
            if response.status < 300 {
                events.publish(announcement.event, .object(announcement.fields + [("user", .string(context.author.user)),
                                                                                  ("client", .string(Presence.alias(context.author.client)))]))
            }
        }
        return response
    }
}

/// A route group whose answers announce events: its one middleware publishes them.
protocol PublishingEvents: AppRouteGroup {}

extension PublishingEvents {
    var middlewares: [any Middleware] { [EventPublisher(events: app.events)] }
}
