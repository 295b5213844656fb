import CMicroHTTPD
import Foundation
import Glibc
import WorkbenchSupport

/// Reading a request's parts from libmicrohttpd and handing it a response.
extension MicroHTTPDServer {
    package static func clientAddress(_ connection: OpaquePointer) -> String {
        var address = [CChar](repeating: 0, count: 64)
        cmhd_client_address(connection, &address, address.count)
        return String(decoding: address.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    func tooLarge(_ limit: Int) -> HTTPResponse {
        .error(413, "payload_too_large", "the request body is larger than \(limit >> 20) MB")
    }

    /// The query's values by name, or why it is refused: not UTF-8 (or a NUL), or a name given twice (which
    /// one would count is not the client's to guess: `count=abc&count=4` was read as 4).
    func queryArguments(_ connection: OpaquePointer) -> QueryArguments {
        let notUTF8 = HTTPResponse.error(400, "bad_request", "the query string is not valid percent-encoded UTF-8, or holds a NUL character")
        guard let (raw, repeated) = values(connection, CMHD_GET_ARGUMENT_KIND, lowercaseKeys: false) else { return .refused(notUTF8) }
        var decoded: [String: String] = [:]
        for (key, value) in raw {
            guard let k = PercentDecoding.decode(Substring(key), plusIsSpace: true),
                  let v = PercentDecoding.decode(Substring(value), plusIsSpace: true) else { return .refused(notUTF8) }
            guard decoded[k] == nil else { return .refused(Self.givenTwice(k)) }
            decoded[k] = v
        }
        if let repeated {
            return .refused(Self.givenTwice(PercentDecoding.decode(Substring(repeated), plusIsSpace: true) ?? repeated))
        }
        return .values(decoded)
    }

    /// A request's query: its values by name, or the answer refusing it.
    package enum QueryArguments {
        case values([String: String])
        case refused(HTTPResponse)
    }

    static func givenTwice(_ name: String) -> HTTPResponse {
        .error(400, "bad_request", "the query parameter \"\(name.prefix(64))\" is given twice", field: String(name.prefix(64)))
    }

    /// Header values (names lower-cased; a value that is not UTF-8 reads as empty) and every
    /// value of each header sent more than once.
    func headerValues(_ connection: OpaquePointer) -> ([String: String], [String: [String]]) {
        final class Collected { var values: [String: String] = [:]; var repeated: [String: [String]] = [:] }
        let collected = Collected()
        _ = MHD_get_connection_values(connection, CMHD_HEADER_KIND, { cls, _, key, value in
            let collected = Unmanaged<Collected>.fromOpaque(cls!).takeUnretainedValue()
            guard let key else { return CMHD_YES }
            let name = String(decoding: UnsafeRawBufferPointer(start: key, count: strlen(key)), as: UTF8.self).lowercased()
            let v = value.flatMap { String(validatingCString: $0) } ?? ""
            if let earlier = collected.values[name] { collected.repeated[name, default: [earlier]].append(v) }
            collected.values[name] = v
            return CMHD_YES
        }, Unmanaged.passUnretained(collected).toOpaque())
        return (collected.values, collected.repeated)
    }

    /// Query values and a name given more than once (nil: none); nil when one of them is not UTF-8.
    func values(_ connection: OpaquePointer, _ kind: MHD_ValueKind, lowercaseKeys: Bool) -> (values: [String: String], repeated: String?)? {
        final class Collected { var values: [String: String] = [:]; var valid = true; var lowercase = false; var repeated: String? }
        let collected = Collected()
        collected.lowercase = lowercaseKeys
        let context = Unmanaged.passUnretained(collected).toOpaque()
        _ = MHD_get_connection_values(connection, kind, { cls, _, key, value in
            let collected = Unmanaged<Collected>.fromOpaque(cls!).takeUnretainedValue()
            guard let key, let k = String(validatingCString: key) else { collected.valid = false; return CMHD_YES }
            let v = value.flatMap { String(validatingCString: $0) } ?? ""
            let name = collected.lowercase ? k.lowercased() : k
            if collected.values[name] != nil && collected.repeated == nil { collected.repeated = name }
            collected.values[name] = v
            return CMHD_YES
        }, context)
        return collected.valid ? (collected.values, collected.repeated) : nil
    }

    /// Bodies up to this size are copied into libmicrohttpd at once; larger ones are read out in blocks.
    static let copiedBodyLimit = 256 << 10

    /// A body being sent, shared with whatever else holds the same bytes.
    final class BodyBytes {
        let bytes: [UInt8]
        init(_ bytes: [UInt8]) { self.bytes = bytes }
    }

    func queue(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
        let mhdResponse: OpaquePointer?
        switch response.body {
        case .bytes(let bytes) where bytes.count > Self.copiedBodyLimit:
            // Read out in blocks as the socket takes them, not copied whole: an answer kept for
            // many (the data's points) is then held once however many connections are sending it.
            let box = Unmanaged.passRetained(BodyBytes(bytes)).toOpaque()
            mhdResponse = MHD_create_response_from_callback(UInt64(bytes.count), 64 << 10, { cls, position, buffer, max in
                let body = Unmanaged<BodyBytes>.fromOpaque(cls!).takeUnretainedValue().bytes
                guard let buffer, position < UInt64(body.count) else { return -1 }
                let start = Int(position), count = Swift.min(max, body.count - start)
                body.withUnsafeBytes { UnsafeMutableRawPointer(buffer).copyMemory(from: $0.baseAddress! + start, byteCount: count) }
                return count
            }, box, { cls in Unmanaged<BodyBytes>.fromOpaque(cls!).release() })
            if mhdResponse == nil { Unmanaged<BodyBytes>.fromOpaque(box).release() }
        case .bytes(let bytes):
            mhdResponse = bytes.withUnsafeBytes { buffer in
                MHD_create_response_from_buffer(buffer.count, UnsafeMutableRawPointer(mutating: buffer.baseAddress), CMHD_RESPMEM_MUST_COPY)
            }
        case .stream(let stream):
            let box = Unmanaged.passRetained(stream).toOpaque()
            mhdResponse = MHD_create_response_from_callback(CMHD_SIZE_UNKNOWN, 4096, { cls, _, buffer, max in
                let stream = Unmanaged<EventStream>.fromOpaque(cls!).takeUnretainedValue()
                // End of stream (-1); an evicted one closes its connection too (-2).
                guard let buffer, let chunk = stream.nextChunk(maxBytes: max) else { return stream.evicted ? -2 : -1 }
                chunk.withUnsafeBytes { UnsafeMutableRawPointer(buffer).copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
                return chunk.count
            }, box, { cls in
                let stream = Unmanaged<EventStream>.fromOpaque(cls!).takeRetainedValue()
                stream.close()
            })
            if mhdResponse == nil { Unmanaged<EventStream>.fromOpaque(box).release() }
        case .webSocket(let session):
            let box = Unmanaged.passRetained(Upgrade(server: self, session: session)).toOpaque()
            mhdResponse = MHD_create_response_for_upgrade(upgradeHandler, box)
            if mhdResponse == nil { Unmanaged<Upgrade>.fromOpaque(box).release() }
        }
        guard let mhdResponse else { return CMHD_NO }
        for (name, value) in response.headers {
            _ = MHD_add_response_header(mhdResponse, name, value)
        }
        let result = MHD_queue_response(connection, UInt32(response.status), mhdResponse)
        MHD_destroy_response(mhdResponse)
        return result
    }
}
