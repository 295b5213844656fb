import WorkbenchSupport
import Foundation
import Synchronization

/// A remark on one parameter of a preset, optionally at a point of the transition. Its JSON form
/// is what was said (`createdAt` as `time`); answers follow it with its `resolution`.
package struct ParameterComment: Sendable, Equatable, Encodable {
    package let id: Int
    package var preset: String
    package let parameter: String
    /// Transition progress (0…1.5: springs overshoot) the remark is about, if any.
    package let progress: Double?
    package let text: String
    package let author: String
    package let createdAt: String
    package var resolvedBy: String?
    package var resolvedAt: String?

    package var resolved: Bool { resolvedAt != nil }

    /// Whether, by whom and when the comment was resolved.
    package struct Resolution: Encodable {
        let resolved: Bool
        let resolvedBy: String?
        let resolvedAt: String?
    }

    package var resolution: Resolution { Resolution(resolved: resolved, resolvedBy: resolvedBy, resolvedAt: resolvedAt) }

    private enum CodingKeys: String, CodingKey { case id, preset, parameter, progress, text, author, createdAt = "time" }

    /// A sample, for documentation (the API's schema of a comment is derived from it).
    package static var example: ParameterComment {
        ParameterComment(id: 1, preset: "Default", parameter: "lineColor", progress: nil, text: "…", author: "Ada", createdAt: "t")
    }
}

/// Where comments are kept for good. The store calls it after its own checks, under its lock.
package protocol CommentRecords: Sendable {
    func loadAll() throws -> [ParameterComment]
    func insert(_ comment: ParameterComment) throws
    func update(_ comment: ParameterComment) throws
}

/// Comment threads per preset and parameter. Bounded: text length, comments per preset, all.
/// Knows nothing of HTTP; callers validate the parameter key against the schema.
package final class CommentStore: Sendable {
    package static let maxTextCharacters = 2000
    package static let maxPerPreset = 500
    package static let maxTotal = 20_000
    package static let progressRange = 0.0...1.5

    package enum Failure: Error, Equatable {
        case emptyText, textTooLong, tooMany(preset: Bool), notFound, storage(String)
        /// The history refused the write (changed behind the workbench's back, read-only, full).
        case history(HistoryError)
    }

    static func failure(_ error: any Error) -> Failure { (error as? HistoryError).map { .history($0) } ?? .storage("\(error)") }

    private struct State {
        package var comments: [ParameterComment] = []
        package var nextID = 1
    }

    /// Nil until first used: the records are read then, so a store is made without I/O.
    private let state = Mutex<State?>(nil)
    private let records: (any CommentRecords)?

    /// `records` nil keeps comments for this process only.
    package init(records: (any CommentRecords)? = nil) {
        self.records = records
    }

    /// Runs `body` on the comments, reading them from the records the first time.
    private func withState<T>(_ body: (inout State) throws(Failure) -> T) throws(Failure) -> T {
        try state.withLock { (current: inout State?) throws(Failure) -> T in
            if current == nil {
                let loaded: [ParameterComment]
                do { loaded = try records?.loadAll() ?? [] } catch { throw Self.failure(error) }
                current = State(comments: loaded, nextID: (loaded.map(\.id).max() ?? 0) + 1)
            }
            var s = current ?? State()
            defer { current = s }
            return try body(&s)
        }
    }

    /// Oldest first.
    package func list(preset: String) throws(Failure) -> [ParameterComment] {
        try withState { $0.comments.filter { $0.preset == preset } }
    }

    package func add(preset: String, parameter: String, progress: Double?, text raw: String, author: String, at time: String) throws(Failure) -> ParameterComment {
        let text = raw.trimmingCharacters(in: [" ", "\n", "\t", "\r"])
        guard !text.isEmpty else { throw .emptyText }
        guard text.count <= Self.maxTextCharacters else { throw .textTooLong }
        return try withState { (s: inout State) throws(Failure) in
            guard s.comments.count < Self.maxTotal else { throw .tooMany(preset: false) }
            guard s.comments.lazy.filter({ $0.preset == preset }).count < Self.maxPerPreset else { throw .tooMany(preset: true) }
            let comment = ParameterComment(id: s.nextID, preset: preset, parameter: parameter, progress: progress, text: text,
                                           author: author, createdAt: time)
            do { try records?.insert(comment) } catch { throw Self.failure(error) }
            s.nextID += 1
            s.comments.append(comment)
            return comment
        }
    }

    /// Resolving twice keeps the first resolution.
    package func resolve(preset: String, id: Int, by author: String, at time: String) throws(Failure) -> ParameterComment {
        try withState { (s: inout State) throws(Failure) in
            guard let index = s.comments.firstIndex(where: { $0.id == id && $0.preset == preset }) else { throw .notFound }
            guard !s.comments[index].resolved else { return s.comments[index] }
            var comment = s.comments[index]
            comment.resolvedBy = author
            comment.resolvedAt = time
            do { try records?.update(comment) } catch { throw Self.failure(error) }
            s.comments[index] = comment
            return comment
        }
    }

    /// A renamed preset keeps its threads.
    package func rename(_ old: String, to new: String) throws(Failure) {
        try withState { (s: inout State) throws(Failure) in
            for index in s.comments.indices where s.comments[index].preset == old {
                var comment = s.comments[index]
                comment.preset = new
                do { try records?.update(comment) } catch { throw Self.failure(error) }
                s.comments[index] = comment
            }
        }
    }
}
