#!/usr/bin/env python3
"""Proof that Explore learns (`make bench-explore`): simulated studies THROUGH THE HTTP API.

A release server is started here on a copy of Presets/. Each study hides a taste over five
ordered parameters (normalised to 0…1 per axis) and the curve (categorical), from one of four
families written here from their description, apart from the Swift HiddenTaste (held-out):

- quadratic: −Σ w_d (z_d − z*_d)², w log-uniform in 0.3…3, z* in 0.1…0.9;
- twoPeaks: two Gaussian bumps at random places (at least 0.35 apart, RMS over the axes), widths
  0.25…0.4 per axis, the lower 0.6…0.85 of the higher, which is the best;
- narrow: one Gaussian bump of width 0.12…0.2 per axis plus a weak quadratic slope towards it
  (0.4 of the bump's height from the centre to the farthest corner), so it can be found;
- ridge: a rotated elongated quadratic: one direction 5…30 times flatter than the others.

Each family also prefers one option of the categorical axis (the others cost 0.15…0.35 of the
ordered part's range) and is rescaled to 0…1 over the space: 1 at the hidden best, 0 at the worst
of 4000 random points and the corners. Three simulated people (Ada, Ben, Cy) answer, each with
the noise of their own temperature on that 0…1 taste (0.04, 0.08, 0.15), the owner inviting the
other two:

- pairs (GET …/next): Bradley–Terry, "no preference" when the two are within 0.01;
- lines (GET …/next?kind=line, 21 stops "0"…"20"): the stop where taste plus noise is highest,
  the noise Gumbel at the person's temperature on the stops 0, 5, 10, 15, 20 and linear between
  (a person's error moves smoothly along a slider);
- galleries (GET …/next?kind=gallery, nine "a"…"i"): the highest taste plus Gumbel noise (no
  "none"). A line or a gallery is ONE answer in the checkpoints;
- pairs + edits: pairs, but every EDIT_EVERY-th answer an edit by hand (POST …/edits, "BO as
  Assistant"): the person looks along each parameter of the team's best with the others held
  (21 stops with a line's noise, or the options with Gumbel noise) and sets the one that looks
  most off where they like it most, when that seems better than the best's value by more than
  twice their temperature; else a pair. One answer each.

Printed per family and over all families, at 10, 20, 30 and 50 answers: the median REGRET,
1 − taste at the team's best (GET …/best; 0 is the hidden best), and the share of studies whose
best has the hidden best's curve at 30 answers, and the median distance at 50 (ordered axes in
units of their range, the curve 1 when wrong; RMS over axes). EXPLORE_STUDIES (default 20) studies per family.
What share of the right curve these people's answers allow at all: Benchmarks/explore_curve_bound.py
(make bench-explore runs it after this).
Beside Explore, with the same people and tastes:
- random pairs + Bradley–Terry: today's variations round, computed here: the starting preset
  and 7 random variations, random pairs among them, the Bradley–Terry leader (MM, ties half);
- optuna-dashboard's preferential GP sampler (`optuna_dashboard.preferential`, botorch), driven
  by the same people's pairs: two live trials, the loser of each comparison replaced by a new
  proposal; its best is the current winner. (It takes no ties: a "no preference" is a coin flip
  there.) It is slow (a GP fit per proposal, 30–40 s a study on 2 cores): OPTUNA_STUDIES
  (default 5, at most EXPLORE_STUDIES) studies per family, on the first of the same tastes, so
  that the default run takes about 25 minutes; 0 leaves its column empty. Each table says how many
  studies each column has.
- a plain GP with EUBO (`plain_gp_eubo.py`, numpy): the reference the issue's check describes,
  what the method reaches on these tastes without the round's own choices. PLAIN_STUDIES
  (default 5, at most EXPLORE_STUDIES) studies per family, 10–15 s each.
Each baseline is then paired with Explore's pairs study by study on the tastes it ran on: in how
many Explore leaves less regret at 50 answers, and both medians over those tastes.
Then three people who disagree on one parameter (DISAGREEMENT_STUDIES, default EXPLORE_STUDIES, a
kind of answer): a quadratic taste they share but for one number, on which each likes another
value (0.15, 0.5, 0.85 of its range); at 50 answers, is the value each is predicted to like most
(the best's `agreement`) nearest their own, are the three in their order, and how far is the
team's best from their compromise (regret against their average liking)? EXPLORE_FAMILIES
(comma-separated, or "none") runs only some families.
Then the end rule: where each round of pairs, kept open, would have ended by itself (its best
unchanged for K answers after the first 8) for a few K and the server's default, and how much
worse its best was there than at 50 answers.
Then the median time from an answer to the next pair at 10 parameters × 200 answers, over HTTP
(POST …/answers then GET …/next, from sending the answer to receiving the pair) and in-process
from ExploreBenchmarks (release).

Usage: explore_bench.py WORKBENCH_BIN [EXPLORE_BENCHMARKS_BIN]. optuna-dashboard lives in the
benchmark's own virtual environment (.build/explore-bench-venv, made by the Makefile); without
it that column says so.
"""
import json
import math
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHECKPOINTS = [10, 20, 30, 50]
STUDIES = int(os.environ.get("EXPLORE_STUDIES", "20"))
# optuna-dashboard's GP fits its model at every proposal: 30–40 s a study on 2 busy cores,
# 40 minutes or more for 20 studies of four families, so it runs on the first few tastes of each family.
OPTUNA_STUDIES = min(STUDIES, int(os.environ.get("OPTUNA_STUDIES", "5")))
PLAIN_STUDIES = min(STUDIES, int(os.environ.get("PLAIN_STUDIES", "5")))
# Five ordered parameters and one categorical (the curve): what a team would tune at once.
KEYS = ["inactiveLineWidth", "animationDuration", "fillTopOpacity", "verticalScale", "catmullRomAlpha", "inactiveCurve"]
PEOPLE = [("Ada", 0.04), ("Ben", 0.08), ("Cy", 0.15)]   # Bradley–Terry temperature on the 0…1 taste
TIE_MARGIN = 0.01
# The three people who disagree: DISAGREEMENT_STUDIES a kind of answer (default EXPLORE_STUDIES).
DISAGREEMENT_STUDIES = int(os.environ.get("DISAGREEMENT_STUDIES", str(STUDIES)))
# EXPLORE_FAMILIES: the taste families to run (comma-separated; default all, "none" for none).
LINE_STOPS, LINE_KNOTS = 21, 5
# In "pairs + edits" every EDIT_EVERY-th answer is an edit by hand, when the person would change anything.
EDIT_EVERY = 4
METHODS = [("pairs", "Explore pairs"), ("lines", "Explore lines"), ("galleries", "Explore galleries"), ("edits", "pairs + edits"),
           ("random", "random pairs + BT"), ("optuna", "optuna-dashboard GP"), ("plain", "plain GP + EUBO")]
