import Dispatch
import Synchronization

/// Independent fits of one answer on the machine's cores: the values a hyperparameter group tries,
/// and the two readings of the team's taste. Each result is a pure function of its input, so the
/// outcome does not depend on which finishes first.
enum Parallel {
    static func map<Input: Sendable, Output: Sendable>(_ inputs: [Input], _ body: @Sendable (Input) -> Output) -> [Output] {
        guard inputs.count > 1 else { return inputs.map(body) }
        let results = Mutex<[Output?]>(Array(repeating: nil, count: inputs.count))
        DispatchQueue.concurrentPerform(iterations: inputs.count) { i in
            let output = body(inputs[i])
            results.withLock { $0[i] = output }
        }
        return results.withLock { $0.map { $0! } }
    }

    /// `a` and `b` at once.
    static func both<A: Sendable, B: Sendable>(_ a: @Sendable () -> A, _ b: @Sendable () -> B) -> (A, B) {
        let first = Mutex<A?>(nil), second = Mutex<B?>(nil)
        DispatchQueue.concurrentPerform(iterations: 2) { i in
            if i == 0 { let value = a(); first.withLock { $0 = value } } else { let value = b(); second.withLock { $0 = value } }
        }
        return (first.withLock { $0! }, second.withLock { $0! })
    }
}
