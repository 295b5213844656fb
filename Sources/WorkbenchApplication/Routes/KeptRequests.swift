import WorkbenchSupport

/// A render socket's last valid request of each chart (for `again`), within a byte budget:
/// a request that would pass it drops the charts kept longest; one larger than the whole
/// budget is not kept.
package struct KeptRequests {
    package static let maxBytes = 64 << 10
    private var requests: [String: (values: [String: InputValue], bytes: Int)] = [:]
    private var order: [String] = []
    package private(set) var bytes = 0

    package init() {}

    package subscript(chart: String) -> [String: InputValue]? { requests[chart]?.values }

    package mutating func keep(_ values: [String: InputValue], for chart: String) {
        forget(chart)
        let size = chart.utf8.count + values.reduce(0) { $0 + $1.key.utf8.count + Self.size(of: $1.value) + 4 }
        guard size <= Self.maxBytes else { return }
        while bytes + size > Self.maxBytes, let oldest = order.first { forget(oldest) }
        requests[chart] = (values, size)
        order.append(chart)
        bytes += size
    }

    private mutating func forget(_ chart: String) {
        guard let kept = requests.removeValue(forKey: chart) else { return }
        order.removeAll { $0 == chart }
        bytes -= kept.bytes
    }

    private static func size(of value: InputValue) -> Int {
        switch value {
        case .text(let text): text.utf8.count
        case .json(let json): json.serialized().utf8.count
        }
    }
}
