/// A path's numbers as whole units of 10^-`digits`, rounded as `PathWriter` rounds them when it
/// writes the path with those digits: the path's text is exactly these numbers. A renderer that
/// holds them can write the path again from the change of each number alone (the render
/// socket's frame deltas), without reading the text back.
public struct FixedPath: Equatable, Sendable {
    public let digits: Int
    /// The command letters in order: `M`, `L`, `C` or `Z`.
    public private(set) var commands: [UInt8] = []
    /// Two numbers for each `M` and `L`, six for each `C`.
    public private(set) var values: [Int] = []

    /// Nil when a number is too large for whole units (`PathWriter` writes it another way).
    public init?(_ path: ScenePath, digits: Int) {
        guard PathWriter.digitRange.contains(digits) else { return nil }
        self.digits = digits
        let scale = Double(NumberText.powersOfTen[digits])
        commands.reserveCapacity(path.commands.count)
        values.reserveCapacity(path.commands.count * 2)
        func add(_ numbers: Double...) -> Bool {
            for number in numbers {
                let scaled = number * scale
                guard scaled.magnitude < NumberText.fastPathLimit else { return false }  // false for NaN too
                values.append(Int(scaled + (scaled < 0 ? -0.5 : 0.5)))
            }
            return true
        }
        for command in path.commands {
            let written: Bool
            switch command {
            case .move(let x, let y): commands.append(UInt8(ascii: "M")); written = add(x, y)
            case .line(let x, let y): commands.append(UInt8(ascii: "L")); written = add(x, y)
            case .curve(let x1, let y1, let x2, let y2, let x, let y): commands.append(UInt8(ascii: "C")); written = add(x1, y1, x2, y2, x, y)
            case .close: commands.append(UInt8(ascii: "Z")); written = true
            }
            guard written else { return nil }
        }
    }
}
