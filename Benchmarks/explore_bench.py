#!/usr/bin/env python3
"""Proof that Explore learns (`make bench-explore`): simulated studies THROUGH THE HTTP API.

A release server is started here on a copy of Presets/. Each study hides a taste: a smooth
function of the chosen parameters (normalised to 0…1 per axis) with a known best, and a
preferred curve. Three simulated people (Ada, Ben, Cy) answer by Bradley–Terry with noise of
different sizes, and say "no preference" when the two are within a small margin. Printed for 10,
20, 30 and 50 answers, medians over the studies (EXPLORE_STUDIES, default 20):

- dist: the distance of the team's best to the hidden best, normalised per parameter (ordered
  axes in units of their range, a categorical one 1 when wrong; root mean square over axes);
- taste: the hidden taste's value at the team's best (1 at the hidden best, 0 at the worst).

Beside Explore (POST /api/explore, GET …/next, POST …/answers, GET …/best), in the same run:
- random pairs + Bradley–Terry: today's variations round, computed here: the starting preset
  and 7 random variations, random pairs among them, the Bradley–Terry leader (MM, ties half);
- optuna-dashboard's preferential GP sampler (`optuna_dashboard.preferential`, botorch), driven
  by the same people: two live trials, the loser of each comparison replaced by a new proposal;
  its best is the current winner. (It takes no ties: a "no preference" is a coin flip there.)
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
import urllib.request
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHECKPOINTS = [10, 20, 30, 50]
STUDIES = int(os.environ.get("EXPLORE_STUDIES", "20"))
# Five ordered parameters and one categorical (the curve): what a team would tune at once.
KEYS = ["inactiveLineWidth", "animationDuration", "fillTopOpacity", "verticalScale", "catmullRomAlpha", "inactiveCurve"]
PEOPLE = [("Ada", 0.04), ("Ben", 0.08), ("Cy", 0.15)]   # Bradley–Terry temperature on the 0…1 taste
TIE_MARGIN = 0.01


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
        """Every write is by a person: each simulated person is made once (POST /api/people)."""
        if person not in self.secrets:
            request = urllib.request.Request(self.url + "/api/people", data=json.dumps({"name": person}).encode(), method="POST",
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
            if kind == "categorical":
                values[key] = rng.choice(spec)
            else:
                v = rng.uniform(*spec)
                values[key] = min(spec[1], spec[0] + round((v - spec[0]) / step) * step) if step else v
        return values


class Taste:
    """−Σ w_d (z_d − z*_d)² over the ordered axes (w log-uniform in 0.3…3, z* in 0.1…0.9) and a
    preferred option of the categorical axis (the others cost 0.15…0.35 of the ordered part's
    range); rescaled so that the best is 1 and the worst 0."""
    def __init__(self, space, rng):
        self.space = space
        self.best_z, self.weights, self.penalties = [], [], []
        for _, kind, spec, _ in space.axes:
            if kind == "categorical":
                favourite = rng.randrange(len(spec))
                self.best_z.append(favourite)
                self.weights.append(0)
                self.penalties.append([0 if i == favourite else rng.uniform(0.15, 0.35) for i in range(len(spec))])
            else:
                self.best_z.append(rng.uniform(0.1, 0.9))
                self.weights.append(math.exp(rng.uniform(math.log(0.3), math.log(3))))
                self.penalties.append(None)
        self.worst = sum(w * max(b, 1 - b) ** 2 for w, b in zip(self.weights, self.best_z))

    def __call__(self, values):
        z = self.space.z(values)
        ordered = sum(w * (a - b) ** 2 for w, a, b, p in zip(self.weights, z, self.best_z, self.penalties) if p is None)
        category = sum(p[int(a)] for a, p in zip(z, self.penalties) if p is not None)
        raw = -(ordered + category * self.worst)
        lowest = -(self.worst + max((max(p) for p in self.penalties if p is not None), default=0) * self.worst)
        return (raw - lowest) / (0 - lowest)

    def distance(self, values):
        z = self.space.z(values)
        parts = [(a != b) * 1.0 if p is not None else (a - b) ** 2 for a, b, p in zip(z, self.best_z, self.penalties)]
        return math.sqrt(sum(parts) / len(parts))


def prefer(person, u_a, u_b, rng):
    """'a', 'b' or 'none' by Bradley–Terry with the person's noise."""
    if abs(u_a - u_b) < TIE_MARGIN:
        return "none"
    return "a" if rng.random() < 1 / (1 + math.exp(-(u_a - u_b) / person[1])) else "b"