EXPLORE_KINDS = ("pairs", "lines", "galleries", "edits")
BASELINES = [(key, label) for key, label in METHODS if key not in EXPLORE_KINDS]


class Server:
    def __init__(self, binary):
        self.dir = Path(tempfile.mkdtemp(prefix="explore-bench-"))
        shutil.copytree(ROOT / "Presets", self.dir / "Presets", ignore=shutil.ignore_patterns(".*"))
        self.process = subprocess.Popen([binary, "serve", "--port", "0", "--presets", str(self.dir / "Presets"),
                                         "--public-folder", str(ROOT / "Public")], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        match = re.search(r"http://[^/]*:(\d+)/", self.process.stdout.readline())
        if not match:
            self.process.kill()
            raise SystemExit("the server did not start")
        self.url = f"http://127.0.0.1:{match.group(1)}"
        self.secrets = {}

    def call(self, method, path, body=None, person="Ada"):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, method=method, headers={
            "Origin": self.url, "Content-Type": "application/json", "X-Workbench-Secret": self.secret(person), "X-Workbench-Client": "bench-" + person})
        with urllib.request.urlopen(request, timeout=60) as answer:
            return json.loads(answer.read())

    def secret(self, person):
        """Every write is by a person: the first simulated person claims the owner's page on
        loopback (POST /api/people) and invites the others as editors (POST /api/invitations)."""
        if person not in self.secrets:
            body = {"name": person}
            if self.secrets:
                body["invitation"] = self.call("POST", "/api/invitations", {"role": "editor"}, person=next(iter(self.secrets)))["code"]
            request = urllib.request.Request(self.url + "/api/people", data=json.dumps(body).encode(), method="POST",
                                             headers={"Origin": self.url, "Content-Type": "application/json"})
            with urllib.request.urlopen(request, timeout=60) as answer:
                self.secrets[person] = json.loads(answer.read())["secret"]
        return self.secrets[person]

    def close(self):
        self.process.terminate()
        self.process.wait(timeout=10)
        shutil.rmtree(self.dir, ignore_errors=True)


class Space:
    """The round's parameters as the server describes them: ranges and options."""
    def __init__(self, parameters, schema):
        self.axes = []
        for p in parameters:
            definition = schema[p["key"]]
            if p["options"]:
                self.axes.append((p["key"], "categorical", p["options"], None))
            else:
                self.axes.append((p["key"], "ordered", (p["min"], p["max"]), definition.get("step") or 0))

    def z(self, values):
        """Normalised coordinates: ordered axes in 0…1, categorical ones as option indices."""
        out = []
        for key, kind, spec, _ in self.axes:
            out.append(spec.index(values[key]) if kind == "categorical" else (values[key] - spec[0]) / (spec[1] - spec[0]))
        return out

    def random_values(self, rng):
        values = {}
        for key, kind, spec, step in self.axes:
            values[key] = rng.choice(spec) if kind == "categorical" else self.snap(rng.uniform(*spec), spec, step)
        return values

    @staticmethod
    def snap(value, bounds, step):
        """A number on its axis's grid (steps from the low end), within the range."""
        low, high = bounds
        return min(high, low + round((value - low) / step) * step) if step else value


