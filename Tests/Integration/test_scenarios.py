"""Issue 39.1: market scenarios, built in and saved from a CSV, through the CLI and the API."""
import re
import subprocess

from workbench_server import BINARY, small_csv


def render(*args):
    return subprocess.run([BINARY, "render", *args], capture_output=True, text=True, timeout=120)


def attribute(svg, name):
    return re.search(fr'{name}="([^"]*)"', svg).group(1)


def test_cli_renders_each_scenario_deterministically_and_refuses_an_unknown_one():
    label = {}
    for name in ["flash-crash", "spike", "outage", "flat", "parabolic"]:
        first, again = render("--scenario", name, "--period", "1D"), render("--scenario", name, "--period", "1D")
        assert first.returncode == 0, first.stderr
        assert first.stdout == again.stdout  # seeded: the same every time
        label[name] = attribute(first.stdout, "data-a11y-label")
    assert len(set(label.values())) == 5
    bad = render("--scenario", "no-such-market")
    assert bad.returncode != 0 and "--scenario" in bad.stderr and len(bad.stderr.strip().splitlines()) == 1


def test_api_lists_renders_and_saves_scenarios(fresh_server):
    s = fresh_server
    names = [x["name"] for x in s.get("/api/scenarios").json()["scenarios"]]
    assert names == ["flash-crash", "spike", "outage", "flat", "parabolic", "halving-decade"]
    plain = s.get("/api/render", params={"period": "1D"}).text
    crash = s.get("/api/render", params={"period": "1D", "scenario": "flash-crash"}).text
    assert plain != crash and attribute(crash, "data-last-time") != attribute(plain, "data-last-time")
    assert s.get("/api/render", params={"scenario": "nothing-here"}).status_code == 404
    bad = s.get("/api/render", params={"scenario": "Bad Name!"})
    assert bad.status_code == 400 and bad.json()["error"]["field"] == "scenario"

    csv = small_csv(rows=300)
    saved = s.request("POST", "/api/scenarios?name=my-market", data=csv, headers={"Content-Type": "text/csv"})
    assert saved.status_code == 200, saved.text
    assert {"name": "my-market", "title": "Saved CSV my-market", "builtIn": False} in saved.json()["scenarios"]
    mine = s.get("/api/render", params={"period": "ALL", "scenario": "my-market"})
    assert mine.status_code == 200 and attribute(mine.text, "data-last-time") != attribute(plain, "data-last-time")
    refused = s.request("POST", "/api/scenarios?name=broken", data="timestamp,close\n1,abc\n", headers={"Content-Type": "text/csv"})
    assert refused.status_code == 400 and refused.json()["error"]["code"] == "invalid_csv"
    assert s.request("POST", "/api/scenarios?name=spike", data="timestamp,close\n1,2\n2,3\n", headers={"Content-Type": "text/csv"}).status_code == 400
    assert "broken" not in [x["name"] for x in s.get("/api/scenarios").json()["scenarios"]]
    assert (s.presets / "scenarios" / "my-market.csv").read_text() == csv


def test_saved_scenarios_are_bounded_in_number_and_size(fresh_server):
    """A presets folder keeps at most 64 saved scenarios and 256 MB of them (507
    `scenarios_full`, naming the folder); saving one again under its name still works, and each
    saved one renders after others have been read since (only the last few stay in memory)."""
    s = fresh_server

    def save(name, csv):
        return s.request("POST", f"/api/scenarios?name={name}", data=csv, headers={"Content-Type": "text/csv"})

    folder = s.presets / "scenarios"
    for i in range(64):
        assert save(f"market-{i}", small_csv(rows=20 + i)).status_code == 200
    full = save("one-more", small_csv(rows=30))
    assert full.status_code == 507 and full.json()["error"]["code"] == "scenarios_full", full.text
    assert "64 scenarios" in full.json()["error"]["message"] and str(folder) in full.json()["error"]["message"]
    assert not (folder / "one-more.csv").exists()
    assert save("market-3", small_csv(rows=50)).status_code == 200
    for i in range(8):
        assert s.get("/api/render", params={"period": "ALL", "scenario": f"market-{i}"}).status_code == 200
    first = s.get("/api/render", params={"period": "ALL", "scenario": "market-0"})
    assert first.status_code == 200 and 'data-last-time' in first.text

    for i in range(8, 64):
        (folder / f"market-{i}.csv").unlink()
    with open(folder / "huge.csv", "wb") as f:  # sparse: its size counts, not its blocks
        f.truncate(256 << 20)
    over = save("small", small_csv(rows=2000))
    assert over.status_code == 507 and "over the 256 MB" in over.json()["error"]["message"], over.text
    (folder / "huge.csv").unlink()
    assert save("small", small_csv(rows=2000)).status_code == 200
