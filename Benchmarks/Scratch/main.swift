@testable import ChartEngine
import Foundation
let n = 2_000_000
let values = (0..<n).map { _ in Double.random(in: 0...390000) }
let clock = ContinuousClock()
let out = UnsafeMutablePointer<UInt8>.allocate(capacity: 64)
let tables = NumberText.tables
for _ in 0..<3 {
    var total = 0
    let t = clock.measure { for v in values { total &+= NumberText.writeFixed(v, digits: 3, scale: 1000, tables: tables, into: out)! } }
    print("writeFixed x2M:", t, total)
    var w = PathWriter(digits: 3, reservingCapacity: n * 12)
    let t2 = clock.measure { for i in stride(from: 0, to: n, by: 2) { w.lineTo(values[i], values[i + 1]) } }
    print("lineTo x1M:", t2, w.byteCount)
}
for _ in 0..<3 {
    var total = 0
    let t = clock.measure { for v in values { total &+= Int(v * 1000 + 0.5) } }
    print("trivial x2M:", t, total)
}