class Taste:
    """What every family shares: a preferred option of each categorical axis (the others cost
    0.15…0.35 of the ordered part's range), and the rescaling to 0…1 over the space (1 at the
    hidden best, 0 at the worst of 4000 random points and the corners, clipped). A family gives
    `liking(x)` over the ordered axes' z (higher is better) and `centre`, where it is highest."""
    def __init__(self, space, rng):
        self.space = space
        self.ordered = [i for i, axis in enumerate(space.axes) if axis[1] == "ordered"]
        self.favourites, self.penalties = {}, {}
        for i, (_, kind, spec, _) in enumerate(space.axes):
            if kind == "categorical":
                self.favourites[i] = rng.randrange(len(spec))
                self.penalties[i] = [0 if k == self.favourites[i] else rng.uniform(0.15, 0.35) for k in range(len(spec))]
        self.shape(rng, len(self.ordered))
        corners = [[(c >> d) & 1 for d in range(len(self.ordered))] for c in range(2 ** len(self.ordered))]
        sampled = [[rng.random() for _ in self.ordered] for _ in range(4000)]
        self.top = self.liking(self.centre)
        self.scale = self.top - min(self.liking(x) for x in corners + sampled)
        self.bottom = self.top - self.scale * (1 + sum(max(p) for p in self.penalties.values()))
        self.best_z = [self.favourites[i] if i in self.favourites else self.centre[self.ordered.index(i)] for i in range(len(space.axes))]
        self.category = {space.axes[i][0]: space.axes[i][2][k] for i, k in self.favourites.items()}

    def __call__(self, values):
        z = self.space.z(values)
        raw = self.liking([z[i] for i in self.ordered]) - self.scale * sum(p[int(z[i])] for i, p in self.penalties.items())
        return min(1.0, max(0.0, (raw - self.bottom) / (self.top - self.bottom)))

    def distance(self, values):
        """Ordered axes in units of their range, a categorical one 1 when wrong; RMS over axes."""
        z = self.space.z(values)
        parts = [(a != b) * 1.0 if i in self.favourites else (a - b) ** 2 for i, (a, b) in enumerate(zip(z, self.best_z))]
        return math.sqrt(sum(parts) / len(parts))

    def right_category(self, values):
        return all(values[key] == option for key, option in self.category.items())


def bump(x, centre, widths):
    return math.exp(-0.5 * sum(((a - c) / w) ** 2 for a, c, w in zip(x, centre, widths)))


class Quadratic(Taste):
    """−Σ w_d (z_d − z*_d)², w log-uniform in 0.3…3, z* in 0.1…0.9."""
    def shape(self, rng, n):
        self.centre = [rng.uniform(0.1, 0.9) for _ in range(n)]
        self.weights = [math.exp(rng.uniform(math.log(0.3), math.log(3))) for _ in range(n)]

    def liking(self, x):
        return -sum(w * (a - c) ** 2 for w, a, c in zip(self.weights, x, self.centre))


class TwoPeaks(Taste):
    """The higher of two Gaussian bumps (widths 0.25…0.4 per axis) at places at least 0.35 apart
    (RMS over the axes); the lower is 0.6…0.85 as high: a trap a round can settle on."""
    def shape(self, rng, n):
        self.centre = [rng.uniform(0.1, 0.9) for _ in range(n)]
        while True:
            self.other = [rng.uniform(0.1, 0.9) for _ in range(n)]
            if math.sqrt(sum((a - b) ** 2 for a, b in zip(self.centre, self.other)) / n) >= 0.35:
                break
        self.widths = [[rng.uniform(0.25, 0.4) for _ in range(n)] for _ in range(2)]
        self.lower = rng.uniform(0.6, 0.85)

    def liking(self, x):
        return max(bump(x, self.centre, self.widths[0]), self.lower * bump(x, self.other, self.widths[1]))


class Narrow(Taste):
    """One Gaussian bump of width 0.12…0.2 per axis, centre in 0.15…0.85, on a weak quadratic
    slope towards it (0.4 of the bump's height at the farthest corner)."""
    def shape(self, rng, n):
        self.centre = [rng.uniform(0.15, 0.85) for _ in range(n)]
        self.widths = [rng.uniform(0.12, 0.2) for _ in range(n)]
        self.slope = 0.4 / sum(max(c, 1 - c) ** 2 for c in self.centre)

    def liking(self, x):
        return bump(x, self.centre, self.widths) - self.slope * sum((a - c) ** 2 for a, c in zip(x, self.centre))


