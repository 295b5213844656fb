"""The render socket plays a new live price and the first load's reveal frame by frame from the
engine: `motion: "live"` with `since` (the last price's time the page shows) steps from that
chart to the chart now, `motion: "reveal"` from the placeholder to the chart; `follow` frames
continue them, and the finished frame is the chart at rest."""
import json
import time

import pytest
import requests

from test_http import RawWebSocket
from workbench_server import Server, small_csv

START, STEP, ROWS = 1_600_000_000, 60, 24 * 60
LAST = START + (ROWS - 1) * STEP


def prices():
    """The closes small_csv writes, in order."""
    rows = small_csv(ROWS, start=START, step=STEP).strip().splitlines()[1:]
    return [float(r.split(",")[4]) for r in rows]


@pytest.fixture(scope="module")
def server():
    s = Server(data_csv=small_csv(ROWS, start=START, step=STEP))
    yield s
    s.close()


def ask(ws, **message):
    ws.send(json.dumps({"id": "tick", "width": 320, "height": 200, "period": "1D", **message}))
    head, body = ws.receive()[1].decode().split("\n", 1)
    return json.loads(head), body


def attribute(svg, name):
    head = svg.split(">", 1)[0]
    return head.split(f' {name}="', 1)[1].split('"', 1)[0] if f' {name}="' in head else None


def test_a_live_price_steps_from_the_chart_the_page_showed_to_the_chart_now(server):
    ws = RawWebSocket(server)
    _, rest = ask(ws)
    closes = prices()
    head, first = ask(ws, motion="live", since=LAST - STEP, time=20)
    assert head["motion"] == "live" and head["progress"] == 0 and not head["finished"]
    # The old picture: its last price is the one before the newest.
    assert float(attribute(first, "data-last-price")) == closes[-2]
    assert attribute(first, "data-flash-direction") == ("up" if closes[-1] > closes[-2] else "down")
    head, middle = ask(ws, motion="follow", time=20.1)
    between = float(attribute(middle, "data-last-price"))
    assert 0 < head["progress"] < 1 and min(closes[-2:]) < between < max(closes[-2:])
    assert 0 < float(attribute(middle, "data-flash-opacity")) < 1
    head, last = ask(ws, motion="follow", time=25)
    assert head["finished"] and last == rest
    head, _ = ask(ws, motion="follow", time=25.5)
    assert "motion" not in head
    ws.sock.close()


def test_a_newer_price_mid_step_goes_on_from_the_frame_shown(server):
    """The page asks for the step from the chart the running step heads for (its `since`): the
    new step starts at the frame on screen, not at that chart, and ends at the chart now."""
    ws = RawWebSocket(server)
    _, rest = ask(ws)
    ask(ws, motion="live", since=LAST - 2 * STEP, time=40)
    head, middle = ask(ws, motion="follow", time=40.1)
    assert 0 < head["progress"] < 1
    head, first = ask(ws, motion="live", since=LAST, time=40.1)
    assert head["motion"] == "live" and head["progress"] == 0 and not head["finished"]
    assert float(attribute(first, "data-last-price")) == pytest.approx(float(attribute(middle, "data-last-price")))
    assert first.split(' d="', 1)[1].split('"', 1)[0] == middle.split(' d="', 1)[1].split('"', 1)[0]  # the line where it was
    head, last = ask(ws, motion="follow", time=45)
    assert head["finished"] and last == rest
    ws.sock.close()


def test_a_live_price_during_a_press_keeps_the_selected_point(server):
    ws = RawWebSocket(server)
    ask(ws, motion="press", selection=0.5, time=0)
    head, pressed = ask(ws, motion="follow", selection=0.5, time=5)
    assert head["finished"] and head["progress"] == 1
    selected = attribute(pressed, "data-selected-time")
    head, first = ask(ws, motion="live", since=LAST - STEP, progress=1, selection=0.5, time=6)
    assert 0 <= head["selection"] <= 1   # where the finger's time now is, for the press's later frames
    _, middle = ask(ws, motion="follow", progress=1, selection=0.5, time=6.1)
    assert attribute(first, "data-selected-time") == attribute(middle, "data-selected-time")
    assert attribute(first, "data-selected-price") == attribute(middle, "data-selected-price")
    assert selected is not None
    ws.sock.close()


