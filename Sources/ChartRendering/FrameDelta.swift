import ChartEngine
import WorkbenchSupport

/// A frame the render socket drew for one chart: the elements the engine wrote, in document
/// order, with the numbers of their paths, remembered so the next frame can travel as a delta.
package struct DrawnFrame {
    package let number: Int
    /// Path numbers are whole units of 10^-precision (the document's digits).
    package let precision: Int
    package let elements: [SVGElementRecord]
    /// The places and names of the attributes the delta this frame travelled as set (nil: it
    /// travelled whole). The page keeps them too, so that a next delta setting the same ones
    /// sends only their values.
    package var attributesSet: [FrameDelta.AttributePlace]?

    package init(number: Int, precision: Int, elements: [SVGElementRecord]) {
        self.number = number
        self.precision = precision
        self.elements = elements
    }

    /// Every path's numbers, for a whole frame: the page keeps them to apply later deltas.
    package var paths: [WholePath] {
        elements.indices.compactMap { i in elements[i].path.map { WholePath(index: i, path: $0) } }
    }

    /// What changes from `self` (what the page shows) to `next`; nil when the documents differ
    /// in more than elements removed and inserted whole (then the whole document travels).
    package func delta(to next: DrawnFrame) -> FrameDelta? {
        guard precision == next.precision else { return nil }
        // An element stays when the new frame has one of the same key and name (a path that
        // becomes a `<use>` of a shared path is another element).
        let newNames = Dictionary(next.elements.map { ($0.key, $0.name) }, uniquingKeysWith: { first, _ in first })
        let removed = Self.subtreeRoots(elements) { newNames[$0.key] != $0.name }
        let keptKeys = Set(elements.indices.filter { !removed.within[$0] }.map { elements[$0].key })
        let inserted = Self.subtreeRoots(next.elements) { !keptKeys.contains($0.key) }
        let kept = elements.indices.filter { !removed.within[$0] }
        let matched = next.elements.indices.filter { !inserted.within[$0] }
        let oldParents = Self.parents(elements), newParents = Self.parents(next.elements)
        var newIndex = [Int](repeating: -1, count: elements.count)
        guard kept.count == matched.count else { return nil }
        for (i, j) in zip(kept, matched) {
            let old = elements[i], new = next.elements[j]
            guard old.key == new.key, old.name == new.name, oldParents[i] < 0 || newIndex[oldParents[i]] == newParents[j] else { return nil }
            newIndex[i] = j
        }

        var delta = FrameDelta(precision: next.precision)
        delta.removed = removed.roots
        var changedPaths: [(index: Int, deltas: [Int])] = []
        // A path that is new, or drawn with other commands, starts from a shown path of the same
        // commands when there is one (a press turns the line into a shared path: the same numbers).
        var shownByCommands: [[UInt8]: Int]?
        func sendWhole(_ j: Int, _ path: FixedPath) {
            if shownByCommands == nil {
                shownByCommands = [:]
                for i in elements.indices { if let shown = elements[i].path { shownByCommands![shown.commands] = shownByCommands![shown.commands] ?? i } }
            }
            if let i = shownByCommands![path.commands], let from = elements[i].path {
                delta.derived.append(.init(index: j, from: i, changes: zip(from.values, path.values).map { $1 &- $0 }))
            } else {
                delta.paths.append(WholePath(index: j, path: path))
            }
        }
        for j in next.elements.indices where inserted.within[j] {
            let element = next.elements[j]
            delta.inserted.append(.init(index: j, parent: newParents[j], name: element.name,
                                        attributes: element.attributes.filter { $0.0 != "d" || element.path == nil }, text: element.text))
            if let path = element.path { sendWhole(j, path) }
        }
        for (i, j) in zip(kept, matched) where elements[i] != next.elements[j] {
            let old = elements[i], new = next.elements[j]
            if old.text != new.text { delta.texts.append(.init(index: j, text: new.text ?? "")) }
            for (name, value) in new.attributes {
                if name == "d", let path = new.path {
                    if let from = old.path, from.commands == path.commands {
                        let deltas = zip(from.values, path.values).map { $1 &- $0 }
                        if deltas.contains(where: { $0 != 0 }) { changedPaths.append((j, deltas)) }
                    } else {
                        sendWhole(j, path)
                    }
                } else if old.attributes.first(where: { $0.0 == name })?.1 != value {
                    delta.set(j, name, value)
                }
            }
            for (name, _) in old.attributes where !new.attributes.contains(where: { $0.0 == name }) { delta.set(j, name, nil) }
        }
        // Shorter changes first, so a longer one can start from one already sent (the fill under the line).
        var sent: [(index: Int, deltas: [Int])] = []
        for (index, deltas) in changedPaths.sorted(by: { $0.deltas.count < $1.deltas.count }) {
            let earlier = sent.last { !$0.deltas.isEmpty && deltas.starts(with: $0.deltas) }
            delta.moved.append(.init(index: index, earlier: earlier?.index, changes: Array(deltas.dropFirst(earlier?.deltas.count ?? 0))))
            sent.append((index, deltas))
        }
        // Only the values of the attributes the shown frame's delta set, when that is shorter
        // (not when most of them have stopped changing: they would travel again every frame).
        if delta.removed.isEmpty, delta.inserted.isEmpty, let shownSet = attributesSet, let values = Self.values(at: shownSet, in: next, setting: delta.attributes),
           values.reduce(0, { $0 + FrameDelta.length($1) + 1 }) < delta.attributes.reduce(0, { $0 + $1.length + 1 }) {
            delta.attributes = zip(shownSet, values).map { FrameDelta.AttributeChange(place: $0, value: $1) }
            delta.valuesOnly = true
        }
        return delta
    }

    /// The new frame's values of the attributes at `places` (the ones the delta to the frame
    /// shown set), when they cover every attribute `changes` sets and each place's elements share
    /// one value; else nil. A motion sets the same attributes every frame: only the values travel.
    private static func values(at places: [FrameDelta.AttributePlace], in next: DrawnFrame, setting changes: [FrameDelta.AttributeChange]) -> [String?]? {
        guard !places.isEmpty else { return nil }
        var covered = Set<FrameDelta.AttributePlace>()
        var values: [String?] = []
        for place in places {
            guard place.name != "d", !place.indices.isEmpty else { return nil }
            var shared: String??
            for index in place.indices {
                guard next.elements.indices.contains(index) else { return nil }
                let value = next.elements[index].attributes.first { $0.0 == place.name }?.1
                if let shared, shared != value { return nil }
                shared = value
                covered.insert(.init(indices: [index], name: place.name))
            }
            values.append(shared ?? nil)
        }
        for change in changes { for index in change.place.indices where !covered.contains(.init(indices: [index], name: change.place.name)) { return nil } }
        return values
    }

    /// The elements `picks` chooses that no chosen element encloses, and every element within one of them.
    private static func subtreeRoots(_ elements: [SVGElementRecord], _ picks: (SVGElementRecord) -> Bool) -> (roots: [Int], within: [Bool]) {
        var roots: [Int] = [], within = [Bool](repeating: false, count: elements.count)
        var rootDepth = Int.max
        for (i, element) in elements.enumerated() {
            if element.depth > rootDepth { within[i] = true; continue }
            rootDepth = Int.max
            if picks(element) { roots.append(i); within[i] = true; rootDepth = element.depth }
        }
        return (roots, within)
    }

    /// Each element's parent index (−1 for the root), from the depths in document order.
    private static func parents(_ elements: [SVGElementRecord]) -> [Int] {
        var open: [Int] = [], parents: [Int] = []
        parents.reserveCapacity(elements.count)
        for (i, element) in elements.enumerated() {
            open.removeLast(max(0, open.count - element.depth))
            parents.append(open.last ?? -1)
            open.append(i)
        }
        return parents
    }
}