class Ridge(Taste):
    """−(z − z*)ᵀ R Λ Rᵀ (z − z*), R a random rotation, Λ: one direction 0.1…0.3, the others
    log-uniform in 1…3 (a valley 5…30 times longer than wide, not along any axis); z* in 0.2…0.8."""
    def shape(self, rng, n):
        self.centre = [rng.uniform(0.2, 0.8) for _ in range(n)]
        self.directions = []   # Gram–Schmidt on Gaussian vectors: an orthonormal basis at random
        while len(self.directions) < n:
            v = [rng.gauss(0, 1) for _ in range(n)]
            for u in self.directions:
                dot = sum(a * b for a, b in zip(v, u))
                v = [a - dot * b for a, b in zip(v, u)]
            norm = math.sqrt(sum(a * a for a in v))
            if norm > 1e-6:
                self.directions.append([a / norm for a in v])
        self.curvatures = [rng.uniform(0.1, 0.3)] + [math.exp(rng.uniform(0, math.log(3))) for _ in range(n - 1)]

    def liking(self, x):
        d = [a - c for a, c in zip(x, self.centre)]
        return -sum(k * sum(a * b for a, b in zip(u, d)) ** 2 for k, u in zip(self.curvatures, self.directions))


FAMILIES = {"quadratic": Quadratic, "twoPeaks": TwoPeaks, "narrow": Narrow, "ridge": Ridge}
ONLY_FAMILIES = set(FAMILIES) if os.environ.get("EXPLORE_FAMILIES", "all") == "all" else set(os.environ["EXPLORE_FAMILIES"].split(","))


def prefer(person, u_a, u_b, rng):
    """'a', 'b' or 'none' by Bradley–Terry with the person's noise."""
    if abs(u_a - u_b) < TIE_MARGIN:
        return "none"
    return "a" if rng.random() < 1 / (1 + math.exp(-(u_a - u_b) / person[1])) else "b"


def gumbel(temperature, rng):
    return -temperature * math.log(-math.log(rng.random() or 1e-300))


def slider_noise(person, rng):
    """A person's error along a slider, smooth along it: Gumbel at their temperature on five
    knots (0, ¼, ½, ¾ and 1 of the way) and linear between; a function of the place, 0…1."""
    knots = [gumbel(person[1], rng) for _ in range(LINE_KNOTS)]
    def noise(z):
        t = min(max(z, 0.0), 1.0) * (LINE_KNOTS - 1)
        k = min(int(t), LINE_KNOTS - 2)
        return knots[k] * (k + 1 - t) + knots[k + 1] * (t - k)
    return noise


def stop_on_line(person, tastes, rng):
    """The stop where taste plus the person's slider noise is highest."""
    noise = slider_noise(person, rng)
    return str(max(range(LINE_STOPS), key=lambda stop: tastes[stop] + noise(stop / (LINE_STOPS - 1))))


def pick_in_gallery(person, tastes, rng):
    return "abcdefghi"[max(range(len(tastes)), key=lambda i: tastes[i] + gumbel(person[1], rng))]


def edit_by_hand(server, rid, taste, person, rng):
    """An edit by hand ("BO as Assistant"): the person looks along each parameter of the team's
    best with the others held there (its range in 21 stops, with a slider's noise as on a line;
    or its options, each with Gumbel noise), and sets the one that looks most off to where they
    like it most (POST …/edits), when that seems better than the best's own value by more than
    twice their temperature: a person edits what they see is off, not every time. False when
    they keep nothing."""
    values = server.call("GET", f"/api/explore/{rid}/best")["values"]
    edits = []
    for key, kind, spec, step in taste.space.axes:
        current = values[key]
        if kind == "categorical":
            seen = {option: taste({**values, key: option}) + gumbel(person[1], rng) for option in spec}
        else:
            noise = slider_noise(person, rng)
            stops = {Space.snap(spec[0] + i * (spec[1] - spec[0]) / (LINE_STOPS - 1), spec, step) for i in range(LINE_STOPS)} | {current}
            seen = {v: taste({**values, key: v}) + noise((v - spec[0]) / (spec[1] - spec[0])) for v in stops}
        chosen = max(seen, key=seen.get)
        edits.append((seen[chosen] - seen[current], key, chosen))
    gain, key, chosen = max(edits)
    if chosen == values[key] or gain < 2 * person[1]:
        return False
    try:
        server.call("POST", f"/api/explore/{rid}/edits", {"values": {key: chosen}}, person=person[0])
    except urllib.error.HTTPError as refusal:
        if refusal.code == 409:   # the same chart once snapped: nothing changed
            return False
        raise
    return True


def checkpoint(taste, best):
    return (taste.distance(best), 1 - taste(best), taste.right_category(best))


