/// libFuzzer entry for the request-target decoder: any bytes decode or are refused, never
/// trap; a decoded text has no NUL and encodes back to something that decodes to it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    for plus in [false, true] {
        guard let decoded = PercentDecoding.decode(Substring(text), plusIsSpace: plus) else { continue }
        precondition(!decoded.unicodeScalars.contains("\0"), "NUL let through")
        precondition(PercentDecoding.decode(Substring(PercentDecoding.encode(decoded))) == decoded, "encode does not round-trip")
    }
    return 0
}