def explore_study(server, space_parameters, seed):
    rng = random.Random(1000 + seed)
    round_ = server.call("POST", "/api/explore", {"preset": "Default", "parameters": KEYS, "endWhenStable": False, "seed": seed})
    space = Space(round_["parameters"], SCHEMA)
    taste = Taste(space, random.Random(seed))
    rows = {}
    for n in range(1, CHECKPOINTS[-1] + 1):
        person = PEOPLE[n % 3]
        pair = server.call("GET", f"/api/explore/{round_['id']}/next", person=person[0])
        a, b = (c["values"] for c in pair["candidates"])
        server.call("POST", f"/api/explore/{round_['id']}/answers", {"ticket": pair["ticket"], "choice": prefer(person, taste(a), taste(b), rng)}, person=person[0])
        if n in CHECKPOINTS:
            best = server.call("GET", f"/api/explore/{round_['id']}/best")["values"]
            rows[n] = (taste.distance(best), taste(best))
    server.call("POST", f"/api/explore/{round_['id']}/end")
    return space, taste, rows


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


def random_pairs_study(space, taste, start, seed):
    rng = random.Random(2000 + seed)
    candidates = [start] + [space.random_values(rng) for _ in range(7)]
    outcomes, rows = [], {}
    for n in range(1, CHECKPOINTS[-1] + 1):
        person = PEOPLE[n % 3]
        i, j = rng.sample(range(len(candidates)), 2)
        choice = prefer(person, taste(candidates[i]), taste(candidates[j]), rng)
        outcomes.append((i, j, None if choice == "none" else i if choice == "a" else j))
        if n in CHECKPOINTS:
            scores = bradley_terry(len(candidates), outcomes)
            best = candidates[max(range(len(candidates)), key=lambda k: scores[k])]
            rows[n] = (taste.distance(best), taste(best))
    return rows


