import PriceData
import HTTPServer
import WorkbenchSupport
import ChartEngine
import Foundation
import Synchronization

/// Appends a new price every `interval` seconds and tells every page through the event stream.
/// Each tick is one minute of market time: minute data gets its next minute; coarser data
/// (hours, days) gets minute ticks inside its current bucket instead of a whole new day. A
/// tick moves the price as the data itself moves, scaled by √time (`TickModel`).
package final class LiveFeed: Sendable {
    private let data: DataStore
    private let events: EventHub
    package let interval: Double
    private let running = Mutex<DispatchSourceTimer?>(nil)
    /// When the feed last gave a price (or started), on the system's uptime clock; nil while off.
    private let lastPriceAt = Mutex<Double?>(nil)
    /// The model of the data the ticks continue, and which data that was (source and first time).
    private let model = Mutex<(source: String, first: Int64, model: TickModel)?>(nil)

    package init(data: DataStore, events: EventHub, interval: Double) {
        self.data = data
        self.events = events
        self.interval = interval
    }

    package var isRunning: Bool { running.withLock { $0 != nil } }

    /// Seconds since the feed's last price (or its start) while it runs; nil while it is off:
    /// prices that are not live are never stale (the outage state, `Outage`).
    package var secondsSinceLastPrice: Double? {
        lastPriceAt.withLock { at in at.map { Swift.max(0, ProcessInfo.processInfo.systemUptime - $0) } }
    }

    /// `user` and `client` name who switched it, for everyone's pages.
    package func start(user: String = "", client: String = "") {
        running.withLock { timer in
            guard timer == nil else { return }
            let source = DispatchSource.makeTimerSource(queue: .global())
            source.schedule(deadline: .now() + interval, repeating: interval)
            source.setEventHandler { [weak self] in self?.tick() }
            source.resume()
            timer = source
            lastPriceAt.withLock { $0 = ProcessInfo.processInfo.systemUptime }
        }
        events.publish("live", JSONValueEncoder.encode(Joined(LiveAnswer(enabled: true), CausedBy(user: user, client: client))))
    }

    package func stop(user: String = "", client: String = "") {
        let wasRunning = running.withLock { timer -> Bool in
            guard let source = timer else { return false }
            source.cancel()
            timer = nil
            lastPriceAt.withLock { $0 = nil }
            return true
        }
        if wasRunning { events.publish("live", JSONValueEncoder.encode(Joined(LiveAnswer(enabled: false), CausedBy(user: user, client: client)))) }
    }

    /// One minute (or the data's own finer spacing) after the last point, moved by that much
    /// time's volatility.
    package func tick() {
        let snapshot = data.snapshot
        let series = snapshot.data.series
        guard let lastTime = series.times.last, let first = series.times.first,
              let lastPrice = series.prices.last(where: \.isFinite) else { return }
        let tickModel = model.withLock { current -> TickModel in
            // Ticks are appended to the series: the model is read once per loaded data, before them.
            if let current, current.source == snapshot.source, current.first == first { return current.model }
            let fresh = TickModel(series)
            current = (snapshot.source, first, fresh)
            return fresh
        }
        let u1 = Double.random(in: Double.ulpOfOne..<1), u2 = Double.random(in: 0..<1)
        let z = (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2)
        let price = ((lastPrice * exp(tickModel.tickVolatility * z)) * 100).rounded() / 100
        let time = lastTime + tickModel.tickSeconds
        data.append(times: [time], prices: [price])
        lastPriceAt.withLock { if $0 != nil { $0 = ProcessInfo.processInfo.systemUptime } }
        events.publish("data", JSONValueEncoder.encode(DataAppendedEvent(points: [[Double(time), price]], summary: data.snapshot.summary)))
    }
}

/// How live ticks continue a series: its spacing, and the volatility of its recent returns
/// (a robust estimate from the last few hundred steps) scaled to the tick's length by √time.
package struct TickModel: Sendable {
    /// Market time between ticks: a minute, or the data's spacing when it is finer.
    package let tickSeconds: Int64
    /// Standard deviation of one tick's log-return.
    package let tickVolatility: Double

    package static let tickLength: Int64 = 60
    /// About 65 % a year, Bitcoin's long-run figure, when the data has too few returns to tell.
    package static let fallbackVolatilityPerSecond = 0.65 / 31_536_000.0.squareRoot()

    package init(_ series: PriceSeries) {
        let n = series.count
        let step = n >= 2 ? Swift.max(1, series.times[n - 1] - series.times[n - 2]) : Self.tickLength
        tickSeconds = Swift.min(step, Self.tickLength)
        var returns: [Double] = []
        var i = n - 1
        while i > 0 && returns.count < 500 {
            let a = series.prices[i - 1], b = series.prices[i]
            if a.isFinite && b.isFinite && a > 0 && b > 0 && series.times[i] - series.times[i - 1] == step { returns.append(log(b / a)) }
            i -= 1
        }
        var perSecond = Self.fallbackVolatilityPerSecond
        if returns.count >= 20 {
            // Median absolute return / 0.6745: the σ of the bulk, so one crash does not set the pace.
            returns = returns.map(abs).sorted()
            let sigma = returns[returns.count / 2] / 0.6745
            if sigma > 0 && sigma.isFinite { perSecond = sigma / Double(step).squareRoot() }
        }
        tickVolatility = Swift.min(perSecond * Double(tickSeconds).squareRoot(), 0.05)
    }
}
