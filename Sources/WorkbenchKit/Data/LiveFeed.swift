import ChartEngine
import Foundation
import Synchronization

/// Appends a new price every few seconds, continuing the series at its own spacing with
/// Bitcoin-like moves, and tells every page through the event stream.
final class LiveFeed: Sendable {
    private let data: DataStore
    private let events: EventHub
    let interval: Double
    private let running = Mutex<DispatchSourceTimer?>(nil)

    init(data: DataStore, events: EventHub, interval: Double) {
        self.data = data
        self.events = events
        self.interval = interval
    }

    var isRunning: Bool { running.withLock { $0 != nil } }

    /// `user` and `client` name who switched it, for everyone's pages.
    func start(user: String = "", client: String = "") {
        running.withLock { timer in
            guard timer == nil else { return }
            let source = DispatchSource.makeTimerSource(queue: .global())
            source.schedule(deadline: .now() + interval, repeating: interval)
            source.setEventHandler { [weak self] in self?.tick() }
            source.resume()
            timer = source
        }
        events.publish("live", .object([("enabled", .bool(true)), ("user", .string(user)), ("client", .string(client))]))
    }

    func stop(user: String = "", client: String = "") {
        let wasRunning = running.withLock { timer -> Bool in
            guard let source = timer else { return false }
            source.cancel()
            timer = nil
            return true
        }
        if wasRunning { events.publish("live", .object([("enabled", .bool(false)), ("user", .string(user)), ("client", .string(client))])) }
    }

    /// One new point after the last, one typical spacing later.
    func tick() {
        let series = data.snapshot.data.series
        guard let lastTime = series.times.last, let lastPrice = series.prices.last(where: \.isFinite) else { return }
        let n = series.count
        let step = n >= 2 ? Swift.max(1, series.times[n - 1] - series.times[n - 2]) : 60
        let u1 = Double.random(in: Double.ulpOfOne..<1), u2 = Double.random(in: 0..<1)
        let z = (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2)
        let volatility = 0.65 * (Double(step) / 31_536_000).squareRoot()
        let price = ((lastPrice * exp(volatility * z)) * 100).rounded() / 100
        let time = lastTime + step
        data.append(times: [time], prices: [price])
        events.publish("data", .object([("action", .string("appended")), ("points", .array([.array([.number(Double(time)), .number(price)])])),
                                        ("summary", data.snapshot.summary)]))
    }
}
