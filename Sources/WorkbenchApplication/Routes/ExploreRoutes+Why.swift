import ChartEngine
import ChartRendering
import Foundation
import PriceData
import PreferenceLearning
import WorkbenchStores
import WorkbenchSupport

/// Why this pair, why this best (issue #38): the model's importance at the best and what a
/// proposal tests, in the words of the parameter definitions (labels, option labels, units).
extension ExploreRoutes {
    /// A share of the top spread below which a parameter "barely matters".
    static let barely = 0.15
    /// A share of the top spread from which a parameter is named next ("then …").
    static let next = 0.5
    /// A share of the top spread from which parameters matter alike: none is said to matter most
    /// (a walk read "Top opacity matters most (±0.41 …)" beside ±0.40 and ±0.39).
    static let alike = 0.9

    /// Each moving parameter's importance at the best (`ranked`, the model's; `best`, the best's
    /// style as the answer says it), most first, and the sentence that says it.
    static func importance(_ round: Exploration, _ ranked: [ParameterImportance], best: ChartStyle) -> (importance: [ExploreImportanceAnswer], why: String) {
        let answers = ranked.compactMap { item -> ExploreImportanceAnswer? in
            guard let definition = ParameterDefinition.named(item.key) else { return nil }
            let liked = definition.value(in: clean(round.style(at: item.likedMost)))
            // The best is chosen with caution, and this reading is another fit: where they differ,
            // the sentence says so instead of seeming to contradict the best beside it.
            let kept = definition.value(in: best)
            let keeps = kept == liked ? "" : " (the best keeps \(ChangeWords.withUnit(kept, definition)) until the answers are surer)"
            return ExploreImportanceAnswer(parameter: item.key, label: definition.standaloneLabel, spread: rounded(item.spread), lengthscale: rounded(item.lengthscale),
                                           likedMost: liked.json,
                                           text: "\(definition.standaloneLabel) ±\(half(item.spread)), liked most at \(ChangeWords.withUnit(liked, definition))\(keeps)")
        }
        return (answers, why(answers))
    }

    /// "Line width matters most (±0.80 of the team's liking across its range), then curve; fill
    /// barely matters.", or "Line width and curve matter about equally (±0.74 to ±0.80 …)".
    static func why(_ ranked: [ExploreImportanceAnswer]) -> String {
        guard let top = ranked.first else { return "" }
        guard top.spread >= 0.1 else { return "Nothing matters clearly yet: no one parameter moves the team's liking by more than ±0.05 around the best." }
        let scale = "(±\(half(top.spread)) of the team's liking across its range)"
        guard ranked.count > 1 else { return "\(top.label) matters \(scale)." }
        let leaders = ranked.prefix { $0.spread >= alike * top.spread }
        let rest = ranked.dropFirst(leaders.count)
        let then = rest.prefix(2).filter { $0.spread >= next * top.spread }.map { ParameterDefinition.inSentence($0.label) }
        let barelyNamed = rest.filter { $0.spread < barely * top.spread }.map { ParameterDefinition.inSentence($0.label) }
        var sentence = "\(top.label) matters most \(scale)"
        if leaders.count > 1, let last = leaders.last {
            let names = [top.label] + leaders.dropFirst().map { ParameterDefinition.inSentence($0.label) }
            sentence = "\(listed(names, "and")) matter about equally (±\(half(last.spread)) to ±\(half(top.spread)) of the team's liking across their ranges)"
        }
        if !then.isEmpty { sentence += ", then " + listed(then, "and") }
        if !barelyNamed.isEmpty {
            let named = barelyNamed.count > 3 ? Array(barelyNamed.prefix(2)) + ["\(barelyNamed.count - 2) others"] : barelyNamed
            sentence += "; " + listed(named, "and") + (barelyNamed.count == 1 ? " barely matters" : " barely matter")
        }
        return sentence + "."
    }