def test_a_reveal_plays_from_the_placeholder_to_the_chart(server):
    ws = RawWebSocket(server)
    _, rest = ask(ws)
    head, first = ask(ws, motion="reveal", time=3)
    assert head["motion"] == "reveal" and head["progress"] == 0
    assert 'id="tick-placeholder"' in first and 'id="tick-line"' not in first
    head, middle = ask(ws, motion="follow", time=3.3)
    assert 0 < head["progress"] < 1 and 'id="tick-placeholder"' in middle and 'id="tick-line"' in middle
    head, last = ask(ws, motion="follow", time=9)
    assert head["finished"] and last == rest
    ws.sock.close()


def test_without_since_the_newest_price_plays_again(server):
    ws = RawWebSocket(server)
    _, rest = ask(ws)
    head, first = ask(ws, motion="live", time=1)
    assert head["motion"] == "live" and float(attribute(first, "data-last-price")) == prices()[-2]
    head, last = ask(ws, motion="follow", time=9)
    assert head["finished"] and last == rest
    ws.sock.close()


def test_bad_live_and_motion_fields_are_named(server):
    ws = RawWebSocket(server)
    head, _ = ask(ws, motion="live", since="yesterday", time=1)
    assert head["error"]["field"] == "since"
    head, _ = ask(ws, motion="wobble", time=1)
    assert head["error"]["field"] == "motion"
    ws.sock.close()


def test_a_stale_live_feed_draws_the_outage_and_says_when(tmp_path):
    quiet = Server("--live-interval", "600", data_csv=small_csv(ROWS, start=START, step=STEP))
    try:
        ws = RawWebSocket(quiet)
        head, svg = ask(ws, outageStaleAfter=5)
        assert "staleIn" not in head and "stale" not in head   # live prices off: never stale
        assert quiet.request("POST", "/api/live", json={"enabled": True}).status_code == 200
        head, svg = ask(ws, outageStaleAfter=5)
        assert 4 < head["staleIn"] <= 5 and 'id="tick-outage"' not in svg
        deadline = time.monotonic() + 15
        while "stale" not in head and time.monotonic() < deadline:
            time.sleep(0.25)
            head, svg = ask(ws, outageStaleAfter=5)
        assert head["stale"] and "staleIn" not in head
        assert 'id="tick-outage"' in svg and "Prices delayed" in svg
        # A market scenario is not the live series: never stale.
        head, svg = ask(ws, outageStaleAfter=5, scenario="flat")
        assert "stale" not in head and 'id="tick-outage"' not in svg
        ws.sock.close()
    finally:
        quiet.close()


def test_play_tells_every_page_which_motion_to_play(server):
    stream = requests.get(server.url + "/api/events", stream=True, timeout=10)
    answer = server.request("POST", "/api/session/play", json={"motion": "reveal"}, headers={"X-Workbench-Client": "inspector-page"})
    assert answer.status_code == 200 and answer.json() == {"motion": "reveal"}
    kind = None
    for line in stream.iter_lines():
        if line.startswith(b"event:"):
            kind = line[6:].strip()
        elif line.startswith(b"data:") and kind == b"play":
            event = json.loads(line[5:])
            break
    stream.close()
    # The page that asked, by its alias as every event names a page (never its id: docs/api.md).
    assert event["motion"] == "reveal" and event["client"] and event["client"] != "inspector-page"
    bad = server.request("POST", "/api/session/play", json={"motion": "wobble"})
    assert bad.status_code == 400 and bad.json()["error"]["field"] == "motion"
