/// The engine's one output for a chart state (size, progress, selection): everything the chart
/// draws, in order, plus the price header's values and the selected point. SVG, SwiftUI and
/// Compose render it and decide nothing. JSON: `chart-workbench.scene` v1 (docs/scene.md).
public struct ChartScene: Equatable, Sendable, Codable {
    public var format = "chart-workbench.scene"
    public var version = 1
    /// The eased progress this scene was drawn at (a spring's may leave 0…1).
    public var progress: Double
    public var scene: Scene
    public var header: ChartHeader
    public var selection: SelectedPoint?
    /// One sentence for assistive technology: the period, its range and the selection.
    public var summary: String
    /// What a screen reader says: the chart's label and its value (the selected point's words
    /// while pressing, the last price's at rest). Every renderer uses these words.
    public var accessibility: ChartAccessibility

    public init(progress: Double, scene: Scene, header: ChartHeader, selection: SelectedPoint?, summary: String,
                accessibility: ChartAccessibility) {
        self.progress = progress; self.scene = scene; self.header = header; self.selection = selection; self.summary = summary
        self.accessibility = accessibility
    }
}

/// The chart's words: `label` ("Bitcoin price, 1 year: from $X to $Y, up Z %, high $H, low $L.")
/// and `value` ("$X on 3 March 2025"): SwiftUI's accessibilityLabel/Value, Compose's
/// contentDescription/stateDescription, the page's aria-label and live region.
public struct ChartAccessibility: Equatable, Sendable, Codable {
    public var label: String
    public var value: String

    public init(label: String, value: String) { self.label = label; self.value = value }
}

/// The price header above the chart: at rest the current (last) price and the period's change;
/// while pressing, the selected price, its time and the change since the period's first price.
/// Values are nil when the period holds no price.
public struct ChartHeader: Equatable, Sendable, Codable {
    public var pressing: Bool
    public var price: Double?
    public var time: Double?
    /// The time as the app writes it for this period, in the viewer's zone.
    public var timeLabel: String?
    public var change: Double?
    public var changePercent: Double?
    public var firstPrice: Double?
    public var firstTime: Double?
    public var lastPrice: Double?
    public var lastTime: Double?
    /// A live price's flash on the header's price (`LivePriceStep`), nil otherwise.
    public var flash: PriceFlash? = nil

    public init(pressing: Bool, price: Double?, time: Double?, timeLabel: String?, change: Double?, changePercent: Double?,
                firstPrice: Double?, firstTime: Double?, lastPrice: Double?, lastTime: Double?) {
        self.pressing = pressing; self.price = price; self.time = time; self.timeLabel = timeLabel
        self.change = change; self.changePercent = changePercent
        self.firstPrice = firstPrice; self.firstTime = firstTime; self.lastPrice = lastPrice; self.lastTime = lastTime
    }
}

/// The point under the finger: its index among the drawn points, its time and raw price, and
/// where it is drawn at this progress.
public struct SelectedPoint: Equatable, Sendable, Codable {
    public var index: Int
    public var time: Double
    public var price: Double
    public var x: Double
    public var y: Double

    public init(index: Int, time: Double, price: Double, x: Double, y: Double) {
        self.index = index; self.time = time; self.price = price; self.x = x; self.y = y
    }
}

/// The header's price tinted toward `color` (the up or down colour of a live price) at
/// `opacity` (1 when the price arrives, fading to 0 over the flash duration). Renderers mix the
/// colour over their own text colour by that opacity.
public struct PriceFlash: Equatable, Sendable, Codable {
    public var color: String
    public var opacity: Double
    /// "up" or "down": the new price against the one before it.
    public var direction: String

    public init(color: String, opacity: Double, direction: String) {
        self.color = color; self.opacity = opacity; self.direction = direction
    }
}
