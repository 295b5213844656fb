"""How sure can a round be of the right curve after 30 answers from make bench-explore's people?

An upper bound, not a method: the curve is found by duels alone, with everything a round does not
know handed to it. Every other number of the taste is known, so an answer between two charts tells
only which curve is better; each duel is between two curves and nothing else; the people's noise
(Bradley–Terry temperatures 0.04, 0.08 and 0.15, answering in turn as in the bench) is known; and
the curve's costs are the bench's (the favourite 0, every other one 0.15…0.35 of the ordered part's
range, rescaled as the bench rescales the taste). The first 8 answers duel two random curves (the
round's far-apart pairs); after that a duel pits the curve with the highest estimate against a
challenger chosen by

- `improvement`: the highest probability of beating it (the estimate's Laplace posterior), or
- `top-two Thompson`: the best of a posterior draw when that is not the leader (Russo 2016).

The estimate is the MAP of the ten curves' effects under a N(0, 0.2²) prior, which the last answer
reads: right when the favourite leads. `every` = 1 makes every answer after the first 8 a duel;
`every` = 4 only every fourth, as the round's category turns come (the answers between them are
left out, so the round's own pairs that change the curve and the numbers at once are not counted
here: the round can beat that line, not the first).

    python3 Benchmarks/explore_curve_bound.py [STUDIES]
"""
import math
import random
import sys

CURVES = 10
TEMPERATURES = [0.04, 0.08, 0.15]   # answer n is by person n % 3, as explore_bench.PEOPLE
PRIOR_SD = 0.2
FIRST_PAIRS = 8


def solve(a, b):
    """x with a x = b (Gaussian elimination with partial pivoting; a is small and positive definite)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            for k in range(c, n + 1):
                m[r][k] -= f * m[c][k]
    x = [0.0] * n
    for r in reversed(range(n)):
        x[r] = (m[r][n] - sum(m[r][k] * x[k] for k in range(r + 1, n))) / m[r][r]
    return x


def inverse(a):
    n = len(a)
    columns = [solve(a, [1.0 if i == j else 0.0 for i in range(n)]) for j in range(n)]
    return [[columns[j][i] for j in range(n)] for i in range(n)]


def cholesky(a):
    n = len(a)
    low = [[0.0] * n for _ in range(n)]
    for i in range(n):
        for j in range(i + 1):
            s = a[i][j] - sum(low[i][k] * low[j][k] for k in range(j))
            low[i][j] = math.sqrt(max(s, 1e-15)) if i == j else s / low[j][j]
    return low


def fit(duels, start):
    """MAP effects and the Hessian of the negative log posterior (damped Newton from `start`)."""
    e = start[:]
    for _ in range(200):
        g = [-x / PRIOR_SD ** 2 for x in e]
        h = [[(1 / PRIOR_SD ** 2 if i == j else 0.0) for j in range(CURVES)] for i in range(CURVES)]
        for a, b, tau, won in duels:
            p = 1 / (1 + math.exp(-max(-50.0, min(50.0, (e[a] - e[b]) / tau))))
            r, w = (won - p) / tau, p * (1 - p) / tau ** 2
            g[a] += r
            g[b] -= r
            h[a][a] += w
            h[b][b] += w
            h[a][b] -= w
            h[b][a] -= w
        step = solve(h, g)
        largest = max(abs(s) for s in step)
        scale = min(1.0, 0.05 / largest) if largest > 0 else 1.0
        e = [x + scale * s for x, s in zip(e, step)]
        if largest < 1e-8:
            break
    return e, h


def study(rng, policy, answers=30, every=1):
    penalties = [0.0] + [rng.uniform(0.15, 0.35) for _ in range(CURVES - 1)]
    effect = [-p / (1 + max(penalties)) for p in penalties]
    duels = []

    def duel(a, b, n):
        tau = TEMPERATURES[n % 3]
        won = 1 if rng.random() < 1 / (1 + math.exp(-(effect[a] - effect[b]) / tau)) else 0
        duels.append((a, b, tau, won))

    for n in range(1, FIRST_PAIRS + 1):
        duel(*rng.sample(range(CURVES), 2), n)
    e = [0.0] * CURVES
    for n in range(FIRST_PAIRS + 1, answers + 1):
        if (n - FIRST_PAIRS) % every:
            continue
        e, h = fit(duels, e)
        cov = inverse(h)
        leader = max(range(CURVES), key=lambda c: e[c])
        if policy == "improvement":
            def beats(c):
                s = math.sqrt(max(1e-12, cov[c][c] + cov[leader][leader] - 2 * cov[c][leader]))
                return (e[c] - e[leader]) / s
            challenger = max((c for c in range(CURVES) if c != leader), key=beats)
        else:
            low = cholesky(cov)
            challenger = None
            for _ in range(100):
                z = [rng.gauss(0, 1) for _ in range(CURVES)]
                draw = [e[i] + sum(low[i][k] * z[k] for k in range(i + 1)) for i in range(CURVES)]
                top = max(range(CURVES), key=lambda c: draw[c])
                if top != leader:
                    challenger = top
                    break
            if challenger is None:
                challenger = sorted(range(CURVES), key=lambda c: e[c])[-2]
        duel(leader, challenger, n)
    e, _ = fit(duels, e)
    return max(range(CURVES), key=lambda c: e[c]) == 0


def bound(policy, every, studies, seed=7):
    rng = random.Random(f"{policy}-{every}-{seed}")
    return sum(study(rng, policy, every=every) for _ in range(studies)) / studies


def main():
    studies = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    print(f"the right curve at 30 answers with every other number known, {studies} studies:")
    for every in (1, 4):
        words = "every answer after the first 8 a duel" if every == 1 else "every fourth, as the round's category turns"
        shares = ", ".join(f"{policy} {100 * bound(policy, every, studies):.0f} %" for policy in ("improvement", "top-two Thompson"))
        print(f"  {words}: {shares}")


if __name__ == "__main__":
    main()
