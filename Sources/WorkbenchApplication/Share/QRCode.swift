import WorkbenchSupport
import HTTPServer
import WorkbenchStores
import WorkbenchExports
import PriceData
import ChartEngine
import CQREncode

/// A QR code of a link, drawn as SVG: one path of dark modules on a white square with the
/// standard four-module quiet zone, so a phone camera reads it from a screen.
package enum QRCode {
    /// nil when the text is too long for a QR code (about 2,300 bytes at level M).
    package static func svg(_ text: String, title: String) -> String? {
        guard let code = QRcode_encodeString(text, 0, CQR_ECLEVEL_M, CQR_MODE_8, 1) else { return nil }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        let modules = code.pointee.data!
        let quiet = 4, size = width + 2 * quiet
        var path = ""
        for y in 0..<width {
            var x = 0
            while x < width {
                // Runs of dark modules on a row become one rectangle.
                guard modules[y * width + x] & 1 == 1 else { x += 1; continue }
                let start = x
                while x < width && modules[y * width + x] & 1 == 1 { x += 1 }
                path += "M\(start + quiet) \(y + quiet)h\(x - start)v1h-\(x - start)z"
            }
        }
        return """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(size) \(size)" shape-rendering="crispEdges" role="img" \
        aria-label="\(XMLText.escape(title))"><title>\(XMLText.escape(title))</title>\
        <rect width="\(size)" height="\(size)" fill="#fff"/><path fill="#000" d="\(path)"/></svg>
        """
    }
}
