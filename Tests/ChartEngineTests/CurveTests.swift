import Testing
@testable import ChartEngine

@Suite struct CurveTests {
    let xs: [Double] = [0, 1, 3, 4, 7, 8]
    let ys: [Double] = [2, 5, 1, 1, 6, 3]

    @Test func linearByHand() {
        #expect(curve(.linear).pathText(xs: [0, 1, 2], ys: [0, 1, 0], digits: nil) == "M0,0L1,1L2,0")
        #expect(curve(.linear).pathText(xs: [1], ys: [2], digits: nil) == "M1,2Z")
        #expect(curve(.linear).pathText(xs: [], ys: [], digits: nil) == "")
    }

    @Test func gapsSplitTheLine() {
        let d = curve(.linear).pathText(xs: [0, 1, 2, 3, 4], ys: [0, 1, .nan, 3, 4], digits: nil)
        #expect(d == "M0,0L1,1M3,3L4,4")
        let lone = curve(.natural).pathText(xs: [0, 1, 2], ys: [5, .nan, 7], digits: nil)
        #expect(lone == "M0,5ZM2,7Z")
    }

    @Test func stepVariantsChangeWhereTheirNamesSay() {
        #expect(curve(.stepStart).pathText(xs: [0, 2], ys: [0, 2], digits: nil) == "M0,0L0,2L2,2")
        #expect(curve(.stepCenter).pathText(xs: [0, 2], ys: [0, 2], digits: nil) == "M0,0L1,0L1,2L2,2")
        #expect(curve(.stepEnd).pathText(xs: [0, 2], ys: [0, 2], digits: nil) == "M0,0L2,0L2,2")
    }

    @Test func basisByHand() {
        #expect(curve(.basis).pathText(xs: [0, 3, 6], ys: [0, 3, 0], digits: nil) == "M0,0L0.5,0.5C1,1,2,2,3,2C4,2,5,1,5.5,0.5L6,0")
    }

    @Test func bumpXByHand() {
        #expect(curve(.bumpX).pathText(xs: [0, 2], ys: [0, 2], digits: nil) == "M0,0C1,0,1,2,2,2")
    }

