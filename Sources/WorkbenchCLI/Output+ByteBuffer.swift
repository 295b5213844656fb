import ChartEngine
import WorkbenchSupport

extension Output {
    /// The engine's byte buffers (CSV and scene text the commands stream) straight to stdout.
    static func write(_ buffer: ByteBuffer) { buffer.withUnsafeBytes { write($0) } }
}