    /// What the candidates at `points` test, weighted by the importance at the best; where each
    /// tested difference shows, drawn on `series` (a parameter of the pressed state looks the
    /// same at rest, so the words say to press).
    static func testing(_ round: Exploration, _ points: [[Double]], series: IndexedSeries) -> ExploreTestingAnswer {
        let adapter = round.adapter
        let result = adapter.testing(points, importance: adapter.importance(of: round.model))
        let styles = points.map { clean(round.style(at: $0)) }
        let tested = result.tested.compactMap { item -> ExploreTestingAnswer.Tested? in
            guard let definition = ParameterDefinition.named(item.key) else { return nil }
            let values = styles.map { definition.value(in: $0) }
            var distinct = values.firstOccurrences
            if distinct.count > 2 {
                distinct.sort { a, b in if case .number(let x) = a, case .number(let y) = b { x < y } else { false } }
            }
            let words = distinct.map { ChangeWords.withUnit($0, definition) }
            let seen = seen(definition.key, in: styles, series: series)
            // A line's 21 stops or a gallery's nine are said by their ends past four values.
            let said = words.count == 2 ? "\(words[0]) vs \(words[1])"
                : words.count > 4 ? "\(words.count) values from \(words[0]) to \(words[words.count - 1])" : listed(words, "or")
            let shown = said + (seen.words.map { ", " + $0 } ?? "")
            return .init(parameter: item.key, label: definition.standaloneLabel, difference: rounded(item.difference), seen: seen.rawValue,
                         text: "\(ParameterDefinition.inSentence(definition.standaloneLabel)) (\(shown))")
        }
        let subject = points.count > 2 ? "These \(points.count == 4 ? "four" : "\(points.count)") test" : "This pair tests"
        guard !tested.isEmpty else { return .init(parameters: [], text: "The candidates are alike.") }
        var text = "\(subject) \(listed(tested.map(\.text), "and"))"
        if !result.others.isEmpty {
            // Named while few: a wide difference the model weighs little is still plain to see.
            let labels = result.others.compactMap { ParameterDefinition.named($0).map { ParameterDefinition.inSentence($0.standaloneLabel) } }
            text += result.others.count == 1 ? "; \(labels.joined()) also differs but counts for less"
                : result.others.count == 2 ? "; \(listed(labels, "and")) also differ but count for less"
                : "; \(result.others.count) more differ but count for less"
        } else if tested.count < round.keys.count {
            text += "; the rest is close"
        }
        text += "."
        let press = [Seen.pressed.rawValue, Seen.pressing.rawValue]
        // Only when the charts look alike at rest: what counts for less can differ there too.
        if !tested.contains(where: { $0.seen == Seen.rest.rawValue }) && tested.contains(where: { press.contains($0.seen) })
            && !result.others.contains(where: { seen($0, in: styles, series: series) == .rest }) {
            text += points.count > 2 ? " Press and hold any chart to see the difference." : " Press and hold either chart to see the difference."
        }
        return .init(parameters: tested, text: text)
    }

    /// Where a difference in one parameter shows on the chart.
    enum Seen: String {
        /// At rest, as the candidates first appear.
        case rest
        /// Only in the pressed state (the active line's width, curve and colours).
        case pressed
        /// Only while the chart moves into the pressed state (its duration and easing).
        case pressing
        /// Nowhere these candidates show (e.g. a smoothing window while smoothing is off).
        case nowhere

        var words: String? {
            switch self {
            case .rest: nil
            case .pressed: "seen while pressed"
            case .pressing: "seen as the press animates"
            case .nowhere: "not seen at rest or pressed"
            }
        }
    }

    /// Where `key`'s values in `styles` differ on the chart: each style beside itself with the
    /// next style's value of `key` (the other parameters held, so only this one's difference
    /// shows; each style in turn, as another may decide whether it applies), drawn at rest, then
    /// pressed, then the press's motion compared.
    static func seen(_ key: String, in styles: [ChartStyle], series: IndexedSeries) -> Seen {
        guard let definition = ParameterDefinition.named(key) else { return .rest }
        let changes = styles.indices.compactMap { i -> (ChartStyle, ChartStyle)? in
            var style = styles[i]
            guard (try? style.set(key, definition.value(in: styles[(i + 1) % styles.count]))) != nil, style != styles[i] else { return nil }
            return (styles[i], style)
        }
        // A change's two documents, made when first drawn and drawn again pressed (a document is
        // its series cut to the period and laid out, the dear part; a state only draws it).
        var documents: [Int: (ChartDocument, ChartDocument)] = [:]
        func differs(_ c: Int, _ state: ChartState) -> Bool {
            let (before, after) = documents[c] ?? (ChartDrawing(style: changes[c].0).document(data: series), ChartDrawing(style: changes[c].1).document(data: series))
            documents[c] = (before, after)
            return before.scene(state: state) != after.scene(state: state)
        }
        let pressed = ChartState(progress: 1, selection: 0.62)
        if changes.indices.contains(where: { differs($0, .inactive) }) { return .rest }
        if changes.indices.contains(where: { differs($0, pressed) }) { return .pressed }
        // The press's progress over time: its length and its easing's curve.
        func motion(_ style: ChartStyle) -> [Double] {
            let easing = style.easingFunction
            return [style.transitionDuration] + stride(from: 0.05, through: 1, by: 0.05).map { (easing($0) * 1e6).rounded() }
        }
        return changes.contains { motion($0.0) != motion($0.1) } ? .pressing : .nowhere
    }

    /// "a", "a and b", "a, b and c".
    static func listed(_ items: [String], _ conjunction: String) -> String {
        items.count <= 2 ? items.joined(separator: " \(conjunction) ") : items.dropLast().joined(separator: ", ") + " \(conjunction) " + items.last!
    }

    /// Half a spread, as "±" shows it: two decimals.
    static func half(_ spread: Double) -> String { String(format: "%.2f", spread / 2) }

    /// A model number to a millionth (the fit's float noise is not information).
    static func rounded(_ x: Double) -> Double { (x * 1e6).rounded() / 1e6 }
}
