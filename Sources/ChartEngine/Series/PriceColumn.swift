/// Prices of a series. While every price is an exact number of cents within ±21 million — the
/// built-in series, most exchange exports — they are stored as 4-byte cents; otherwise as
/// Doubles. Reading gives the same Double either way; a gap is NaN.
public struct PriceColumn: RandomAccessCollection, Sendable, Equatable {
    enum Storage: Sendable, Equatable {
        case cents([Int32])
        case doubles([Double])
    }

    private(set) var storage: Storage
    static let gap = Int32.min

    public init(_ prices: [Double]) {
        var cents: [Int32] = []
        cents.reserveCapacity(prices.count)
        for price in prices {
            guard let c = Self.cents(price) else { storage = .doubles(prices); return }
            cents.append(c)
        }
        storage = .cents(cents)
    }

    /// An empty column, collecting cents until a price needs a Double.
    public init() { storage = .cents([]) }

    public mutating func reserveCapacity(_ count: Int) {
        switch storage {
        case .cents(var c): storage = .cents([]); c.reserveCapacity(count); storage = .cents(c)
        case .doubles(var d): storage = .doubles([]); d.reserveCapacity(count); storage = .doubles(d)
        }
    }

    public mutating func append(contentsOf other: PriceColumn) {
        switch (storage, other.storage) {
        case (.cents(var c), .cents(let more)):
            storage = .cents([])
            c.append(contentsOf: more)
            storage = .cents(c)
        default:
            storage = .doubles(Array(self) + Array(other))
        }
    }

    /// The price in cents when that is exact (NaN is the gap marker), else nil.
    @inline(__always)
    static func cents(_ price: Double) -> Int32? {
        if price.isNaN { return gap }
        guard price.magnitude < 21_000_000 else { return nil }
        // The nearest whole cent by truncation (no libm call); it counts only if it reads back
        // as exactly the same price.
        let scaled = price * 100
        let c = Int32(scaled + (scaled < 0 ? -0.5 : 0.5))
        return Double(c) / 100 == price ? c : nil
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int {
        switch storage {
        case .cents(let c): c.count
        case .doubles(let d): d.count
        }
    }

    @inline(__always)
    public subscript(i: Int) -> Double {
        switch storage {
        case .cents(let c):
            let v = c[i]
            return v == Self.gap ? .nan : Double(v) / 100
        case .doubles(let d):
            return d[i]
        }
    }

    public mutating func append(_ price: Double) {
        switch storage {
        case .cents(var c):
            storage = .cents([])  // release the reference so the append does not copy
            if let cent = Self.cents(price) {
                c.append(cent)
                storage = .cents(c)
            } else {
                storage = .doubles(c.map { $0 == Self.gap ? .nan : Double($0) / 100 } + [price])
            }
        case .doubles(var d):
            storage = .doubles([])
            d.append(price)
            storage = .doubles(d)
        }
    }

    var residentBytes: Int {
        switch storage {
        case .cents(let c): c.capacity * 4
        case .doubles(let d): d.capacity * 8
        }
    }
}
