import WorkbenchSupport

/// `GET|POST /api/frames`: every frame of the transition, eased by the engine.
struct FramesAnswer: Encodable {
    struct Frame: Encodable {
        let time: Double
        let progress: Double
        let svg: String
    }

    let duration: Double
    let direction: String
    let fps: Double
    /// Fewer frames than asked, to stay within one answer's size.
    let reduced: Bool
    let frames: [Frame]
}

/// `GET /api/easing`: eased progress over the duration.
struct EasingAnswer: Encodable {
    let easing: String
    let duration: Double
    let samples: [Double]
}

extension FramesAnswer: DocumentedAnswer {
    static var example: FramesAnswer {
        FramesAnswer(duration: 0.3, direction: "in", fps: 60, reduced: false, frames: [.init(time: 0, progress: 0, svg: "<svg/>")])
    }
}

extension EasingAnswer: DocumentedAnswer {
    static var example: EasingAnswer { EasingAnswer(easing: "easeInOut", duration: 0.3, samples: [0, 1]) }
}
