extension Sequence where Element: Equatable {
    /// The elements in their order, each at its first occurrence only: people in the order they
    /// first answered, the distinct values a few candidates show. For the short lists it is used
    /// on, a linear search beats hashing, and Equatable is enough.
    package var firstOccurrences: [Element] {
        reduce(into: []) { kept, element in if !kept.contains(element) { kept.append(element) } }
    }
}
