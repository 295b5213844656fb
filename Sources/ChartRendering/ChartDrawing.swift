import ChartEngine
import Foundation

/// What to draw, resolved: the style over its base and the view, every field with its value.
/// A `ChartRequest` says what differs from the defaults; this is what the engine is given.
package struct ChartDrawing: Sendable {
    package var style = ChartStyle()
    package var width = 390.0
    package var height = 240.0
    package var period = Period.year
    package var progress = 0.0
    package var selection: Double?
    package var idPrefix = "cw"
    /// The viewer's time zone, for the label's time.
    package var timeZone = TimeZone(secondsFromGMT: 0)!
    /// The viewer asks for reduced motion: the preset's reduced variant plays (a crossfade or a jump).
    package var reducedMotion = false
    /// The market drawn (a scenario's name): a view setting like the period; nil: the loaded series.
    package var scenario: String?

    package static let widthRange = 80.0...4000.0
    package static let heightRange = 60.0...3000.0
    /// Springs overshoot: a frame may be drawn beyond either state (the engine's bound).
    package static let progressRange = ChartState.progressRange
    package static let selectionRange = 0.0...1.0

    package init(style: ChartStyle = ChartStyle()) { self.style = style }

    package var state: ChartState { ChartState(progress: progress, selection: selection) }

    package func document(data: IndexedSeries) -> ChartDocument {
        let model = ChartModel(data: data, period: period, style: style, width: width, height: height)
        let zone = timeZone
        return ChartDocument(model: model, style: style, idPrefix: idPrefix, reducedMotion: reducedMotion,
                             utcOffset: { zone.secondsFromGMT(for: Date(timeIntervalSince1970: $0.isFinite ? $0 : 0)) })
    }

    package func svg(data: IndexedSeries) -> String { document(data: data).svg(state: state) }
}
