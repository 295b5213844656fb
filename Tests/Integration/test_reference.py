"""`workbench path`, `smooth` and `downsample` against independent implementations on random
data: scipy's natural cubic spline, numpy/scipy filters, pandas' exponential mean, and
tsdownsample's LTTB. Skipped where a package is missing."""
import subprocess

import pytest

from workbench_server import BINARY

np = pytest.importorskip("numpy")


def run(args, lines):
    result = subprocess.run([BINARY, *args], input="\n".join(lines) + "\n", capture_output=True, text=True, check=True)
    return result.stdout


def numbers(values):
    """Full-precision text for each value (numpy 2's repr adds a type name)."""
    return [repr(float(v)) for v in values]


def pairs(xs, ys):
    return [f"{float(a)!r},{float(b)!r}" for a, b in zip(xs, ys)]




def parse_path(d):
    commands, letter, numbers = [], None, ""
    values = []
    for ch in d.strip() + "Z":
        if ch in "MLCZ":
            if numbers:
                values.append(float(numbers))
                numbers = ""
            if letter:
                commands.append((letter, values))
            letter, values = ch, []
        elif ch == ",":
            values.append(float(numbers))
            numbers = ""
        else:
            numbers += ch
    return commands


@pytest.mark.parametrize("seed", range(5))
def test_natural_curve_matches_scipy(seed):
    interpolate = pytest.importorskip("scipy.interpolate")
    rng = np.random.default_rng(seed)
    n = int(rng.integers(4, 40))
    xs = np.arange(n, dtype=float) * 2.5  # evenly spaced: d3's per-axis spline is then y(x)
    ys = rng.normal(0, 1e3, n).cumsum() + 5e4
    d = run(["path", "--curve", "natural"], pairs(xs, ys))
    spline = interpolate.CubicSpline(xs, ys, bc_type="natural")
    commands = parse_path(d)
    start = commands[0][1]
    for letter, v in commands[1:]:
        if letter != "C":
            continue
        p0, p1, p2, p3 = np.array(start), np.array(v[0:2]), np.array(v[2:4]), np.array(v[4:6])
        for t in (0.25, 0.5, 0.75):
            point = (1 - t) ** 3 * p0 + 3 * (1 - t) ** 2 * t * p1 + 3 * (1 - t) * t * t * p2 + t ** 3 * p3
            assert abs(point[1] - spline(point[0])) <= 1e-6 * max(1, abs(point[1])), (point, spline(point[0]))
        start = v[4:6]


@pytest.mark.parametrize("window", [1, 3, 21, 61])
def test_moving_average_matches_numpy(window):
    rng = np.random.default_rng(window)
    x = rng.normal(0, 1, 500) * 10 ** rng.uniform(-8, 12, 500)
    out = np.array([float(v) for v in run(["smooth", "--method", "movingAverage", "--window", str(window)], numbers(x)).split()])
    padded = np.pad(x, window // 2, mode="edge")
    reference = np.array([padded[i:i + window].mean() for i in range(len(x))])
    assert np.allclose(out, reference, rtol=1e-6, atol=0)


@pytest.mark.parametrize("sigma", [0.5, 3, 7.3, 20])
def test_gaussian_matches_scipy(sigma):
    ndimage = pytest.importorskip("scipy.ndimage")
    rng = np.random.default_rng(int(sigma * 10))
    x = rng.normal(0, 1, 400).cumsum() * 100 + 3e4
    out = np.array([float(v) for v in run(["smooth", "--method", "gaussian", "--sigma", str(sigma)], numbers(x)).split()])
    reference = ndimage.gaussian_filter1d(x, sigma, mode="nearest", truncate=4.0)
    assert np.allclose(out, reference, rtol=1e-6, atol=0)


@pytest.mark.parametrize("alpha", [0.01, 0.2, 1.0])
def test_exponential_matches_pandas(alpha):
    pd = pytest.importorskip("pandas")
    rng = np.random.default_rng(7)
    x = rng.normal(0, 1, 300).cumsum() + 100
    out = np.array([float(v) for v in run(["smooth", "--method", "exponential", "--alpha", str(alpha)], numbers(x)).split()])
    reference = pd.Series(x).ewm(alpha=alpha, adjust=False).mean().to_numpy()
    assert np.allclose(out, reference, rtol=1e-9, atol=0)


@pytest.mark.parametrize("threshold", [3, 10, 100, 1000])
def test_lttb_matches_tsdownsample(threshold):
    tsdownsample = pytest.importorskip("tsdownsample")
    rng = np.random.default_rng(threshold)
    n = 20_000
    x = np.arange(n, dtype=float) * 60 + 1.6e9
    y = rng.normal(0, 1, n).cumsum() * 50 + 3e4
    kept = run(["downsample", "--method", "lttb", "--threshold", str(threshold)], pairs(x, y)).split()
    ours = [float(line.split(",")[0]) for line in kept]
    reference = tsdownsample.LTTBDownsampler().downsample(x, y, n_out=threshold)
    assert ours == list(x[reference])
