import Foundation
import Testing
@testable import HTTPServer
@testable import WorkbenchApplication
@testable import WorkbenchSupport

@Suite struct ShareAccessTests {
    let access = ShareAccess(port: 8080, editorToken: "e" + String(repeating: "1", count: 47), viewerToken: "v" + String(repeating: "2", count: 47))

    @Test func tokensAreLongRandomAndDistinct() {
        let tokens = (0..<50).map { _ in ShareAccess.randomToken() }
        #expect(Set(tokens).count == 50)
        #expect(tokens.allSatisfy { $0.count == 48 && $0.allSatisfy(\.isHexDigit) })   // 192 bits
    }

    @Test func onlyTheExactTokenGrantsItsRole() {
        #expect(access.role(forToken: access.editorToken) == .editor)
        #expect(access.role(forToken: access.viewerToken) == .viewer)
        for guess in ["", String(access.editorToken.dropLast()), access.editorToken + "1", access.editorToken.uppercased(), "e"] {
            #expect(access.role(forToken: guess) == nil)
        }
    }

    @Test func theCookieHoldsAPageKeyNeverTheToken() {
        let viewerCookie = access.setCookie(for: .viewer), editorCookie = access.setCookie(for: .editor)
        #expect(!viewerCookie.contains(access.viewerToken) && !editorCookie.contains(access.editorToken) && !editorCookie.contains(access.viewerToken))
        #expect(editorCookie.contains("HttpOnly") && editorCookie.contains("SameSite=Strict") && editorCookie.hasPrefix("workbench_page_8080="))
        let editorPair = String(editorCookie.split(separator: ";")[0]), viewerPair = String(viewerCookie.split(separator: ";")[0])
        #expect(access.pageRole(cookieHeader: "a=b; \(viewerPair); c=d") == .viewer)
        #expect(access.pageRole(cookieHeader: "workbench_page_8080=nope; \(editorPair)") == .editor)
        #expect(access.pageRole(cookieHeader: editorPair.replacingOccurrences(of: "8080", with: "8081")) == nil)
        // The join token itself as a cookie (what another port's server would have seen) opens nothing.
        #expect(access.pageRole(cookieHeader: "workbench_page_8080=\(access.editorToken)") == nil)
        #expect(access.pageRole(cookieHeader: nil) == nil)
        #expect(access.pageRole(cookieHeader: String(repeating: "x", count: 10_000)) == nil)
    }

    @Test func viewersMayWatchPressAndRenderButNotWrite() {
        #expect(ShareAccess.viewerMay(method: "GET", path: "/api/presets"))
        #expect(ShareAccess.viewerMay(method: "POST", path: "/api/render"))
        #expect(ShareAccess.viewerMay(method: "POST", path: "/api/frames"))
        #expect(!ShareAccess.viewerMay(method: "POST", path: "/api/data"))
        #expect(!ShareAccess.viewerMay(method: "PUT", path: "/api/presets/x"))
        #expect(!ShareAccess.viewerMay(method: "DELETE", path: "/api/presets/x"))
        #expect(!ShareAccess.viewerMay(method: "POST", path: "/api/render/../data"))
    }

    @Test func hostChecksUnderShareAcceptExactlyTheServedAddresses() {
        let guardian = HostOriginGuard(boundHost: "0.0.0.0", port: 8080, servedAddresses: ["127.0.0.1", "192.168.1.20"])
        #expect(guardian.isAllowed(hostHeader: "192.168.1.20:8080"))
        #expect(guardian.isAllowed(hostHeader: "localhost:8080"))
        #expect(!guardian.isAllowed(hostHeader: "192.168.1.21:8080"))
        #expect(!guardian.isAllowed(hostHeader: "192.168.1.20:8081"))
        #expect(HostOriginGuard(boundHost: "0.0.0.0", port: 8080).isAllowed(hostHeader: "10.1.2.3:8080"))   // before: any IP literal
    }

    @Test func qrCodesAreSquareSVGsWithTheQuietZone() throws {
        let svg = try #require(QRCode.svg("http://192.168.1.20:8080/?token=abc", title: "a <link>"))
        #expect(svg.hasPrefix("<svg") && svg.contains("viewBox=\"0 0 ") && svg.contains("a &lt;link&gt;"))
        #expect(QRCode.svg(String(repeating: "x", count: 5000), title: "too long") == nil)
    }
}

private extension JSONValue {
    var arrayValue: [JSONValue]? { if case .array(let a) = self { a } else { nil } }
}

@Suite struct PresenceTests {
    @Test func listsEachPageOnceAndForgetsItWhenItLeaves() {
        let presence = Presence()
        presence.join(stream: 1, .init(client: "a", key: "ka", user: "Ana", role: .editor, preset: "Default"))
        presence.join(stream: 2, .init(client: "b", key: "kb", user: "Bo", role: .viewer, preset: nil))
        presence.join(stream: 3, .init(client: "a", key: "ka", user: "Ana", role: .editor, preset: "Default"))   // a reconnect
        #expect(presence.list.count == 2)
        #expect(presence.update(client: "b", key: "kb", user: nil, preset: .some("PM"), pressing: true) == (true, true, false))
        #expect(presence.update(client: "b", key: "kb", user: nil, preset: .some("PM"), pressing: false) == (true, false, false))
        #expect(presence.update(client: "zz", key: "kz", user: "x", preset: nil, pressing: nil) == (false, false, false))
        // Another page's id without its key changes nothing and is refused.
        #expect(presence.update(client: "a", key: "kb", user: "Mallory", preset: nil, pressing: true) == (false, false, true))
        #expect(!presence.remove(client: "a", key: "kb"))
        let bo = presence.list.last
        #expect(bo?.preset == "PM" && bo?.pressing == false && bo?.role == .viewer)
        #expect(presence.list.first?.user == "Ana")
        #expect(presence.leave(stream: 2))
        #expect(presence.remove(client: "a", key: "ka"))
        #expect(presence.list.isEmpty)
    }
}
