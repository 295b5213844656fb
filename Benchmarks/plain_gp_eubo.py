"""A plain preferential GP with EUBO, the reference the issue's check describes ("a plain GP with
EUBO, written for the check"), for `make bench-explore`: what the method reaches on the same
tastes and people without the round's choices (far-apart first pairs, challengers of a cautious
best, category turns, people's offsets).

- Model: a probit pairwise GP (Chu & Ghahramani 2005) fitted by Laplace on the answered points;
  an RBF over the ordered axes (0…1) times exp(−w·[option differs]) for each categorical axis.
- Hyperparameters: the lengthscale (0.1…0.7), σ (0.05…0.4) and w (0.5, 1.5) with the highest
  Laplace evidence after every answer, with a weak log-normal prior on the lengthscale (centre 0.3).
- Pairs: 4 random ones, then EUBO (Lin et al. 2022) over 600 random points, the answered points
  and 60 moves (sd 0.05) around each of the three leading ones: from the highest mean, the
  partner that maximises EUBO with it, three times in turn.
- Best: the highest posterior mean over 2000 random points and the answered ones.
"""
import math
import random

import numpy as np
from scipy.stats import norm

LENGTHSCALES = [0.1, 0.15, 0.2, 0.3, 0.45, 0.7]
SIGMAS = [0.05, 0.1, 0.2, 0.4]
OPTION_WEIGHTS = [0.5, 1.5]
RANDOM_PAIRS = 4
CANDIDATES = 600


class Coordinates:
    """Points as [ordered z in 0…1 …, option index …] and back to the round's values."""
    def __init__(self, space):
        self.space = space
        self.ordered = [i for i, axis in enumerate(space.axes) if axis[1] == "ordered"]
        self.categorical = [i for i, axis in enumerate(space.axes) if axis[1] == "categorical"]
        self.options = [len(space.axes[i][2]) for i in self.categorical]

    def random(self, rng, n):
        z = rng.random((n, len(self.ordered)))
        c = np.stack([rng.integers(0, m, n) for m in self.options], 1) if self.options else np.zeros((n, 0))
        return np.concatenate([z, c], 1)

    def values(self, x):
        values = {}
        for k, i in enumerate(self.ordered):
            key, _, (low, high), step = self.space.axes[i]
            values[key] = self.space.snap(low + x[k] * (high - low), (low, high), step)
        for k, i in enumerate(self.categorical):
            values[self.space.axes[i][0]] = self.space.axes[i][2][int(x[len(self.ordered) + k])]
        return values


def kernel(a, b, ordered, lengthscale, weight):
    d2 = ((a[:, None, :ordered] - b[None, :, :ordered]) ** 2).sum(-1) / (2 * lengthscale ** 2)
    differs = (a[:, None, ordered:] != b[None, :, ordered:]).sum(-1)
    return np.exp(-d2 - weight * differs)


class PairwiseGP:
    def __init__(self, x, comparisons, ordered, lengthscale, sigma, weight):
        self.x, self.ordered, self.lengthscale, self.weight = x, ordered, lengthscale, weight
        n = len(x)
        k = kernel(x, x, ordered, lengthscale, weight) + 1e-6 * np.eye(n)
        rows = np.arange(len(comparisons))
        a = np.zeros((len(comparisons), n))
        a[rows, [c[0] for c in comparisons]] += 1
        a[rows, [c[1] for c in comparisons]] -= 1
        y = np.array([c[2] for c in comparisons], float)
        s = math.sqrt(2) * sigma

        def ratio(z):
            return np.exp(norm.logpdf(z) - norm.logcdf(z))

        def likelihood(f):
            g = a @ f / s
            strict = y != 0
            value = np.where(strict, norm.logcdf(y * g), 0.5 * (norm.logcdf(g) + norm.logcdf(-g)))
            r1, r2 = ratio(np.where(strict, y * g, g)), ratio(-g)
            gradient = np.where(strict, y * r1, 0.5 * (r1 - r2)) / s
            w = np.where(strict, r1 * (y * g + r1), 0.5 * (r1 * (g + r1) + r2 * (-g + r2))) / (s * s)
            return value.sum(), a.T @ gradient, a.T @ (w[:, None] * a)

        k_inverse = np.linalg.inv(k)
        f = np.zeros(n)
        for _ in range(50):
            _, gradient, w = likelihood(f)
            step = np.linalg.solve(k_inverse + w, w @ f + gradient)
            done = np.max(abs(step - f)) < 1e-8
            f = step
            if done:
                break
        value, gradient, w = likelihood(f)
        self.weights = gradient
        self.m = w @ np.linalg.inv(np.eye(n) + k @ w)
        self.evidence = value - 0.5 * f @ k_inverse @ f - 0.5 * np.linalg.slogdet(np.eye(n) + k @ w)[1]

    def predict(self, points, full=False):
        ks = kernel(points, self.x, self.ordered, self.lengthscale, self.weight)
        mean = ks @ self.weights
        if full:
            return mean, kernel(points, points, self.ordered, self.lengthscale, self.weight) - ks @ self.m @ ks.T
        return mean, np.maximum(1 - np.einsum("ij,jk,ik->i", ks, self.m, ks), 1e-12)