def explore_study(server, taste, study, seed, kind, ends=None):
    """One round through the HTTP API, answered by kind: pairs, lines, galleries, or pairs with an
    edit by hand every EDIT_EVERY-th answer (a pair when the person would change nothing). `ends`,
    a list: (the answers the best has stayed put, regret) after every answer is appended to it."""
    rng = random.Random(f"{kind}-{study}")
    rid = server.call("POST", "/api/explore", {"preset": "Default", "parameters": KEYS, "endWhenStable": False, "seed": seed})["id"]
    query = {"pairs": "", "edits": "", "lines": "?kind=line", "galleries": "?kind=gallery"}[kind]
    rows = {}
    for n in range(1, CHECKPOINTS[-1] + 1):
        person = PEOPLE[n % 3]
        if not (kind == "edits" and n % EDIT_EVERY == 0 and edit_by_hand(server, rid, taste, person, rng)):
            shown = server.call("GET", f"/api/explore/{rid}/next{query}", person=person[0])
            tastes = [taste(c["values"]) for c in shown["candidates"]]
            if kind in ("pairs", "edits"):
                choice = prefer(person, tastes[0], tastes[1], rng)
            elif kind == "lines":
                choice = stop_on_line(person, tastes, rng)
            else:
                choice = pick_in_gallery(person, tastes, rng)
            server.call("POST", f"/api/explore/{rid}/answers", {"ticket": shown["ticket"], "choice": choice}, person=person[0])
        if n in CHECKPOINTS or ends is not None:
            best = server.call("GET", f"/api/explore/{rid}/best")
            if ends is not None:
                ends.append((best["stableFor"], 1 - taste(best["values"])))
            if n in CHECKPOINTS:
                rows[n] = checkpoint(taste, best["values"])
    server.call("POST", f"/api/explore/{rid}/end")
    return rows


def disagreement_study(server, space, study, seed, kind):
    """Three people who disagree on one parameter, through the HTTP API: a quadratic taste they
    share but for one number, on which each likes another value (0.15, 0.5 and 0.85 of its range,
    in an order of the study's own) and loses (z − theirs)² away from it. At 50 answers the best's
    `agreement` gives the value each person is predicted to like most there: is each one nearest
    their own of the three, and do the three stand in their order? And the team's REGRET there
    against the compromise, the three people's average liking (highest at their mean value, 0.5,
    and the shared best elsewhere; 0 there, 1 at the worst)."""
    rng = random.Random(f"disagree-{kind}-{study}")
    taste = Quadratic(space, random.Random(f"disagree-{study}"))
    disputed = rng.choice(taste.ordered)
    key, _, (low, high), _ = space.axes[disputed]
    shared = low + taste.best_z[disputed] * (high - low)
    centres = [0.15, 0.5, 0.85]
    rng.shuffle(centres)
    own = {person[0]: centre for person, centre in zip(PEOPLE, centres)}

    def utility(person, values):
        z = (values[key] - low) / (high - low)
        return taste({**values, key: shared}) - (z - own[person[0]]) ** 2

    rid = server.call("POST", "/api/explore", {"preset": "Default", "parameters": KEYS, "endWhenStable": False, "seed": seed})["id"]
    query = {"pairs": "", "lines": "?kind=line", "galleries": "?kind=gallery"}[kind]
    for n in range(1, 51):
        person = PEOPLE[n % 3]
        shown = server.call("GET", f"/api/explore/{rid}/next{query}", person=person[0])
        tastes = [utility(person, c["values"]) for c in shown["candidates"]]
        choice = (prefer(person, tastes[0], tastes[1], rng) if kind == "pairs" else
                  stop_on_line(person, tastes, rng) if kind == "lines" else pick_in_gallery(person, tastes, rng))
        server.call("POST", f"/api/explore/{rid}/answers", {"ticket": shown["ticket"], "choice": choice}, person=person[0])
    best = server.call("GET", f"/api/explore/{rid}/best")
    server.call("POST", f"/api/explore/{rid}/end")
    entry = next((a for a in best["agreement"] if a["parameter"] == key), None)
    liked = {p["person"]: p["position"] for p in entry["people"]} if entry else {}
    nearest = {name: name in liked and min(centres, key=lambda c: abs(c - liked[name])) == own[name] for name in own}
    order = sorted(own, key=own.get)
    in_order = all(name in liked for name in order) and all(liked[a] < liked[b] for a, b in zip(order, order[1:]))
    # The compromise: taste 1 at the shared best, the disputed number at the people's mean; the
    # worst: taste 0 and the disputed number at the end farthest from them on average.
    mean = sum(centres) / 3
    top = 1 - sum((mean - c) ** 2 for c in centres) / 3
    bottom = -max(sum((end - c) ** 2 for c in centres) / 3 for end in (0, 1))
    team = sum(utility(person, best["values"]) for person in PEOPLE) / 3
    return nearest, in_order, bool(entry) and not entry["agree"], (top - team) / (top - bottom)


def bradley_terry(count, outcomes, iterations=200):
    """MM (Hunter 2004): ties half a win each, one tie against a neutral reference for each."""
    wins = [0.5] * count
    games = [[0.0] * count for _ in range(count)]
    for i, j, w in outcomes:
        games[i][j] += 1
        games[j][i] += 1
        if w is None:
            wins[i] += 0.5
            wins[j] += 0.5
        else:
            wins[w] += 1
    p = [1.0] * count
    for _ in range(iterations):
        p = [wins[i] / (sum(games[i][j] / (p[i] + p[j]) for j in range(count) if games[i][j]) + 1 / (p[i] + 1)) for i in range(count)]
        total = sum(p)
        p = [x * count / total for x in p]
    return p


