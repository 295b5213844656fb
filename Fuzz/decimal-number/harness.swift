/// libFuzzer entry for `DecimalNumber.read`: any bytes give a finite number or nil, never a trap,
/// with and without decimal commas and grouping separators.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    for (comma, thousands) in [(false, nil), (true, UInt8(ascii: ".")), (false, UInt8(ascii: ","))] as [(Bool, UInt8?)] {
        if let v = DecimalNumber.read(bytes, decimalComma: comma, thousands: thousands) {
            precondition(v.isFinite, "a number read as infinite or NaN")
        }
    }
    return 0
}
