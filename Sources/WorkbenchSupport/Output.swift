import Foundation

/// Standard output and error for the command line and the server's own notices.
package enum Output {
    /// Never traps: a closed stdout (the reader went away: EPIPE) loses the text, not the process.
    package static func write(_ text: String) {
        var bytes = Array(text.utf8)
        bytes.withUnsafeMutableBufferPointer { write(UnsafeBufferPointer($0)) }
    }

    /// Bytes straight to stdout, retrying short writes.
    package static func write(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32 = 1) {
        guard var at = bytes.baseAddress else { return }
        var left = bytes.count
        while left > 0 {
            let n = Foundation.write(descriptor, at, left)
            if n > 0 { at += n; left -= n } else if n < 0 && errno == EINTR { continue } else { return }
        }
    }

    package static func error(_ text: String) {
        var bytes = Array(("workbench: " + text + "\n").utf8)
        bytes.withUnsafeMutableBufferPointer { write(UnsafeBufferPointer($0), to: 2) }
    }
}
