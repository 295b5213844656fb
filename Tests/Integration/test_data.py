"""CSV import of what people export, errors with line numbers, periods, live data."""
import datetime as dt
import json

import pytest
import requests

from workbench_server import Server, small_csv, wait_for


def day(s):
    return int(dt.datetime.fromisoformat(s).replace(tzinfo=dt.timezone.utc).timestamp())


def load(server, text, name="test.csv"):
    body = text.encode("utf-8") if isinstance(text, str) else text
    return server.request("POST", "/api/data?name=" + name, data=body, headers={"Content-Type": "text/csv"})


def yahoo(rows=400):
    lines = ["Date,Open,High,Low,Close,Adj Close,Volume"]
    start = dt.date(2014, 9, 17)
    for i in range(rows):
        close = 450 + i * 1.5
        lines.append(f"{start + dt.timedelta(days=i)},{close - 1:.6f},{close + 5:.6f},{close - 5:.6f},{close:.6f},{close:.6f},{20000000 + i}")
    return "\n".join(lines) + "\n"


CASES = {
    "yahoo": (yahoo(), day("2014-09-17"), 450.0, day("2014-09-17") + 399 * 86400, 450 + 399 * 1.5, 0),
    "pandas monthly, unnamed date index": (
        ",Open,High,Low,Close,Volume\n2020-01-31,7200.1,9500,6900,9350.5,1e9\n2020-02-29,9350,10500,8500,8543.2,1.1e9\n"
        "2020-03-31,8543,9100,3850,6438.6,2e9\n", day("2020-01-31"), 9350.5, day("2020-03-31"), 6438.6, 0),
    "pandas range index with Date column": (
        ",Date,Open,High,Low,Close,Volume\n0,2020-01-31,1,2,0.5,9350.5,10\n1,2020-02-29,1,2,0.5,8543.2,10\n",
        day("2020-01-31"), 9350.5, day("2020-02-29"), 8543.2, 0),
    "exchange milliseconds, no header": (
        "1609459200000,28923.63,29600,28624.57,29331.69,2000.5,1609545599999\n"
        "1609545600000,29331.70,33300,28946.53,32178.33,3000.1,1609631999999\n",
        1609459200, 29331.69, 1609545600, 32178.33, 0),
    "unix seconds time,price": ("time,price\n1609459200,1.5\n1609462800,2.5\n1609466400,3.5\n", 1609459200, 1.5, 1609466400, 3.5, 0),
    "ISO with zones": ("timestamp,close\n2021-01-01T00:00:00Z,10\n2021-01-01T02:00:00+01:00,11\n2021-01-01 03:00:00,12\n"
                       "2021-01-01T04:00:00.250-00:00,13\n",
                       day("2021-01-01"), 10, day("2021-01-01") + 4 * 3600, 13, 0),
    "pairs without header": ("2021-03-01,50000\n2021-03-02,51000\n", day("2021-03-01"), 50000, day("2021-03-02"), 51000, 0),
    "CRLF, BOM, quotes, thousands": ('\ufeff"Date","Close"\r\n"2021-01-01","29,374.15"\r\n"2021-01-02","32,127.27"\r\n',
                                     day("2021-01-01"), 29374.15, day("2021-01-02"), 32127.27, 0),
    "semicolons with decimal commas": ("Datum;Eröffnung;Schluss\n2021-01-01;28.923,63;29.374,15\n2021-01-02;29.374,15;32.127,27\n"
                                       .replace("Schluss", "Close"),
                                       day("2021-01-01"), 29374.15, day("2021-01-02"), 32127.27, 0),
    "gaps as empty and null": ("time,price\n1,10\n2,\n3,null\n4,NaN\n5,14\n", 1, 10, 5, 14, 3),
    "US dates": ("Date,Price\n01/31/2021,33000\n02/01/2021,33500\n", day("2021-01-31"), 33000, day("2021-02-01"), 33500, 0),
}


