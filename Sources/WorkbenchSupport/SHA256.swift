import CSodium

/// SHA-256 of bytes, as lower-case hex: the content hashes of exports and bundles and the
/// fingerprint of preset files in the history. libsodium's `crypto_hash_sha256`.
package enum SHA256 {
    package static func hex(_ text: String) -> String { Sodium.hex(digest(Array(text.utf8))) }

    package static func hex(_ bytes: [UInt8]) -> String { Sodium.hex(digest(bytes)) }

    package static func digest(_ bytes: [UInt8]) -> [UInt8] {
        Sodium.ready()
        var out = [UInt8](repeating: 0, count: Int(crypto_hash_sha256_BYTES))
        _ = bytes.withUnsafeBufferPointer { input in
            crypto_hash_sha256(&out, input.baseAddress, UInt64(input.count))
        }
        return out
    }
}
