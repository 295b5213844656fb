import Foundation
import HTTPServer
import Synchronization
import Testing

@Suite struct ResponseCacheTests {
    private func answer(_ size: Int, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: [], body: .bytes([UInt8](repeating: 7, count: size)))
    }

    @Test func aCrowdAskingAtOnceCostsOneBuild() {
        let cache = ResponseCache()
        let builds = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 16) { _ in
            let response = cache.response(for: "1 ALL 50000") { () -> HTTPResponse in
                builds.add(1, ordering: .relaxed)
                usleep(50_000)
                return answer(1000)
            }
            #expect(response.status == 200)
        }
        #expect(builds.load(ordering: .relaxed) == 1)
        #expect(cache.keptBytes == 1000)
    }

    @Test func errorsAreNotKeptAndTheBudgetDropsTheLeastRecentlyUsed() throws {
        let cache = ResponseCache(budget: 2500)
        _ = cache.response(for: "refused") { answer(10, status: 400) }
        #expect(cache.keptBytes == 0)
        struct Failed: Error {}
        #expect(throws: Failed.self) { try cache.response(for: "thrown") { () throws(Failed) -> HTTPResponse in throw Failed() } }
        _ = cache.response(for: "a") { answer(1000) }
        _ = cache.response(for: "b") { answer(1000) }
        _ = cache.response(for: "a") { Issue.record("a was kept"); return answer(1000) }   // a is now the most recent
        _ = cache.response(for: "c") { answer(1000) }                                       // b goes
        #expect(cache.keptBytes == 2000)
        var rebuilt: [String] = []
        for key in ["a", "b", "c"] { _ = cache.response(for: key) { rebuilt.append(key); return answer(1000) } }
        #expect(rebuilt.first == "b")
        // An answer larger than the whole budget is served but never kept.
        _ = cache.response(for: "huge") { answer(3000) }
        #expect(cache.keptBytes <= 2500)
    }
}
