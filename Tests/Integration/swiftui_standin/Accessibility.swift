// Stand-ins for the Accessibility framework's chart descriptor (iOS 15), built as a module named
// Accessibility: they keep what they are given, for the test to read back.
import Foundation

public class AXDataAxisDescriptor {
    public let title: String
    init(title: String) { self.title = title }
}

public final class AXNumericDataAxisDescriptor: AXDataAxisDescriptor {
    public let range: ClosedRange<Double>
    public let gridlinePositions: [Double]
    public let valueDescriptionProvider: (Double) -> String
    public init(title: String, range: ClosedRange<Double>, gridlinePositions: [Double], valueDescriptionProvider: @escaping (Double) -> String) {
        self.range = range; self.gridlinePositions = gridlinePositions; self.valueDescriptionProvider = valueDescriptionProvider
        super.init(title: title)
    }
}

public final class AXDataPoint {
    public let xValue: Double
    public let yValue: Double?
    public init(x: Double, y: Double) { xValue = x; yValue = y }
}

public final class AXDataSeriesDescriptor {
    public let name: String?
    public let isContinuous: Bool
    public let dataPoints: [AXDataPoint]
    public init(name: String, isContinuous: Bool, dataPoints: [AXDataPoint]) { self.name = name; self.isContinuous = isContinuous; self.dataPoints = dataPoints }
}

public final class AXChartDescriptor {
    public let title: String?
    public let summary: String?
    public let xAxis: AXDataAxisDescriptor
    public let yAxis: AXNumericDataAxisDescriptor?
    public let series: [AXDataSeriesDescriptor]
    public init(title: String?, summary: String?, xAxis: AXDataAxisDescriptor, yAxis: AXNumericDataAxisDescriptor?,
                additionalAxes: [AXDataAxisDescriptor], series: [AXDataSeriesDescriptor]) {
        self.title = title; self.summary = summary; self.xAxis = xAxis; self.yAxis = yAxis; self.series = series
    }
}

public protocol AXChartDescriptorRepresentable {
    func makeChartDescriptor() -> AXChartDescriptor
}
