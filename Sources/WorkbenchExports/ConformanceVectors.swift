import WorkbenchSupport
import WorkbenchStores
import ChartEngine

/// `vectors.json` (`chart-workbench.vectors` v2): the expected output of `workbench frame` (the
/// line and fill paths, and the whole scene, docs/scene.md) and `workbench ease` for the preset
/// on inputs that cover gaps, spikes, plateaus, tiny inputs and a long series, at progress
/// values covering a press, a release from mid-way and a spring's overshoot and undershoot, at
/// selections 0, 0.37 and 1 and two sizes, and the other motions frame by frame
/// (`motions`, ConformanceVectors+Motions.swift). A platform team runs its own implementation over
/// these cases to prove it draws the same chart, pressed and moving.
package enum ConformanceVectors {
    package static let progressValues: [Double] = [0, 0.25, 0.5, 0.75, 1, 1.1]
    package static let easingSamples = 41
    package static let selections: [Double] = [0, 0.37, 1]
    /// The second size, for the inputs small enough to repeat.
    package static let wideSize = (width: 1440.0, height: 300.0)
    /// Inputs up to this many points get scene cases (a scene repeats its paths per primitive).
    package static let sceneInputLimit = 60

    /// Named progress values of the preset's own motion: a press sampled on the way in, a
    /// release that starts mid-way (so it turns back with the velocity it has), and a spring's
    /// overshoot past 1 and undershoot past 0 (fixed values when the preset's easing has none).
    package static func motionProgress(style: ChartStyle) -> [(name: String, progress: Double)] {
        let duration = Swift.max(style.transitionDuration, 0.01)
        let press = TransitionMotion.resting(at: 0).retargeted(to: 1, at: 0, style: style)
        let release = press.retargeted(to: 0, at: duration * 0.4, style: style)
        let samples = (0...200).map { Double($0) / 200 * duration * 1.5 }
        let pressed = samples.map { press.state(at: $0).progress }
        let released = samples.map { release.state(at: duration * 0.4 + $0).progress }
        let overshoot = Swift.max(pressed.max() ?? 1, 1) > 1 ? pressed.max()! : 1.12
        let undershoot = Swift.min(released.min() ?? 0, 0) < 0 ? released.min()! : -0.08
        return [("press at 30 %", press.state(at: duration * 0.3).progress),
                ("release from mid-way, 20 % later", release.state(at: duration * 0.6).progress),
                ("overshoot", overshoot), ("undershoot", undershoot)]
    }

    package struct Input {
        package let name: String
        package let points: [(Double, Double?)]
    }

    /// Deterministic inputs (a fixed linear congruential generator, so the file is reproducible).
    package static var inputs: [Input] {
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

    package static func model(style: ChartStyle, points: [(Double, Double?)], width: Double, height: Double) -> ChartModel {
        // Exactly `workbench frame`: the whole pipeline over the points as the ALL period.
        let series = PriceSeries(times: points.map { Int64($0.0) }, prices: points.map { $0.1 ?? .nan })
        return ChartModel(series: series, period: .all, style: style, width: width, height: height)
    }

    package static func json(for preset: Preset, width: Double = 390, height: Double = 240) -> JSONValue {
        JSONValueEncoder.encode(document(for: preset, width: width, height: height))
    }

    static func document(for preset: Preset, width: Double, height: Double) -> Document {
        let style = preset.style
        var cases: [StillCase] = []
        let build = ChartSceneBuilder(style: style)
        let reducedBuild = ChartSceneBuilder(style: style, reducedMotion: true)
        func add(_ name: String, _ input: Input, width: Double, height: Double, progress: Double, selection: Double?, reducedMotion: Bool = false) {
            let model = model(style: style, points: input.points, width: width, height: height)
            let geometry = LineGeometry(model: model, style: style, progress: progress, digits: nil)
            let scene = input.points.count <= sceneInputLimit
                ? SceneJSON.value((reducedMotion ? reducedBuild : build)(model, ChartState(progress: progress, selection: selection))) : nil
            cases.append(StillCase(name: name, width: width, height: height, points: input.points.map(PricePoint.init), progress: progress,
                                   selection: selection, line: geometry.line, fill: style.fillEnabled ? geometry.fill : "",
                                   reducedMotion: reducedMotion, scene: scene))
        }
        let motion = motionProgress(style: style)
        for input in inputs {
            for progress in progressValues {
                add("\(input.name) at \(NumberText.shortest(progress))", input, width: width, height: height, progress: progress, selection: nil)
            }
            guard input.points.count <= sceneInputLimit else { continue }
            for size in [(width, height), wideSize] where size == (width, height) || input.points.count >= 30 {
                let sizeName = size == (width, height) ? "" : " at \(NumberText.shortest(size.0))×\(NumberText.shortest(size.1))"
                for selection in selections {
                    for (motionName, progress) in motion where selection == 0.37 || motionName == "overshoot" {
                        add("\(input.name), \(motionName), selection \(NumberText.shortest(selection))\(sizeName)", input,
                            width: size.0, height: size.1, progress: progress, selection: selection)
                    }
                    add("\(input.name), pressed, selection \(NumberText.shortest(selection))\(sizeName)", input,
                        width: size.0, height: size.1, progress: 1, selection: selection)
                }
            }
        }
        // Reduced motion: the crossfade (or jump) of `reducedMotionStyle` between the states, no morph.
        for input in inputs.filter({ (3...sceneInputLimit).contains($0.points.count) }).prefix(2) {
            for progress in [0, 0.25, 0.5, 1] {
                add("\(input.name), reduced motion at \(NumberText.shortest(progress)), selection 0.37", input, width: width, height: height,
                    progress: progress, selection: 0.37, reducedMotion: true)
            }
        }
        let easing = style.easingFunction
        let ts = (0..<easingSamples).map { Double($0) / Double(easingSamples - 1) }
        return Document(preset: JSONValueEncoder.encode(preset), cases: cases, easing: .init(t: ts, progress: ts.map { easing($0) }),
                        motions: motionCases(style: style, width: width, height: height))
    }
}
