/// libFuzzer entry for `CSVImport.parse`: any bytes give a series or a `Failure` naming what
/// is wrong, never a trap; an accepted series is in strictly increasing time order.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    guard let result = try? CSVImport.parse(bytes) else { return 0 }
    let times = result.series.times
    precondition(result.rows == times.count && result.rows > 0, "row count disagrees with the series")
    for k in 1..<max(1, times.count) { precondition(times[k - 1] < times[k], "times not strictly increasing") }
    return 0
}
