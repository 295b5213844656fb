import CSodium

/// libsodium, initialised once: constant-time comparison, randomness, hex and base64.
package enum Sodium {
    private static let initialised: Bool = { sodium_init() >= 0 }()

    /// Calls `sodium_init()` the first time (thread-safe: a lazy global); later calls do nothing.
    package static func ready() {
        precondition(initialised, "libsodium could not be initialised")
    }

    /// Whether `a` and `b` are equal, in time that depends only on their lengths (`sodium_memcmp`).
    package static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        ready()
        guard a.count == b.count else { return false }
        if a.isEmpty { return true }
        return a.withUnsafeBytes { x in b.withUnsafeBytes { y in sodium_memcmp(x.baseAddress, y.baseAddress, a.count) == 0 } }
    }

    package static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        constantTimeEqual(Array(a.utf8), Array(b.utf8))
    }

    /// `count` bytes from libsodium's CSPRNG (`randombytes_buf`: getrandom on Linux).
    package static func randomBytes(_ count: Int) -> [UInt8] {
        ready()
        var out = [UInt8](repeating: 0, count: count)
        if count > 0 { out.withUnsafeMutableBytes { randombytes_buf($0.baseAddress!, count) } }
        return out
    }

    /// `count` random bytes as lower-case hex.
    package static func randomHex(bytes count: Int) -> String { hex(randomBytes(count)) }

    package static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(bytes.count * 2)
        for b in bytes { out.append(digits[Int(b >> 4)]); out.append(digits[Int(b & 15)]) }
        return String(decoding: out, as: UTF8.self)
    }

    /// Lower- or upper-case hex to bytes; nil for anything else.
    package static func unhex(_ text: String) -> [UInt8]? {
        let chars = Array(text.utf8)
        guard chars.count % 2 == 0 else { return nil }
        func nibble(_ c: UInt8) -> UInt8? {
            switch c {
            case 48...57: c - 48
            case 97...102: c - 87
            case 65...70: c - 55
            default: nil
            }
        }
        var out = [UInt8]()
        out.reserveCapacity(chars.count / 2)
        var i = 0
        while i < chars.count {
            guard let h = nibble(chars[i]), let l = nibble(chars[i + 1]) else { return nil }
            out.append(h << 4 | l)
            i += 2
        }
        return out
    }

    /// Standard base64 with padding (`sodium_bin2base64`, original variant).
    package static func base64(_ bytes: [UInt8]) -> String {
        ready()
        let variant = Int32(sodium_base64_VARIANT_ORIGINAL)
        let length = sodium_base64_encoded_len(bytes.count, variant)
        var out = [CChar](repeating: 0, count: length)
        _ = bytes.withUnsafeBufferPointer { input in sodium_bin2base64(&out, length, input.baseAddress, input.count, variant) }
        return String(decoding: out.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Standard base64 with padding to bytes; nil when it is not exactly that.
    package static func unbase64(_ text: String) -> [UInt8]? {
        ready()
        let input = Array(text.utf8)
        var out = [UInt8](repeating: 0, count: input.count / 4 * 3 + 3)
        var written = 0
        var end: UnsafePointer<CChar>? = nil
        let status = input.withUnsafeBufferPointer { raw in
            raw.withMemoryRebound(to: CChar.self) { chars in
                sodium_base642bin(&out, out.count, chars.baseAddress, chars.count, nil, &written, &end, Int32(sodium_base64_VARIANT_ORIGINAL))
            }
        }
        guard status == 0 else { return nil }
        // The whole text must be consumed (no trailing garbage).
        let consumed = input.withUnsafeBufferPointer { raw in
            raw.withMemoryRebound(to: CChar.self) { chars in end.map { chars.baseAddress!.distance(to: $0) } ?? -1 }
        }
        guard consumed == input.count else { return nil }
        return Array(out.prefix(written))
    }
}

/// An Ed25519 key pair (`crypto_sign_*`): the secret key signs exports, the public key checks them.
package struct Ed25519: Sendable {
    package static let seedBytes = Int(crypto_sign_SEEDBYTES)
    package static let publicKeyBytes = Int(crypto_sign_PUBLICKEYBYTES)
    package static let signatureBytes = Int(crypto_sign_BYTES)

    package let publicKey: [UInt8]
    private let secretKey: [UInt8]

    /// The key pair of a 32-byte seed (the form the key file stores).
    package init?(seed: [UInt8]) {
        Sodium.ready()
        guard seed.count == Self.seedBytes else { return nil }
        var pk = [UInt8](repeating: 0, count: Self.publicKeyBytes)
        var sk = [UInt8](repeating: 0, count: Int(crypto_sign_SECRETKEYBYTES))
        guard crypto_sign_seed_keypair(&pk, &sk, seed) == 0 else { return nil }
        publicKey = pk
        secretKey = sk
    }

    /// A new key pair from libsodium's CSPRNG; returns its seed too (to be stored).
    package static func generate() -> (key: Ed25519, seed: [UInt8]) {
        let seed = Sodium.randomBytes(seedBytes)
        return (Ed25519(seed: seed)!, seed)
    }

    /// The detached signature of `message`.
    package func sign(_ message: [UInt8]) -> [UInt8] {
        var signature = [UInt8](repeating: 0, count: Self.signatureBytes)
        _ = message.withUnsafeBufferPointer { m in
            crypto_sign_detached(&signature, nil, m.baseAddress, UInt64(m.count), secretKey)
        }
        return signature
    }

    /// Whether `signature` is `publicKey`'s signature of `message`.
    package static func verify(_ signature: [UInt8], of message: [UInt8], publicKey: [UInt8]) -> Bool {
        Sodium.ready()
        guard signature.count == signatureBytes, publicKey.count == publicKeyBytes else { return false }
        return message.withUnsafeBufferPointer { m in
            crypto_sign_verify_detached(signature, m.baseAddress, UInt64(m.count), publicKey) == 0
        }
    }

    /// A short name of a public key: the first 16 hex digits of its SHA-256.
    package static func keyID(_ publicKey: [UInt8]) -> String { String(SHA256.hex(publicKey).prefix(16)) }
}