/// The change from one drawn frame to the next, on the render socket (docs/api.md): elements
/// are named by their place in the document in pre-order (the root is 0), numbers are whole
/// units of 10^-`precision`, and a path travels as the change of each of its numbers.
package struct FrameDelta: Encodable {
    package struct Insertion {
        let index: Int, parent: Int, name: String, attributes: [(String, String)], text: String?
    }
    /// The elements an attribute change sets, and the attribute's name.
    package struct AttributePlace: Hashable {
        var indices: [Int]
        let name: String
    }
    package struct AttributeChange {
        var place: AttributePlace
        let value: String?

        /// About the length of its entry in `a` (`[[1,2],"name","value"]`; escapes not counted).
        var length: Int {
            let places = place.indices.reduce(0) { $0 + String($1).utf8.count + 1 } + (place.indices.count > 1 ? 1 : -1)
            return 2 + places + 1 + place.name.utf8.count + 2 + 1 + FrameDelta.length(value)
        }
    }

    /// About the length of a value in JSON: a string in quotes (escapes not counted), or null.
    static func length(_ value: String?) -> Int { value.map { $0.utf8.count + 2 } ?? 4 }
    package struct TextChange {
        let index: Int, text: String
    }
    /// A path's numbers' changes; with `earlier`, that path's changes come first, then these.
    package struct PathChange {
        let index: Int, earlier: Int?, changes: [Int]
    }
    /// A path's numbers as the changes of the numbers of the path at `from` in the frame shown.
    package struct DerivedPath {
        let index: Int, from: Int, changes: [Int]
    }

    package let precision: Int
    /// Removed before anything else, by their places in the frame shown; their children go with them.
    package var removed: [Int] = []
    /// Inserted in order, by their places in the new frame, each under its parent.
    package var inserted: [Insertion] = []
    package var attributes: [AttributeChange] = []
    /// The attributes set are those the delta to the frame shown set, in the same order: only
    /// their values travel (`A`), as in a motion where the same attributes change every frame.
    package var valuesOnly = false
    package var texts: [TextChange] = []
    package var moved: [PathChange] = []
    /// Paths sent whole: inserted, or drawn with other commands.
    package var paths: [WholePath] = []
    /// Such paths as the change of each number of a path of the same commands in the frame shown.
    package var derived: [DerivedPath] = []

    init(precision: Int) { self.precision = precision }

    /// Several elements taking the same value (the line's two halves, the indicator's parts) share one entry.
    mutating func set(_ index: Int, _ name: String, _ value: String?) {
        if let i = attributes.firstIndex(where: { $0.place.name == name && $0.value == value }) { attributes[i].place.indices.append(index) }
        else { attributes.append(.init(place: .init(indices: [index], name: name), value: value)) }
    }

    package var text: String { JSONValueEncoder.encode(self).serialized() }

    private enum CodingKeys: String, CodingKey { case precision = "p", removed = "r", inserted = "i", attributes = "a", attributeValues = "A", texts = "t", moved = "d", paths = "P", derived = "D" }

    package func encode(to encoder: any Encoder) throws {
        var members = encoder.container(keyedBy: CodingKeys.self)
        try members.encode(precision, forKey: .precision)
        func list(_ key: CodingKeys, _ count: Int, _ item: (inout UnkeyedEncodingContainer, Int) throws -> Void) throws {
            guard count > 0 else { return }
            var items = members.nestedUnkeyedContainer(forKey: key)
            for i in 0..<count {
                var entry = items.nestedUnkeyedContainer()
                try item(&entry, i)
            }
        }
        if !removed.isEmpty { try members.encode(removed, forKey: .removed) }
        try list(.inserted, inserted.count) { entry, i in
            let insertion = inserted[i]
            try entry.encode(insertion.index); try entry.encode(insertion.parent); try entry.encode(insertion.name)
            var attributes = entry.nestedUnkeyedContainer()
            for (name, value) in insertion.attributes { try attributes.encode(name); try attributes.encode(value) }
            if let text = insertion.text { try entry.encode(text) }
        }
        if valuesOnly {
            try members.encode(attributes.map(\.value), forKey: .attributeValues)
        } else {
            try list(.attributes, attributes.count) { entry, i in
                let change = attributes[i]
                if change.place.indices.count == 1 { try entry.encode(change.place.indices[0]) } else { try entry.encode(change.place.indices) }
                try entry.encode(change.place.name)
                if let value = change.value { try entry.encode(value) } else { try entry.encodeNil() }
            }
        }
        try list(.texts, texts.count) { entry, i in try entry.encode(texts[i].index); try entry.encode(texts[i].text) }
        try list(.moved, moved.count) { entry, i in
            let change = moved[i]
            try entry.encode(change.index)
            if let earlier = change.earlier { try entry.encode(earlier) }
            try entry.encode(Varints.changes(change.changes))
        }
        try list(.paths, paths.count) { entry, i in try paths[i].encode(into: &entry) }
        try list(.derived, derived.count) { entry, i in
            try entry.encode(derived[i].index); try entry.encode(derived[i].from); try entry.encode(Varints.changes(derived[i].changes))
        }
    }
}

