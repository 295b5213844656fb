/// A JSON object whose member names are data (parameter keys, ids, group names, a schema's
/// properties, the document's paths), in the order given or read: what a `[String: Value]` cannot keep.
package struct OrderedMembers<Value> {
    package var members: [(String, Value)]

    package init(_ members: [(String, Value)] = []) { self.members = members }

    /// Appends `value` under `name`, or replaces the value a member of that name has.
    package mutating func set(_ name: String, _ value: Value) {
        if let i = members.firstIndex(where: { $0.0 == name }) { members[i].1 = value } else { members.append((name, value)) }
    }
}

extension OrderedMembers: Encodable where Value: Encodable {
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        for (name, value) in members { try container.encode(value, forKey: AnyCodingKey(name)) }
    }
}

extension OrderedMembers: Decodable where Value: Decodable {
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        members = try container.allKeys.map { ($0.stringValue, try container.decode(Value.self, forKey: $0)) }
    }
}

extension OrderedMembers: Sendable where Value: Sendable {}