@pytest.mark.parametrize("case", list(CASES))
def test_formats_people_export(fresh_server, case):
    text, first, first_price, last, last_price, gaps = CASES[case]
    r = load(fresh_server, text)
    assert r.status_code == 200, r.text
    summary = r.json()["summary"]
    assert (summary["first"], summary["last"], summary["gaps"]) == (first, last, gaps)
    assert summary["firstPrice"] == pytest.approx(first_price) and summary["lastPrice"] == pytest.approx(last_price)
    assert fresh_server.get("/api/data?period=ALL").json()["summary"]["count"] == summary["count"]


def test_unsorted_rows_are_sorted_and_duplicates_reported(fresh_server):
    r = load(fresh_server, "time,price\n3,30\n1,10\n2,20\n2,21\n")
    body = r.json()
    assert r.status_code == 200 and body["summary"]["count"] == 3
    assert any("sorted" in w for w in body["warnings"]) and any("1 row repeats an earlier row's time" in w for w in body["warnings"])
    points = fresh_server.get("/api/data?period=ALL").json()["points"]
    assert points == [[1, 10], [2, 21], [3, 30]]


def test_bad_row_names_its_line_and_changes_nothing(fresh_server):
    before = fresh_server.get("/api/data?period=ALL&maxPoints=100").json()
    r = load(fresh_server, small_csv(3000, bad_line=1234))
    assert r.status_code == 400
    error = r.json()["error"]
    assert error["field"] == "line 1234" and "line 1234" in error["message"] and "12x.5" in error["message"]
    after = fresh_server.get("/api/data?period=ALL&maxPoints=100").json()
    assert after == before


@pytest.mark.parametrize("text,fragment", [
    ("", "no rows"), ("Date,Close\n", "no rows"), ("Date,Volume\n2021-01-01,5\n", "no price column"),
    ("time,price\n1,2\nbanana,3\n", "line 3"), ("time,price\n1,2\n3\n", "line 3"),
])
def test_errors_are_clear(fresh_server, text, fragment):
    r = load(fresh_server, text)
    assert r.status_code == 400 and fragment in r.json()["error"]["message"]


def test_periods_count_back_from_the_last_point(fresh_server):
    load(fresh_server, small_csv(24 * 400))  # hourly, 400 days
    counts = {p: fresh_server.get(f"/api/data?period={p}&maxPoints=100000").json()["visibleCount"] for p in ["1D", "1W", "1M", "1Y", "ALL"]}
    assert counts == {"1D": 25, "1W": 169, "1M": 721, "1Y": 8761, "ALL": 9600}
    # Data coarser than the period still shows what exists.
    load(fresh_server, "Date,Close\n2021-01-01,1\n2021-02-01,2\n2021-03-01,3\n")
    assert fresh_server.get("/api/data?period=1D").json()["visibleCount"] == 2


def test_live_updates_continue_the_series_and_reach_event_streams():
    s = Server("--live-interval", "0.1", data_csv="time,price\n1609459200,100\n1609462800,101\n")
    try:
        stream = requests.get(s.url + "/api/events", stream=True, timeout=10)
        assert s.request("POST", "/api/live", json={"enabled": True}).json() == {"enabled": True}
        events = []
        for line in stream.iter_lines():
            if line.startswith(b"data:") and b"appended" in line:
                events.append(json.loads(line[5:]))
                if len(events) == 2:
                    break
        # Hourly data ticks a minute at a time inside its current hour, not a whole hour.
        assert events[0]["points"][0][0] == 1609462800 + 60
        assert events[1]["points"][0][0] == 1609462800 + 120
        assert s.request("POST", "/api/live", json={"enabled": False}).json() == {"enabled": False}
        assert wait_for(lambda: s.get("/api/data?period=ALL").json()["summary"]["count"] >= 4)
    finally:
        s.close()


@pytest.mark.parametrize("bad_line", [70_000, 140_000])
def test_line_numbers_hold_in_either_half_of_a_big_file(fresh_server, bad_line):
    # Above 4 MB the importer reads two halves in parallel; errors still name the file's line.
    text = small_csv(200_000, step=60, bad_line=bad_line)
    assert len(text) > 4_000_000
    r = load(fresh_server, text)
    assert r.status_code == 400 and r.json()["error"]["field"] == f"line {bad_line}", r.text
    ok = load(fresh_server, small_csv(200_000, step=60))
    assert ok.status_code == 200 and ok.json()["summary"]["count"] == 200_000