/// A path's numbers whole: `[index, commands, values]`, the commands as their letters, each
/// followed by how many times it repeats when more than once (`M L699`, written `ML699`), the
/// values as varints of each number's difference from the number two before it (x from x, y
/// from y), the first two as they are.
package struct WholePath: Encodable {
    let index: Int
    let path: FixedPath

    package func encode(to encoder: any Encoder) throws {
        var entry = encoder.unkeyedContainer()
        try encode(into: &entry)
    }

    func encode(into entry: inout UnkeyedEncodingContainer) throws {
        try entry.encode(index)
        var commands: [UInt8] = []
        var at = path.commands.startIndex
        while at < path.commands.endIndex {
            let letter = path.commands[at]
            var end = at + 1
            while end < path.commands.endIndex, path.commands[end] == letter { end += 1 }
            commands.append(letter)
            if end - at > 1 { commands += Array(String(end - at).utf8) }
            at = end
        }
        try entry.encode(String(decoding: commands, as: UTF8.self))
        let values = path.values
        try entry.encode(Varints.text(values.indices.lazy.map { $0 < 2 ? values[$0] : values[$0] &- values[$0 - 2] }))
    }
}

/// Whole numbers as text, a few characters each: zigzag (0, −1, 1, −2 … → 0, 1, 2, 3 …), then
/// five bits a character, least significant first, the sixth bit saying another follows; the
/// characters are base64url's. A change of up to ±15 units is one character, ±511 two.
package enum Varints {
    package static let digits = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    package static func text<C: Collection<Int>>(_ values: C) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(values.count * 2)
        for value in values { append(value, to: &bytes) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A path's changes in the shortest of three forms: as they are; `.` and, for each change that
    /// is not zero, how many zeros come before it and the change (the zeros after the last left
    /// out); or, when every x (every number at an even place) stays, `:` and the changes of the
    /// numbers at odd places (the y of each point: a line that moves only up and down).
    package static func changes(_ values: [Int]) -> String {
        var shortest = text(values)
        var sparse: [UInt8] = [UInt8(ascii: ".")]
        var zeros = 0
        for value in values {
            if value == 0 { zeros += 1; continue }
            append(zeros, to: &sparse)
            append(value, to: &sparse)
            zeros = 0
            if sparse.count >= shortest.utf8.count { break }
        }
        if sparse.count < shortest.utf8.count { shortest = String(decoding: sparse, as: UTF8.self) }
        if values.indices.allSatisfy({ $0 % 2 == 1 || values[$0] == 0 }) {
            let odd = ":" + text(values.indices.lazy.filter { $0 % 2 == 1 }.map { values[$0] })
            if odd.utf8.count < shortest.utf8.count { shortest = odd }
        }
        return shortest
    }

    private static func append(_ value: Int, to bytes: inout [UInt8]) {
        var rest = UInt64(bitPattern: Int64(value) << 1 ^ Int64(value) >> 63)
        repeat {
            let low = Int(rest & 31)
            rest >>= 5
            bytes.append(digits[rest == 0 ? low : low | 32])
        } while rest != 0
    }
}
