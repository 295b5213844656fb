import ChartEngine
import WorkbenchStores
import WorkbenchSupport

/// `vectors.json` as typed values: the still cases, the easing samples and the motions played frame by frame.
extension ConformanceVectors {
    struct Document: Encodable {
        struct EasingSamples: Encodable { let t: [Double], progress: [Double] }
        let format = "chart-workbench.vectors"
        let version = 2
        let preset: JSONValue
        let cases: [StillCase]
        let easing: EasingSamples
        let motions: [MotionCase]
    }

    /// `[time, price]`, a missing price as null.
    struct PricePoint: Encodable {
        let time: Double, price: Double?

        init(_ point: (Double, Double?)) { time = point.0; price = point.1 }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.unkeyedContainer()
            try c.encode(time)
            if let price { try c.encode(price) } else { try c.encodeNil() }
        }
    }

    /// One picture: the line and fill paths (and, for small inputs, the whole scene) at a progress and selection.
    struct StillCase: Encodable {
        let name: String, width: Double, height: Double, points: [PricePoint], progress: Double, selection: Double?
        let line: String, fill: String
        /// Written only for the reduced-motion cases.
        let reducedMotion: Bool
        let scene: JSONValue?

        private enum CodingKeys: String, CodingKey { case name, width, height, points, progress, selection, line, fill, reducedMotion, scene }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(name, forKey: .name)
            try c.encode(width, forKey: .width)
            try c.encode(height, forKey: .height)
            try c.encode(points, forKey: .points)
            try c.encode(progress, forKey: .progress)
            try c.encode(selection, forKey: .selection)
            try c.encode(line, forKey: .line)
            try c.encode(fill, forKey: .fill)
            if reducedMotion { try c.encode(true, forKey: .reducedMotion) }
            if let scene { try c.encode(scene, forKey: .scene) }
        }
    }

    struct Frame: Encodable { let time: Double, progress: Double, scene: JSONValue }

    enum MotionCase: Encodable {
        case period(PeriodCaseVector), live(LiveCaseVector), reveal(RevealCaseVector), outage(OutageCaseVector)

        func encode(to encoder: any Encoder) throws {
            switch self {
            case .period(let vector): try vector.encode(to: encoder)
            case .live(let vector): try vector.encode(to: encoder)
            case .reveal(let vector): try vector.encode(to: encoder)
            case .outage(let vector): try vector.encode(to: encoder)
            }
        }
    }

    struct PeriodCaseVector: Encodable {
        struct Event: Encodable { let time: Double, period: String }
        let name: String
        let motion = "period"
        let width: Double, height: Double, points: [PricePoint]
        /// The parameters the case sets over the preset, by key.
        let parameters: OrderedMembers<ParameterValue>
        let reducedMotion: Bool, from: String, events: [Event], frames: [Frame]
    }

    struct LiveCaseVector: Encodable {
        let name: String, width: Double, height: Double, points: [PricePoint], period: String
        /// `[time, price]` of the price that arrives.
        let price: [Double]
        /// `[time, price, arrival]` of a newer price arriving while the first still steps.
        var then: [Double]?
        let progress: Double, selection: Double?, reducedMotion: Bool, frames: [Frame]

        private enum CodingKeys: String, CodingKey { case name, motion, width, height, points, period, price, then, progress, selection, reducedMotion, frames }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(name, forKey: .name)
            try c.encode("live", forKey: .motion)
            try c.encode(width, forKey: .width)
            try c.encode(height, forKey: .height)
            try c.encode(points, forKey: .points)
            try c.encode(period, forKey: .period)
            try c.encode(price, forKey: .price)
            if let then { try c.encode(then, forKey: .then) }
            try c.encode(progress, forKey: .progress)
            try c.encode(selection, forKey: .selection)
            try c.encode(reducedMotion, forKey: .reducedMotion)
            try c.encode(frames, forKey: .frames)
        }
    }

    struct RevealCaseVector: Encodable {
        let name: String
        let motion = "reveal"
        let width: Double, height: Double, points: [PricePoint]
        let parameters: OrderedMembers<ParameterValue>
        let period: String, reducedMotion: Bool, frames: [Frame]
    }

    struct OutageCaseVector: Encodable {
        struct Frame: Encodable { let secondsSinceLastPrice: Double, progress: Double, selection: Double?, scene: JSONValue }
        let name: String
        let motion = "outage"
        let width: Double, height: Double, points: [PricePoint], period: String, frames: [Frame]
    }
}