def random_pairs_study(space, taste, start, study):
    rng = random.Random(f"random-{study}")
    candidates = [start] + [space.random_values(rng) for _ in range(7)]
    outcomes, rows = [], {}
    for n in range(1, CHECKPOINTS[-1] + 1):
        person = PEOPLE[n % 3]
        i, j = rng.sample(range(len(candidates)), 2)
        choice = prefer(person, taste(candidates[i]), taste(candidates[j]), rng)
        outcomes.append((i, j, None if choice == "none" else i if choice == "a" else j))
        if n in CHECKPOINTS:
            scores = bradley_terry(len(candidates), outcomes)
            rows[n] = checkpoint(taste, candidates[max(range(len(candidates)), key=lambda k: scores[k])])
    return rows


def optuna_study(space, taste, study, seed):
    import optuna
    from optuna_dashboard.preferential import create_study
    from optuna_dashboard.preferential.samplers.gp import PreferentialGPSampler
    rng = random.Random(f"optuna-{study}")
    study = create_study(n_generate=2, study_name=f"explore-{study}", storage=optuna.storages.InMemoryStorage(),
                         sampler=PreferentialGPSampler(seed=seed))
    live = []   # (trial number, values)
    rows = {}
    for n in range(1, CHECKPOINTS[-1] + 1):
        while study.should_generate():
            trial = study.ask()
            values = {}
            for key, kind, spec, step in space.axes:
                if kind == "categorical":
                    values[key] = trial.suggest_categorical(key, spec)
                else:
                    values[key] = trial.suggest_float(key, spec[0], spec[1], step=step or None)
            live.append((trial, values))
        (ta, a), (tb, b) = live[-2:]
        person = PEOPLE[n % 3]
        choice = prefer(person, taste(a), taste(b), rng)
        if choice == "none":
            choice = rng.choice("ab")
        better, worse = ((ta, a), (tb, b)) if choice == "a" else ((tb, b), (ta, a))
        study.report_preference(better_trials=better[0], worse_trials=worse[0])
        live = [x for x in live if x[0].number != worse[0].number]
        if n in CHECKPOINTS:
            rows[n] = checkpoint(taste, better[1])
    return rows


def http_latency(server, answers=200, timed=15):
    """Answer → next over HTTP at 10 parameters: a round answered `answers` times by three people
    in turn (careful ones who like a line width near 4, 6 and 8 px, so that each one's own view is
    read), then `timed` more answers each followed by that person's next pair, each timed from
    sending the answer to receiving the pair (ms)."""
    # Ten of every kind, each able to change the chart from Default (the server refuses one that
    # cannot: the point count needs the point sizing to move too, as the curve's alpha the curve).
    keys = ["inactiveLineWidth", "smoothing", "catmullRomAlpha", "animationDuration", "fillTopOpacity", "verticalScale",
            "pointSizing", "pointCount", "inactiveCurve", "fillEnabled"]
    rid = server.call("POST", "/api/explore", {"preset": "Default", "parameters": keys, "endWhenStable": False, "seed": 7})["id"]
    rng = random.Random(1)
    times = []
    liked = {"Ada": 4, "Ben": 6, "Cy": 8}
    people = list(liked)
    pairs = {person: server.call("GET", f"/api/explore/{rid}/next", person=person) for person in people}
    for n in range(1, answers + timed + 1):
        person = people[n % 3]
        a, b = (c["values"] for c in pairs[person]["candidates"])
        closer = abs(a["inactiveLineWidth"] - liked[person]) + rng.gauss(0, 0.5) < abs(b["inactiveLineWidth"] - liked[person])
        start = time.perf_counter()
        server.call("POST", f"/api/explore/{rid}/answers", {"ticket": pairs[person]["ticket"], "choice": "a" if closer else "b"}, person=person)
        pairs[person] = server.call("GET", f"/api/explore/{rid}/next", person=person)
        if n > answers:
            times.append((time.perf_counter() - start) * 1000)
    server.call("POST", f"/api/explore/{rid}/end")
    return statistics.median(times), max(times)


def median(rows_list, n, k):
    return statistics.median(rows[n][k] for rows in rows_list)


def print_end_rule(traces, default_k):
    """Where a round of pairs left to end by itself (the best unchanged for K answers after the
    first 8) would have ended, for a few K and the server's default: how many ended by 50
    answers, at how many (median), and how many with a best 0.05 or more worse than at 50."""
    last = min(len(t) for t in traces)
    print(f"the end rule (pairs, {len(traces)} studies, the round kept open to {last} answers and read after each):")
    for k in sorted({12, 16, 24, 32, default_k}):
        ends = [next((n for n, (stable, _) in enumerate(t[:last], 1) if stable >= k), None) for t in traces]
        ended = [(n, t) for n, t in zip(ends, traces) if n]
        early = sum(t[n - 1][1] - t[last - 1][1] >= 0.05 for n, t in ended)
        at = f", at a median {statistics.median(n for n, _ in ended):g} answers" if ended else ""
        print(f"  K = {k}{' (default)' if k == default_k else ''}: ended by {last} in {len(ended)}{at}; "
              f"{early} with a best 0.05 or more worse than at {last}")