    @Test func cardinalByHand() {
        // k = (1 - 0)/6; first segment's first control equals its start (x0 is the start itself).
        let d = parsePath(curve(.cardinal).pathText(xs: [0, 1, 2], ys: [0, 6, 0], digits: nil))
        let expected: [[Double]] = [[0, 0], [0, 0, 2.0 / 3, 6, 1, 6], [4.0 / 3, 6, 2, 0, 2, 0]]
        #expect(d.map(\.letter) == ["M", "C", "C"])
        for (command, values) in zip(d, expected) {
            for (a, b) in zip(command.values, values) { #expect(abs(a - b) < 1e-12) }
        }
    }

    @Test(arguments: [CurveName.linear, .monotone, .catmullRom, .cardinal, .natural, .bumpX])
    func interpolatingCurvesPassThroughEveryPoint(name: CurveName) {
        for alpha in [0.0, 0.5, 1.0] {
            let ends = pathEndpoints(curve(name, alpha: alpha).pathText(xs: xs, ys: ys, digits: nil))
            #expect(ends.count == xs.count)
            for (i, (x, y)) in ends.enumerated() {
                #expect(abs(x - xs[i]) < 1e-9 && abs(y - ys[i]) < 1e-9)
            }
        }
    }

    @Test func monotoneKeepsMonotoneDataMonotoneAndPlateausFlat() {
        let mx: [Double] = [0, 1, 2, 3, 5, 6, 9]
        let my: [Double] = [1, 2, 2, 2, 8, 9, 30]
        let commands = parsePath(curve(.monotone).pathText(xs: mx, ys: my, digits: nil))
        var previous = (mx[0], my[0])
        var lastY = -Double.infinity
        for c in commands.dropFirst() {
            for (_, y) in bezierSamples(from: previous, c) {
                #expect(y >= lastY - 1e-9)
                lastY = y
            }
            if previous.1 == c.values[5] {  // a plateau: its controls are flat too
                #expect(c.values[1] == previous.1 && c.values[3] == previous.1)
            }
            previous = c.end!
        }
    }

    @Test func naturalHasZeroSecondDerivativeAtTheEnds() {
        let commands = parsePath(curve(.natural).pathText(xs: xs, ys: ys, digits: nil))
        let first = commands[1].values, p0 = commands[0].values
        #expect(abs(p0[1] - 2 * first[1] + first[3]) < 1e-9)
        #expect(abs(p0[0] - 2 * first[0] + first[2]) < 1e-9)
        let last = commands[commands.count - 1].values
        #expect(abs(last[1] - 2 * last[3] + last[5]) < 1e-9)
    }

    @Test func catmullRomAlphasDifferOnUnevenSpacingAndAgreeOnEvenSpacing() {
        let uneven0 = curve(.catmullRom, alpha: 0).pathText(xs: xs, ys: ys, digits: nil)
        let uneven5 = curve(.catmullRom, alpha: 0.5).pathText(xs: xs, ys: ys, digits: nil)
        let uneven1 = curve(.catmullRom, alpha: 1).pathText(xs: xs, ys: ys, digits: nil)
        #expect(uneven0 != uneven5 && uneven5 != uneven1)
        // Equal chords: every parameterisation is uniform, i.e. the cardinal spline of tension 0.
        let zx: [Double] = [0, 1, 2, 3, 4], zy: [Double] = [0, 1, 0, 1, 0]
        let reference = parsePath(curve(.cardinal, tension: 0).pathText(xs: zx, ys: zy, digits: nil))
        for alpha in [0.0, 0.5, 1.0] {
            let other = parsePath(curve(.catmullRom, alpha: alpha).pathText(xs: zx, ys: zy, digits: nil))
            #expect(other.count == reference.count)
            for (a, b) in zip(other, reference) {
                #expect(a.letter == b.letter)
                for (u, v) in zip(a.values, b.values) { #expect(abs(u - v) < 1e-9) }
            }
        }
        // Alpha 0 is drawn as the cardinal spline of tension 0, exactly.
        #expect(uneven0 == curve(.cardinal, tension: 0).pathText(xs: xs, ys: ys, digits: nil))
    }

    @Test func cardinalTensionOneIsStraight() {
        let commands = parsePath(curve(.cardinal, tension: 1).pathText(xs: xs, ys: ys, digits: nil))
        var previous = commands[0].end!
        for c in commands.dropFirst() {
            let v = c.values
            let startOffset: Double = max(abs(v[0] - previous.0), abs(v[1] - previous.1))
            let endOffset: Double = max(abs(v[2] - v[4]), abs(v[3] - v[5]))
            #expect(startOffset < 1e-12)
            #expect(endOffset < 1e-12)
            previous = c.end!
        }
    }

    @Test(arguments: CurveName.allCases)
    func smallAndRepeatedInputsStayFinite(name: CurveName) {
        let cases: [([Double], [Double])] = [
            ([], []), ([1], [1]), ([1, 2], [3, 4]), ([1, 2, 3], [3, 1, 4]),
            ([1, 1, 1], [1, 2, 3]), ([0, 1, 1, 2], [0, 5, 5, 1]), ([2, 2], [2, 2]), ([0, 0, 0, 0], [1, 1, 1, 1]),
        ]
        for (x, y) in cases {
            for alpha in [0.0, 0.5, 1.0] {
                let d = curve(name, alpha: alpha, tension: 0.3).pathText(xs: x, ys: y, digits: nil)
                #expect(!d.contains("nan") && !d.contains("inf"), "\(name) on \(x), \(y): \(d)")
                let allFinite = parsePath(d).allSatisfy { c in c.values.allSatisfy { $0.isFinite } }
                #expect(allFinite)
            }
        }
    }
}