def optuna_study(space, taste, seed):
    import optuna
    from optuna_dashboard.preferential import create_study
    from optuna_dashboard.preferential.samplers.gp import PreferentialGPSampler
    rng = random.Random(3000 + seed)
    study = create_study(n_generate=2, study_name=f"explore-{seed}", storage=optuna.storages.InMemoryStorage(),
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
            rows[n] = (taste.distance(better[1]), taste(better[1]))
    return rows


def http_latency(server, answers=200, timed=15):
    """Answer → next over HTTP at 10 parameters: a round answered `answers` times (a careful
    person who likes a line width near 4 px), then `timed` more answers each followed by the
    next pair, each timed from sending the answer to receiving the pair (ms)."""
    # Ten of every kind, each able to change the chart from Default (the server refuses one that
    # cannot: the point count needs the point sizing to move too, as the curve's alpha the curve).
    keys = ["inactiveLineWidth", "smoothing", "catmullRomAlpha", "animationDuration", "fillTopOpacity", "verticalScale",
            "pointSizing", "pointCount", "inactiveCurve", "fillEnabled"]
    rid = server.call("POST", "/api/explore", {"preset": "Default", "parameters": keys, "endWhenStable": False, "seed": 7})["id"]
    rng = random.Random(1)
    times = []
    pair = server.call("GET", f"/api/explore/{rid}/next", person="Ada")
    for n in range(1, answers + timed + 1):
        a, b = (c["values"] for c in pair["candidates"])
        closer = abs(a["inactiveLineWidth"] - 4) + rng.gauss(0, 0.5) < abs(b["inactiveLineWidth"] - 4)
        start = time.perf_counter()
        server.call("POST", f"/api/explore/{rid}/answers", {"ticket": pair["ticket"], "choice": "a" if closer else "b"}, person="Ada")
        pair = server.call("GET", f"/api/explore/{rid}/next", person="Ada")
        if n > answers:
            times.append((time.perf_counter() - start) * 1000)
    server.call("POST", f"/api/explore/{rid}/end")
    return statistics.median(times), max(times)


def median(rows_list, n, k):
    return statistics.median(rows[n][k] for rows in rows_list)


def main():
    global SCHEMA
    binary = sys.argv[1] if len(sys.argv) > 1 else str(ROOT / ".build/release/workbench")
    benchmarks = sys.argv[2] if len(sys.argv) > 2 else str(ROOT / ".build/release/ExploreBenchmarks")
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
        have_optuna = True
    except ImportError as error:
        have_optuna = False
        print(f"optuna-dashboard is not in this Python ({error}); run `make bench-explore` for its virtual environment")
    server = Server(binary)
    try:
        SCHEMA = {p["key"]: p for p in server.call("GET", "/api/schema")["parameters"]}
        default = server.call("GET", "/api/presets/Default")["parameters"]
        results = {"explore": [], "random": [], "optuna": []}
        times = {"explore": 0.0, "random": 0.0, "optuna": 0.0}
        for seed in range(1, STUDIES + 1):
            t = time.perf_counter()
            space, taste, rows = explore_study(server, KEYS, seed)
            times["explore"] += time.perf_counter() - t
            results["explore"].append(rows)
            t = time.perf_counter()
            results["random"].append(random_pairs_study(space, taste, {k: default[k] for k in KEYS}, seed))
            times["random"] += time.perf_counter() - t
            if have_optuna:
                t = time.perf_counter()
                results["optuna"].append(optuna_study(space, taste, seed))
                times["optuna"] += time.perf_counter() - t
            print(f"  study {seed}/{STUDIES}: explore {results['explore'][-1][50][1]:.3f}"
                  + (f", optuna {results['optuna'][-1][50][1]:.3f}" if have_optuna else ""), file=sys.stderr)
        latency = http_latency(server)
    finally:
        server.close()
    names = [("explore", "Explore (HTTP)"), ("random", "random pairs + BT"), ("optuna", "optuna-dashboard GP")]
    print(f"\nExplore learning: {len(KEYS)} parameters ({', '.join(KEYS)}), 3 simulated people, median of {STUDIES} studies")
    print("dist: normalised distance of the team's best to the hidden best (lower is better); taste: hidden taste there (1 is the best)\n")
    header = f"{'answers':>7} | " + " | ".join(f"{label:^21}" for _, label in names)
    print(header)
    print(f"{'':>7} | " + " | ".join(f"{'dist':>9} {'taste':>11}" for _ in names))
    print("-" * len(header))
    for n in CHECKPOINTS:
        cells = []
        for key, _ in names:
            cells.append(f"{median(results[key], n, 0):>9.3f} {median(results[key], n, 1):>11.3f}" if results[key] else f"{'—':>9} {'—':>11}")
        print(f"{n:>7} | " + " | ".join(cells))
    print("\nseconds per study: " + ", ".join(f"{label} {times[key] / STUDIES:.2f}" for key, label in names if results[key]))
    print(f"HTTP answer → next pair at 200–215 answers × 10 parameters (release server): median {latency[0]:.1f} ms, max {latency[1]:.1f} ms")
    if Path(benchmarks).exists():
        out = subprocess.run([benchmarks], env={**os.environ, "FAMILY": "none"}, capture_output=True, text=True, timeout=600).stdout
        line = next((l for l in out.splitlines() if l.startswith("answer → proposal")), out.strip())
        print("ExploreBenchmarks (release): " + line)


if __name__ == "__main__":
    main()
