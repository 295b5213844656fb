"""The render socket plays the period change frame by frame from the engine: `motion: "period"`
with `from` starts it, `follow` frames continue it, a second period mid-way retargets from where
the line is; the first frame is the old picture, the finished one the new."""
import json

import pytest

from test_http import RawWebSocket
from workbench_server import Server, small_csv


@pytest.fixture(scope="module")
def server():
    s = Server(data_csv=small_csv(24 * 60))
    yield s
    s.close()


def ask(ws, **message):
    ws.send(json.dumps({"id": "morph", "width": 320, "height": 200, **message}))
    head, body = ws.receive()[1].decode().split("\n", 1)
    return json.loads(head), body


def test_a_period_change_plays_from_the_old_picture_to_the_new(server):
    ws = RawWebSocket(server)
    _, day = ask(ws, period="1D")
    _, week = ask(ws, period="1W")
    head, first = ask(ws, period="1W", motion="period", **{"from": "1D"}, time=10)
    assert head["motion"] == "period" and head["progress"] == 0 and not head["finished"]
    # The drawing is the old period's (title and description already name the period chosen).
    drawing = lambda svg: svg.split("<defs", 1)[1]
    assert drawing(first) == drawing(day) and "1 day" in first.split("<title", 1)[0]
    head, middle = ask(ws, period="1W", motion="follow", time=10.2)
    assert 0 < head["progress"] < 1 and head["velocity"] > 0
    assert middle not in (day, week)
    head, last = ask(ws, period="1W", motion="follow", time=12)
    assert head["finished"] and head["progress"] == 1 and last == week
    # Finished: follow frames are the press's again (the period's rest picture).
    head, _ = ask(ws, period="1W", motion="follow", time=12.5)
    assert "motion" not in head
    ws.sock.close()


def test_a_second_period_mid_way_retargets_from_where_the_line_is(server):
    ws = RawWebSocket(server)
    ask(ws, period="1W", motion="period", **{"from": "1D"}, time=0)
    head, before = ask(ws, period="1W", motion="follow", time=0.15)
    moving = head["velocity"]
    head, after = ask(ws, period="1M", motion="period", time=0.15)   # no `from`: it starts where the line is
    assert head["progress"] == 0 and head["velocity"] == pytest.approx(moving)
    line = lambda svg: svg.split('id="morph-line"', 1)[1].split(' d="', 1)[1].split('"', 1)[0]
    assert line(after)[:12] == line(before)[:12]
    head, _ = ask(ws, period="1M", motion="follow", time=3)
    assert head["finished"]
    ws.sock.close()


def test_a_period_change_from_rest_needs_a_valid_from(server):
    ws = RawWebSocket(server)
    head, _ = ask(ws, period="1W", motion="period", time=1)
    assert head["error"]["field"] == "from"
    head, _ = ask(ws, period="1W", motion="period", time=1, **{"from": "2D"})
    assert head["error"]["field"] == "from"
    head, _ = ask(ws, period="1W", motion="period", **{"from": "1D"})
    assert head["error"]["field"] == "time"
    ws.sock.close()


def test_a_press_during_a_period_change_takes_over(server):
    ws = RawWebSocket(server)
    ask(ws, period="1W", motion="period", **{"from": "1D"}, time=0)
    head, _ = ask(ws, period="1W", motion="press", selection=0.5, time=0.1)
    assert "motion" not in head and head["target"] == 1
    head, _ = ask(ws, period="1W", motion="follow", selection=0.5, time=0.15)
    assert "motion" not in head and head["target"] == 1 and head["progress"] > 0
    ws.sock.close()
