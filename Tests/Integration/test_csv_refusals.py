"""Rows an importer must refuse, each named by its line, by `workbench inspect` and by
`POST /api/data` (which then keeps the series it had): an unterminated quote (the line where
it opened), an impossible calendar date, and an absurd price."""
import os
import subprocess

import pytest

BINARY = os.environ.get("WORKBENCH_BIN")

ROWS = [f"{1_700_000_000 + 3600 * i},{20000 + i}" for i in range(30)]

CASES = {
    "unterminated quote": ("time,price\n" + "\n".join(ROWS[:10]) + '\n1700100000,"20100\n' + "\n".join(ROWS[11:]) + "\n",
                           12, "never closed"),
    "30 February": ("Date,Open,High,Low,Close,Adj Close,Volume\n2014-02-27,1,1,1,600,600,1\n2014-02-28,1,1,1,601,601,1\n"
                    "2014-02-30,1,1,1,602,602,1\n2014-03-01,1,1,1,603,603,1\n", 4, "2014-02-30"),
    "31 April": ("Date,Close\n2021-04-30,50000\n2021-04-31,51000\n", 3, "2021-04-31"),
    "29 February of a common year": ("Date,Close\n2019-02-28,3800\n2019-02-29,3900\n", 3, "2019-02-29"),
    "absurd price": ("time,price\n" + "\n".join(ROWS[:5]) + "\n1700100000,1.7e308\n", 7, "1e12"),
    "price just beyond 1e12": ("time,price\n1700000000,100\n1700000060,1000000000001\n", 3, "1e12"),
}


@pytest.mark.parametrize("name", list(CASES))
def test_inspect_refuses_naming_the_line(tmp_path, name):
    text, line, words = CASES[name]
    path = tmp_path / "prices.csv"
    path.write_text(text)
    r = subprocess.run([BINARY, "inspect", str(path)], capture_output=True, text=True, timeout=60)
    assert r.returncode != 0
    assert len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert f"line {line}" in r.stderr and words in r.stderr, r.stderr


@pytest.mark.parametrize("name", list(CASES))
def test_upload_refuses_and_keeps_the_series(fresh_server, name):
    text, line, words = CASES[name]
    before = fresh_server.get("/api/data?period=ALL").json()
    r = fresh_server.request("POST", "/api/data", data=text.encode(), headers={"Content-Type": "text/csv"})
    assert r.status_code == 400, r.text
    message = r.json()["error"]["message"]
    assert f"line {line}" in message and words in message, message
    assert fresh_server.get("/api/data?period=ALL").json() == before


def test_real_exports_still_load(tmp_path):
    """Leap days, quoted fields, prices up to 1e12 and ISO times with zones stay accepted."""
    samples = [
        "Date,Open,High,Low,Close,Adj Close,Volume\n2016-02-28,1,1,1,430.5,430.5,1\n2016-02-29,1,1,1,437.7,437.7,1\n2016-03-01,1,1,1,435.1,435.1,1\n",
        'time,price\n1700000000,"20,100.50"\n1700000060,"20,101.25"\n',
        "time,price\n2000-02-29T10:00:00Z,1000000000000\n2000-03-01T10:00:00+02:00,999999999999.5\n",
        ",Close\n2024-01-30,42000\n2024-01-31,43000\n",
    ]
    for i, text in enumerate(samples):
        path = tmp_path / f"ok{i}.csv"
        path.write_text(text)
        r = subprocess.run([BINARY, "inspect", str(path)], capture_output=True, text=True, timeout=60)
        assert r.returncode == 0, (text, r.stderr)
