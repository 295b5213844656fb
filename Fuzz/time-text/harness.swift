/// libFuzzer entry for `TimeText.seconds`: any bytes must give a time or nil, never a trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    _ = TimeText.seconds(bytes)
    _ = TimeText.seconds(String(decoding: bytes, as: UTF8.self))
    return 0
}
