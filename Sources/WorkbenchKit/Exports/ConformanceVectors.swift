import ChartEngine

/// `vectors.json` (`chart-workbench.vectors` v1): the expected output of `workbench frame` and
/// `workbench ease` for the preset on inputs that cover gaps, spikes, plateaus, tiny inputs and
/// a long series, at several progress values including a spring overshoot. A platform team runs
/// its own implementation over these cases to prove it draws the same chart.
enum ConformanceVectors {
    static let progressValues: [Double] = [0, 0.25, 0.5, 0.75, 1, 1.1]
    static let easingSamples = 41

    struct Input {
        let name: String
        let points: [(Double, Double?)]
    }

    /// Deterministic inputs (a fixed linear congruential generator, so the file is reproducible).
    static var inputs: [Input] {
        var seed: UInt64 = 0x5EED
        func random() -> Double {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Double(seed >> 11) / Double(1 << 53)
        }
        let t0 = 1_700_000_000.0
        func walk(_ count: Int, step: Double = 60) -> [(Double, Double?)] {
            var price = 37_000.0
            return (0..<count).map { i in price += (random() - 0.5) * 400; return (t0 + Double(i) * step, price) }
        }
        var gaps = walk(60)
        for i in [10, 11, 12, 30, 45] { gaps[i].1 = nil }
        var spikes = walk(40)
        spikes[13].1 = (spikes[13].1 ?? 0) * 1.3
        spikes[27].1 = (spikes[27].1 ?? 0) * 0.7
        var plateau: [(Double, Double?)] = []
        for i in 0..<30 {
            let price: Double = i < 10 ? 100 : (i < 20 ? 120 : 120 - Double(i - 20))
            plateau.append((t0 + Double(i) * 60, price))
        }
        let flat: [(Double, Double?)] = (0..<5).map { i in (t0 + Double(i) * 60, 42) }
        return [
            Input(name: "empty", points: []),
            Input(name: "one point", points: [(t0, 36_000)]),
            Input(name: "two points", points: [(t0, 36_000), (t0 + 60, 36_500)]),
            Input(name: "three points", points: [(t0, 36_000), (t0 + 60, 35_800), (t0 + 120, 36_900)]),
            Input(name: "gaps", points: gaps),
            Input(name: "spikes", points: spikes),
            Input(name: "plateaus", points: plateau),
            Input(name: "flat", points: flat),
            Input(name: "long series", points: walk(1000)),
            Input(name: "long series with a hole", points: walk(300) + walk(300).map { ($0.0 + 86_400, $0.1) }),
        ]
    }

    static func frame(style: ChartStyle, points: [(Double, Double?)], width: Double, height: Double, progress: Double) -> (line: String, fill: String) {
        // Exactly `workbench frame`: the whole pipeline over the points as the ALL period.
        let series = PriceSeries(times: points.map { Int64($0.0) }, prices: points.map { $0.1 ?? .nan })
        let model = ChartModel(series: series, period: .all, style: style, width: width, height: height)
        let geometry = LineGeometry(model: model, style: style, progress: progress, digits: nil)
        return (geometry.line, style.fillEnabled ? geometry.fill : "")
    }

    static func json(for preset: Preset, width: Double = 390, height: Double = 240) -> JSONValue {
        var cases: [JSONValue] = []
        for input in inputs {
            for progress in progressValues {
                let (line, fill) = frame(style: preset.style, points: input.points, width: width, height: height, progress: progress)
                cases.append(.object([
                    ("name", .string("\(input.name) at \(NumberText.shortest(progress))")),
                    ("width", .number(width)), ("height", .number(height)),
                    ("points", .array(input.points.map { .array([.number($0.0), $0.1.map(JSONValue.number) ?? .null]) })),
                    ("progress", .number(progress)),
                    ("line", .string(line)), ("fill", .string(fill)),
                ]))
            }
        }
        let easing = preset.style.easingFunction
        let ts = (0..<easingSamples).map { Double($0) / Double(easingSamples - 1) }
        return .object([
            ("format", .string("chart-workbench.vectors")), ("version", .number(1)),
            ("preset", preset.json),
            ("cases", .array(cases)),
            ("easing", .object([("t", .array(ts.map(JSONValue.number))), ("progress", .array(ts.map { .number(easing($0)) }))])),
        ])
    }
}
