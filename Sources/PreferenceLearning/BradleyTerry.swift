import Foundation

/// Bradley–Terry scores by Hunter's MM algorithm; "no preference" is half a win each way; each
/// item also drew one win and one loss against a phantom of strength 1 (keeps scores finite).
public enum BradleyTerry {
    public static func scores(items: Int, comparisons: [(Int, Int, ExploreRound.Outcome)], iterations: Int = 200) -> [Double] {
        var wins = [Double](repeating: 1, count: items)
        for (a, b, o) in comparisons {
            switch o {
            case .first: wins[a] += 1
            case .second: wins[b] += 1
            case .noPreference: wins[a] += 0.5; wins[b] += 0.5
            }
        }
        var gamma = [Double](repeating: 1, count: items)
        for _ in 0..<iterations {
            var denominator = gamma.map { 2 / ($0 + 1) }
            for (a, b, _) in comparisons {
                let t = 1 / (gamma[a] + gamma[b])
                denominator[a] += t; denominator[b] += t
            }
            gamma = (0..<items).map { wins[$0] / denominator[$0] }
        }
        return gamma.map(log)
    }
}
