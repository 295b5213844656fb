// Explore benchmarks (release build): the time from an answer to the next proposal with 200
// answers over 10 parameters, and the learning table against the random Bradley–Terry baseline.
// swift run -c release ExploreBenchmarks [studies]
import Foundation
import PreferenceLearning

func milliseconds(_ d: Duration) -> Double {
    Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
}

let space = Simulation.chartStudySpace()
let clock = ContinuousClock()

// Timing: a round with 200 answers from the simulated team, then answer → proposal timed 15 times
// (each record refits the model, tries ≤ 2 neighbouring values of one hyperparameter group and
// updates the best).
do {
    var rng = SplitMix64(seed: 99)
    let taste = HiddenTaste(space: space, rng: &rng)
    var round = ExploreRound(space: space, seed: 7)
    var times: [Double] = [], recordTimes: [Double] = [], proposeTimes: [Double] = []
    var proposal = round.propose()
    for n in 1...215 {
        let person = SimulatedPerson.team[n % 3]
        let outcome = person.answer(proposal.first, proposal.second, taste: taste, rng: &rng)
        let start = clock.now
        try round.record(outcome, to: proposal.id, person: person.name)
        let mid = clock.now
        proposal = round.propose()
        let end = clock.now
        if n > 200 {
            times.append(milliseconds(end - start))
            recordTimes.append(milliseconds(mid - start))
            proposeTimes.append(milliseconds(end - mid))
        }
    }
    let m = Simulation.median
    print(String(format: "answer → proposal at 200–215 answers × %d parameters: median %.1f ms (record+refit %.1f, propose %.1f), max %.1f ms",
                 space.count, m(times), m(recordTimes), m(proposeTimes), times.max()!))
    print("hyperparameters: \(round.hyperparameters)")
}

let studies = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 20 : 20
let start = clock.now
let scale = ProcessInfo.processInfo.environment["NOISE_SCALE"].flatMap(Double.init) ?? 1
let people = SimulatedPerson.team.map { SimulatedPerson(name: $0.name, temperature: $0.temperature * scale, tieMargin: $0.tieMargin) }
var settings = ExploreRound.Settings()
if ProcessInfo.processInfo.environment["NOHYPER"] != nil { settings.hyperparameterSearch = false }
if let v = ProcessInfo.processInfo.environment["LOCAL"].flatMap(Int.init) { settings.localMoves = v }
if let v = ProcessInfo.processInfo.environment["RANDOM"].flatMap(Int.init) { settings.randomCandidates = v }
if let a = ProcessInfo.processInfo.environment["ACQ"].flatMap(ExploreRound.Settings.Acquisition.init(rawValue:)) { settings.acquisition = a }
let rows = Simulation.table(studies: studies, checkpoints: [10, 20, 30, 50], space: space, settings: settings, people: people)
print("\nLearning (\(studies) studies, 3 simulated people, medians): share of the taste's range reached; distance to the hidden best")
print("answers | round range | random+BT range | round dist | random+BT dist | round closer | round better")
for r in rows {
    print(String(format: "%7d | %11.3f | %15.3f | %10.3f | %14.3f | %10.0f %% | %10.0f %%", r.answers, r.medianModelFraction, r.medianBaselineFraction,
                 r.medianModelDistance, r.medianBaselineDistance, r.closerShare * 100, r.betterShare * 100))
}
print(String(format: "(studies took %.1f s)", milliseconds(clock.now - start) / 1000))
