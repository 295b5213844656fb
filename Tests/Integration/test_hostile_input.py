"""Hostile and odd input to the parsers: clear errors naming the line, never a dead process."""
import subprocess

import pytest

from workbench_server import BINARY, Server, small_csv


def load(server, body):
    body = body.encode() if isinstance(body, str) else body
    return server.request("POST", "/api/data?name=t.csv", data=body, headers={"Content-Type": "text/csv"})


def inspect(path):
    return subprocess.run([BINARY, "inspect", str(path)], capture_output=True, text=True, timeout=60)


NINETEEN_DIGITS = "1615680000,1\n9999999999999999999,1\n"


def test_a_19_digit_time_is_a_400_naming_the_line(fresh_server):
    r = load(fresh_server, NINETEEN_DIGITS)
    assert r.status_code == 400, r.text
    assert r.json()["error"]["field"] == "line 2" and "9999999999999999999" in r.json()["error"]["message"]
    assert fresh_server.process.poll() is None
    assert fresh_server.get("/api/data?period=1D").status_code == 200


def test_a_19_digit_time_in_inspect_and_serve_data_is_one_line_on_stderr(tmp_path):
    path = tmp_path / "big.csv"
    path.write_text(NINETEEN_DIGITS)
    r = inspect(path)
    assert r.returncode == 1 and r.stdout == ""
    assert r.stderr.count("\n") == 1 and "line 2" in r.stderr
    served = subprocess.run([BINARY, "serve", "--port", "0", "--presets", str(tmp_path / "team"), "--data", str(path)], capture_output=True, text=True, timeout=60)
    assert served.returncode == 1, served  # an exit with a message, not a signal
    assert served.stderr.count("\n") == 1 and "line 2" in served.stderr


def test_render_with_40000_keys_is_refused_naming_the_limit(server):
    body = "{" + ",".join(f'"k{i}":1' for i in range(40_000)) + "}"
    r = server.request("POST", "/api/render", data=body, headers={"Content-Type": "application/json"})
    assert r.status_code == 400 and "at most 4096 keys" in r.text
    assert server.process.poll() is None


def test_zero_and_negative_prices_import_with_a_warning_naming_the_first_line(fresh_server, tmp_path):
    text = "time,price\n1,10\n2,11\n3,0\n4,-2\n5,12\n"
    r = load(fresh_server, text)
    assert r.status_code == 200, r.text
    assert r.json()["summary"]["count"] == 5
    assert any("line 4" in w and "zero or negative" in w and "2 rows" in w for w in r.json()["warnings"]), r.json()
    path = tmp_path / "neg.csv"
    path.write_text(text)
    cli = inspect(path)
    assert cli.returncode == 0 and "rows: 5" in cli.stdout
    assert "line 4" in cli.stderr and "zero or negative" in cli.stderr
    clean = load(fresh_server, "time,price\n1,10\n2,11\n")
    assert clean.json()["warnings"] == []


def test_a_negative_price_in_the_second_half_of_a_big_file_names_its_line(fresh_server):
    lines = small_csv(200_000, step=60).split("\n")
    lines[150_000 - 1] = lines[150_000 - 1].rsplit(",", 2)[0] + ",-5," + lines[150_000 - 1].rsplit(",", 1)[1]
    text = "\n".join(lines)
    assert len(text) > 4_000_000
    r = load(fresh_server, text)
    assert r.status_code == 200, r.text
    assert any(w.startswith("line 150000:") for w in r.json()["warnings"]), r.json()["warnings"]
