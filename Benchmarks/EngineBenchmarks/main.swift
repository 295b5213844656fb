// Engine benchmarks (release build): medians of repeated runs, printed as a table and as JSON
// lines for Benchmarks/baselines.py, which compares them with baselines measured in the same run.
import ChartEngine
import Decimation
import Foundation

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

/// Milliseconds of each of `runs` calls of `body` (after one warm-up call).
func measure(runs: Int, warmUp: Bool = true, _ body: () -> Void) -> [Double] {
    if warmUp { body() }
    let clock = ContinuousClock()
    return (0..<runs).map { _ in
        let elapsed = clock.measure(body)
        return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
    }
}

func report(_ name: String, _ times: [Double], note: String = "") {
    let m = median(times)
    print(String(format: "%-52@ median %9.3f ms  (min %8.3f, %d runs) %@", name as NSString, m, times.min()!, times.count, note as NSString))
    print("JSON {\"name\": \"\(name)\", \"median_ms\": \(m), \"min_ms\": \(times.min()!), \"runs\": \(times.count)}")
}

func residentBytes() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
        return (Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0) * 1024
    }
    return 0
}

// Random walks, the shape of prices.
func walk(_ n: Int, start: Double = 30_000) -> [Double] {
    var v = start
    return (0..<n).map { _ in v += Double.random(in: -50...50); return v }
}

print("Chart Workbench engine benchmarks (release)\n")

// 1. Path text for 1,000,000 points at 3 digits.
let million = 1_000_000
let xs = (0..<million).map { Double($0) * 0.39 }
let ys = walk(million).map { 240 - ($0 - 29_000) / 20 }
for name in [CurveName.linear, .monotone, .catmullRom] {
    var length = 0
    let times = measure(runs: 7) { length = Curve(name).pathText(xs: xs, ys: ys, digits: 3).utf8.count }
    report("path \(name.rawValue) 1M points, 3 digits", times, note: "\(length / 1_000_000) MB of path text")
}

// 2. Decimation of 5,256,000 points to 1,000.
let tenYearsOfMinutes = 5_256_000
let bigX = (0..<tenYearsOfMinutes).map(Double.init)
let bigY = walk(tenYearsOfMinutes)
report("LTTB 5,256,000 → 1,000", measure(runs: 9) { _ = LTTB.indices(xs: bigX, ys: bigY, threshold: 1000) })
report("min/max 5,256,000 → 1,000 (scan)", measure(runs: 9) { _ = MinMaxDecimation.indices(ys: bigY, threshold: 1000) })

// 3. A full chart of one year of hourly prices at 390×240.
let hours = 8760
let hourly = IndexedSeries(PriceSeries(times: (0..<hours).map { 1_700_000_000 + Int64($0) * 3600 }, prices: walk(hours)))
let style = ChartStyle()
report("full chart 1Y hourly (8,760 points) 390×240", measure(runs: 51) {
    let model = ChartModel(data: hourly, period: .year, style: style, width: 390, height: 240)
    _ = ChartDocument(model: model, style: style).svg(state: .inactive)
})
report("active frame with selection, same chart", measure(runs: 51) {
    let model = ChartModel(data: hourly, period: .year, style: style, width: 390, height: 240)
    _ = ChartDocument(model: model, style: style).svg(state: ChartState(progress: 0.5, selection: 0.6))
})

// 4. The ALL window of ten years of minutes.
let rssBefore = residentBytes()
let series = SyntheticPrices.tenYears.generate()
let generated = residentBytes()
var indexed: IndexedSeries?
let firstRender = measure(runs: 1, warmUp: false) {
    let data = IndexedSeries(series)
    let model = ChartModel(data: data, period: .all, style: style, width: 390, height: 240)
    _ = ChartDocument(model: model, style: style).svg(state: .inactive)
    indexed = data
}
report("ALL of 10y minutes (5,256,000): first render", firstRender, note: "builds the index")
report("ALL of 10y minutes: later renders", measure(runs: 51) {
    let model = ChartModel(data: indexed!, period: .all, style: style, width: 390, height: 240)
    _ = ChartDocument(model: model, style: style).svg(state: .inactive)
})
var dense = style
dense.pointCount = 2000
report("ALL of 10y minutes, pointCount 2000 at 1440 px: later renders", measure(runs: 51) {
    let model = ChartModel(data: indexed!, period: .all, style: dense, width: 1440, height: 240)
    _ = ChartDocument(model: model, style: dense).svg(state: ChartState(progress: 0.5, selection: 0.5))
})
report("1D window of the same series", measure(runs: 51) {
    let model = ChartModel(data: indexed!, period: .day, style: style, width: 390, height: 240)
    _ = ChartDocument(model: model, style: style).svg(state: ChartState(progress: 1, selection: 0.5))
})
report("generate the built-in 10-year series", measure(runs: 3, warmUp: false) { _ = SyntheticPrices.tenYears.generate() })

let perPoint = indexed!.residentBytesPerPoint
let rssPerPoint = Double(generated - rssBefore) / Double(series.count)
print(String(format: "\nresident bytes per point: %.2f (arrays + index), RSS growth while generating %.2f", perPoint, rssPerPoint))
print("JSON {\"name\": \"bytes per point\", \"value\": \(perPoint)}")
