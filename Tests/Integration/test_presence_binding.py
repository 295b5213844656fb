"""Presence is bound to the event stream that created it: a page id alone (which anyone can
send) cannot rename, press for or remove another page; a viewer can only describe itself."""
import json
import threading
import time

import requests

from workbench_server import Server


def open_stream(server, client, user, cookies=None):
    """Opens the page's event stream; returns (response, hello)."""
    r = requests.get(server.url + f"/api/events?client={client}&user={user}", stream=True, timeout=10, cookies=cookies)
    lines = r.iter_lines(decode_unicode=True)
    event = None
    for line in lines:
        if line.startswith("event: "):
            event = line[7:]
        elif line.startswith("data: ") and event == "hello":
            return r, json.loads(line[6:])
    raise AssertionError("no hello")


def people(server, **kw):
    return {p["client"]: p for p in server.get("/api/session", **kw).json()["people"]}


def test_presence_needs_the_streams_own_key(fresh_server):
    s = fresh_server
    alice_stream, alice = open_stream(s, "alice-page", "Alice")
    try:
        key = alice["presenceKey"]
        assert len(key) == 32
        ok = s.request("POST", "/api/session/presence", json={"key": key, "pressing": True, "selection": 0.5},
                       headers={"X-Workbench-Client": "alice-page", "X-Workbench-User": "Alice"})
        assert ok.status_code == 200 and people(s)["alice-page"]["pressing"]
        # Mallory sends Alice's page id, with no key, a wrong key, or asks to remove her.
        for body in ({"user": "Mallory", "pressing": False}, {"key": "0" * 32, "user": "Mallory", "pressing": False}):
            r = s.request("POST", "/api/session/presence", json=body, headers={"X-Workbench-Client": "alice-page", "X-Workbench-User": "Mallory"})
            assert r.status_code in (400, 403), r.text
        r = s.request("POST", "/api/session/presence", json={"key": "f" * 32, "leaving": True}, headers={"X-Workbench-Client": "alice-page"})
        assert r.status_code == 200
        alice_now = people(s)["alice-page"]
        assert alice_now["user"] == "Alice" and alice_now["pressing"]
        r = s.request("POST", "/api/session/presence", json={"key": key, "leaving": True}, headers={"X-Workbench-Client": "alice-page"})
        assert r.status_code == 200 and "alice-page" not in people(s)
    finally:
        alice_stream.close()


def test_a_viewer_cannot_describe_an_editor(tmp_path):
    s = Server("--share")
    try:
        out = s.process.stdout
        links = {}
        deadline = time.time() + 10
        while len(links) < 2 and time.time() < deadline:
            line = out.readline()
            for role in ("editor", "viewer"):
                if role in line.lower() and "token=" in line:
                    links[role] = line.split("token=")[1].split()[0].strip()
        assert len(links) == 2, links
        editor = {"workbench_token": links["editor"]}
        viewer_session = requests.Session()
        # The join link sets the cookie (the name is the server's own; read it from the redirect).
        r = viewer_session.get(s.url + f"/?token={links['viewer']}", allow_redirects=False, timeout=10)
        cookie_jar = r.cookies
        editor_session = requests.Session()
        r2 = editor_session.get(s.url + f"/?token={links['editor']}", allow_redirects=False, timeout=10)
        stream, hello = open_stream(s, "ed-page", "Alice", cookies=r2.cookies)
        try:
            headers = {"Origin": s.url, "X-Workbench-Client": "ed-page", "X-Workbench-User": "Mallory"}
            attempt = requests.post(s.url + "/api/session/presence", json={"key": "0" * 32, "user": "Mallory", "pressing": True},
                                    headers=headers, cookies=cookie_jar, timeout=10)
            assert attempt.status_code in (400, 403), attempt.text
            listed = {p["client"]: p for p in requests.get(s.url + "/api/session", cookies=r2.cookies, timeout=10).json()["people"]}
            assert listed["ed-page"]["user"] == "Alice" and not listed["ed-page"]["pressing"]
        finally:
            stream.close()
    finally:
        s.close()