def fit(x, comparisons, ordered):
    def score(gp):
        return gp.evidence - 0.5 * math.log(gp.lengthscale / 0.3) ** 2
    return max((PairwiseGP(x, comparisons, ordered, l, s, w) for l in LENGTHSCALES for s in SIGMAS for w in OPTION_WEIGHTS), key=score)


def eubo_pair(gp, candidates):
    mean, cov = gp.predict(candidates, full=True)
    variance = np.diag(cov)
    i = int(np.argmax(mean))
    best = (-np.inf, i, i)
    for _ in range(3):
        s = np.sqrt(np.maximum(variance[i] + variance - 2 * cov[i], 1e-12))
        d = mean - mean[i]
        eubo = mean[i] + d * norm.cdf(d / s) + s * norm.pdf(d / s)
        eubo[i] = -np.inf
        j = int(np.argmax(eubo))
        if eubo[j] <= best[0] + 1e-12:
            break
        best = (eubo[j], i, j)
        i = j
    return best[1], best[2]


def study(space, taste, study_name, seed, people, prefer, checkpoint, checkpoints):
    """One study answered in turn by `people` with `prefer`; `checkpoint(taste, values)` at each of `checkpoints`."""
    coordinates = Coordinates(space)
    ordered = len(coordinates.ordered)
    answers_rng = random.Random(f"plain-{study_name}")
    rng = np.random.default_rng(seed)
    points, index, comparisons, rows, gp = [], {}, [], {}, None

    def item(x):
        key = tuple(np.round(x, 9))
        if key not in index:
            index[key] = len(points)
            points.append(np.array(x))
        return index[key]

    for n in range(1, checkpoints[-1] + 1):
        person = people[n % len(people)]
        if n <= RANDOM_PAIRS or gp is None:
            a, b = coordinates.random(rng, 2)
        else:
            answered = np.array(points)
            pool = [coordinates.random(rng, CANDIDATES), answered]
            for t in np.argsort(-gp.predict(answered)[0])[:3]:
                moves = np.repeat(answered[t:t + 1], 60, 0)
                moves[:, :ordered] = np.clip(moves[:, :ordered] + rng.normal(0, 0.05, (60, ordered)), 0, 1)
                pool.append(moves)
            candidates = np.concatenate(pool)
            i, j = eubo_pair(gp, candidates)
            a, b = candidates[i], candidates[j]
        choice = prefer(person, taste(coordinates.values(a)), taste(coordinates.values(b)), answers_rng)
        comparisons.append((item(a), item(b), {"a": 1, "b": -1, "none": 0}[choice]))
        gp = fit(np.array(points), comparisons, ordered)
        if n in checkpoints:
            candidates = np.concatenate([coordinates.random(rng, 2000), np.array(points)])
            rows[n] = checkpoint(taste, coordinates.values(candidates[int(np.argmax(gp.predict(candidates)[0]))]))
    return rows