def print_table(title, results):
    """Median regret at each checkpoint, the share with the right curve at 30 answers, the median
    distance at 50 and the number of studies, one column per method (— where a method did not run)."""
    width = max(len(label) for _, label in METHODS)
    print(title)
    print(f"{'answers':>20} | " + " | ".join(f"{label:>{width}}" for _, label in METHODS))
    print("-" * (23 + (width + 3) * len(METHODS) - 3))
    for n in CHECKPOINTS:
        print(f"{n:>20} | " + " | ".join(f"{median(results[key], n, 1):>{width}.3f}" if results[key] else f"{'—':>{width}}" for key, _ in METHODS))
    shares = [f"{100 * sum(rows[30][2] for rows in results[key]) / len(results[key]):>{width - 2}.0f} %" if results[key] else f"{'—':>{width}}" for key, _ in METHODS]
    print(f"{'right curve at 30':>20} | " + " | ".join(shares))
    print(f"{'distance at 50':>20} | " + " | ".join(f"{median(results[key], 50, 0):>{width}.3f}" if results[key] else f"{'—':>{width}}" for key, _ in METHODS))
    print(f"{'studies':>20} | " + " | ".join(f"{len(results[key]):>{width}}" for key, _ in METHODS) + "\n")


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else str(ROOT / ".build/release/workbench")
    benchmarks = sys.argv[2] if len(sys.argv) > 2 else str(ROOT / ".build/release/ExploreBenchmarks")
    have_optuna = OPTUNA_STUDIES > 0
    try:
        import optuna_dashboard.preferential  # noqa: F401
        import optuna
        optuna.logging.set_verbosity(optuna.logging.ERROR)
        # Its sampler warns at every proposal that the categorical space is too large to
        # enumerate: each warning is shown once, not a thousand times (botorch resets the
        # warnings registry, so the "once" filter alone does not hold).
        shown = set()
        show = warnings.showwarning

        def show_once(message, category, filename, lineno, file=None, line=None):
            if (str(message), category) not in shown:
                shown.add((str(message), category))
                show(message, category, filename, lineno, file, line)
        warnings.showwarning = show_once
        import torch
        torch.set_num_threads(1)
    except ImportError as error:
        have_optuna = False
        print(f"optuna-dashboard is not in this Python ({error}); run `make bench-explore` for its virtual environment")
    try:
        import plain_gp_eubo
    except ImportError as error:
        plain_gp_eubo = None
        print(f"the plain GP needs numpy and scipy ({error}); run `make bench-explore` for its virtual environment")
    server = Server(binary)
    began = time.perf_counter()
    try:
        schema = {p["key"]: p for p in server.call("GET", "/api/schema")["parameters"]}
        default = server.call("GET", "/api/presets/Default")["parameters"]
        probe = server.call("POST", "/api/explore", {"preset": "Default", "parameters": KEYS, "endWhenStable": False, "seed": 0})
        server.call("POST", f"/api/explore/{probe['id']}/end")
        space = Space(probe["parameters"], schema)
        results = {family: {key: [] for key, _ in METHODS} for family in FAMILIES}
        seconds = {key: 0.0 for key, _ in METHODS}
        failures = {}   # a baseline's studies its own library failed on
        traces = []   # pairs: (answers the best stayed put, regret) after each answer, a study each
        default_k = server.call("GET", "/api/openapi.json")["paths"]["/api/explore"]["post"]["requestBody"]["content"]["application/json"]["schema"]["properties"]["stableAfter"]["default"]
        for family, Family in FAMILIES.items():
            for seed in range(1, STUDIES + 1 if family in ONLY_FAMILIES else 1):
                study = f"{family}-{seed}"
                taste = Family(space, random.Random(study))
                traces.append([])
                runs = [(kind, lambda kind=kind: explore_study(server, taste, study, seed, kind, traces[-1] if kind == "pairs" else None))
                        for kind in EXPLORE_KINDS]
                runs.append(("random", lambda: random_pairs_study(space, taste, {k: default[k] for k in KEYS}, study)))
                if have_optuna and seed <= OPTUNA_STUDIES:
                    runs.append(("optuna", lambda: optuna_study(space, taste, study, seed)))
                if plain_gp_eubo and seed <= PLAIN_STUDIES:
                    runs.append(("plain", lambda: plain_gp_eubo.study(space, taste, study, seed, PEOPLE, prefer, checkpoint, CHECKPOINTS)))
                for key, run in runs:
                    t = time.perf_counter()
                    try:
                        results[family][key].append(run())
                        seconds[key] += time.perf_counter() - t   # per study its column counts
                    except Exception as error:
                        # A baseline's own library failing on one taste (optuna-dashboard's GP: a
                        # Cholesky of a matrix gpytorch finds not positive-definite) costs that
                        # study of its column, said below, not the whole run. Explore's are ours: they stop it.
                        if key in EXPLORE_KINDS:
                            raise
                        failures.setdefault(key, []).append(f"{study}: {type(error).__name__}: {str(error).splitlines()[0][:160]}")
                        results[family][key].append(None)
                print(f"  {study}: regret at 50 " + ", ".join(f"{key} " + ("failed" if results[family][key][-1] is None else f"{results[family][key][-1][50][1]:.3f}")
                                                               for key, _ in runs), file=sys.stderr)
        disagreements = {kind: [disagreement_study(server, space, f"disagree-{seed}", seed, kind) for seed in range(1, DISAGREEMENT_STUDIES + 1)]
                         for kind in ("pairs", "lines", "galleries")} if DISAGREEMENT_STUDIES else {}
        latency = http_latency(server)
    finally:
        server.close()
    print(f"\nExplore learning: {len(KEYS)} parameters ({', '.join(KEYS)}), 3 simulated people, {STUDIES} studies per family"
          + (f" ({OPTUNA_STUDIES} for optuna-dashboard, OPTUNA_STUDIES)" if have_optuna and OPTUNA_STUDIES < STUDIES else "")
          + (f" ({PLAIN_STUDIES} for the plain GP, PLAIN_STUDIES)" if plain_gp_eubo and PLAIN_STUDIES < STUDIES else ""))
    print("REGRET = 1 − the hidden taste at the team's best (0 at the hidden best, 1 at the worst), median over studies;")
    print("a line (21 stops) or a gallery (9 charts) counts as one answer; lower is better.\n")
    ran = [family for family in FAMILIES if family in ONLY_FAMILIES]
    for family in ran:
        print_table(f"{family}: {' '.join(FAMILIES[family].__doc__.split())}", {key: [r for r in rows if r is not None] for key, rows in results[family].items()})
    everything = {key: [rows for family in ran for rows in results[family][key] if rows is not None] for key, _ in METHODS}
    if ran:
        print_table(f"all families ({', '.join(ran)})", everything)
        reached = [next((f"{n}" for n in CHECKPOINTS if median(everything[key], n, 1) <= 0.08), "> 50") if everything[key] else "—" for key, _ in METHODS]
        print("answers to median regret ≤ 0.08 (all families): " + ", ".join(f"{label} {r}" for (_, label), r in zip(METHODS, reached)))
        # The baselines run on each family's first tastes: Explore on those same tastes, study by study.
        for key, label in BASELINES:
            paired = [(ours[50][1], theirs[50][1]) for family in ran
                      for ours, theirs in zip(results[family]["pairs"], results[family][key]) if theirs is not None]
            if paired:
                print(f"paired with {label} on the same {len(paired)} tastes at 50 answers: Explore pairs leave less regret in "
                      f"{sum(a < b for a, b in paired)}, median {statistics.median(a for a, _ in paired):.3f} against "
                      f"{statistics.median(b for _, b in paired):.3f}")
    for key, label in BASELINES:
        if key in failures:
            print(f"{label} failed on {len(failures[key])} tastes, left out of its column: " + "; ".join(failures[key]))
    print("seconds per study: " + ", ".join(f"{label} {seconds[key] / len(everything[key]):.2f}" for key, label in METHODS if everything[key])
          + f"; whole run {(time.perf_counter() - began) / 60:.1f} min")
    if traces:
        print_end_rule(traces, default_k)
    for kind, rows in disagreements.items():
        people = [ok for nearest, _, _, _ in rows for ok in nearest.values()]
        print(f"three people who disagree on one parameter, {len(rows)} studies by {kind}, at 50 answers (GET …/best's agreement): "
              f"each person's liked value nearest their own for {100 * sum(people) / len(people):.0f} % of people, for all three in "
              f"{100 * sum(all(n.values()) for n, _, _, _ in rows) / len(rows):.0f} % of studies; the three in their own order in "
              f"{100 * sum(o for _, o, _, _ in rows) / len(rows):.0f} %; said to disagree on it in {100 * sum(d for _, _, d, _ in rows) / len(rows):.0f} %; "
              f"median regret against their compromise (their average liking) {statistics.median(r for _, _, _, r in rows):.3f}")
    print(f"HTTP answer → next pair at 200–215 answers × 10 parameters (release server): median {latency[0]:.1f} ms, max {latency[1]:.1f} ms")
    if Path(benchmarks).exists():
        out = subprocess.run([benchmarks], env={**os.environ, "FAMILY": "none"}, capture_output=True, text=True, timeout=600).stdout
        line = next((l for l in out.splitlines() if l.startswith("answer → proposal")), out.strip())
        print("ExploreBenchmarks (release): " + line)


if __name__ == "__main__":
    main()
