/// A growable byte buffer written through a raw pointer: path text is the engine's hottest
/// output, and writing numbers straight into reserved memory is several times faster than
/// appending to an Array byte by byte. Copy-on-write keeps value semantics. Public so that
/// programs printing engine output (the CLI) write through the same buffer.
public struct ByteBuffer {
    private final class Storage {
        var base: UnsafeMutablePointer<UInt8>
        var capacity: Int

        init(capacity: Int) {
            self.capacity = Swift.max(capacity, 64)
            base = .allocate(capacity: self.capacity)
        }

        deinit { base.deallocate() }
    }

    private var storage: Storage
    public private(set) var count = 0

    public init(capacity: Int = 0) { storage = Storage(capacity: capacity) }

    /// Room for `extra` more bytes; returns where to write them. Call `advance` afterwards.
    @inline(__always)
    mutating func reserve(_ extra: Int) -> UnsafeMutablePointer<UInt8> {
        if !isKnownUniquelyReferenced(&storage) || count + extra > storage.capacity { grow(extra) }
        return storage.base + count
    }

    @inline(__always)
    mutating func advance(_ n: Int) { count += n }

    @inline(__always)
    public mutating func append(_ byte: UInt8) {
        reserve(1).pointee = byte
        count += 1
    }

    public mutating func append<C: Collection>(contentsOf bytes: C) where C.Element == UInt8 {
        let target = reserve(bytes.count)
        var i = 0
        for b in bytes { target[i] = b; i += 1 }
        count += i
    }

    private mutating func grow(_ extra: Int) {
        let capacity = Swift.max(storage.capacity * 2, count + extra)
        let fresh = Storage(capacity: capacity)
        fresh.base.update(from: storage.base, count: count)
        storage = fresh
    }

    public var isEmpty: Bool { count == 0 }

    public var string: String {
        String(unsafeUninitializedCapacity: count) { target in
            _ = target.initialize(from: UnsafeBufferPointer(start: storage.base, count: count))
            return count
        }
    }

    public func withUnsafeBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: storage.base, count: count))
    }

    /// Forgets the contents, keeping the memory (for writing output in blocks).
    public mutating func removeAll() { count = 0 }

    /// Appends `value` rounded to `digits` fractional digits, or in its shortest round-trip
    /// form when `digits` is nil (the path writer's number form).
    public mutating func append(number value: Double, digits: Int? = nil) {
        append(contentsOf: NumberText.format(value, digits: digits).utf8)
    }
}
