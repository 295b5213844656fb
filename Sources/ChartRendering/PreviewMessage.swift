import ChartEngine
import WorkbenchSupport

/// One message of a render socket: a chart request, and how this frame of it is drawn.
///
/// - `again: true` repeats the chart's previous request with only the members sent changed
///   (null removes one): a transition's frames differ only in time and finger.
/// - `motion` ("press", "release", "follow"; "period" with `from`, "live" with `since`,
///   "reveal") with `time` (seconds on the page's clock) draws that motion's frame then; with
///   `at` instead, its frame held at that eased progress (the motion inspector's scrubber).
/// - `base`: the number of the frame the chart shows now, so the answer may be a patch from it.
package struct PreviewMessage: Decodable, Sendable {
    package static let ownMembers: Set<String> = ["requestId", "again", "motion", "time", "base", "from", "since", "at"]
    package static let timeRange = 0.0...1e9
    package static let baseRange = 0.0...Double(Int32.max)
    package static let sinceRange = -1e15...1e15

    package var request: ChartRequest
    package var again = false
    package var motion: String?
    package var time: Double?
    package var base: Double?
    package var from: String?
    package var since: Double?
    package var at: Double?

    package init(request: ChartRequest) { self.request = request }

    package init(from decoder: any Decoder) throws {
        let members = try decoder.container(keyedBy: AnyCodingKey.self)
        again = try members.flag("again") ?? false
        motion = try members.text("motion")
        time = try members.number("time", in: Self.timeRange)
        base = try members.number("base", in: Self.baseRange)
        from = try members.text("from")
        since = try members.number("since", in: Self.sinceRange)
        at = try members.number("at", in: ChartDrawing.progressRange)
        request = try ChartRequest(from: decoder, ignoring: Self.ownMembers, fields: Set(ChartRequest.Field.allCases))
    }
}
