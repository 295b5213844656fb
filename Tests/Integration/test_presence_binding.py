"""Presence is bound to the event stream that created it: a page id alone (which anyone can
send) cannot rename, press for or remove another page; a viewer can only describe itself."""
import requests

from workbench_server import Server, event_stream


def open_stream(server, client, user, cookies=None):
    """Opens the page's event stream as the person `user`; returns (response, hello)."""
    secret = server.person(user).secret
    r, hello, lines = event_stream(server, f"client={client}&user={user}&secret={secret}", cookies)
    # The reader is kept with the response: dropped, it closes the connection, and the server
    # ends the page's presence at the next event it sends (someone joining is one).
    r.lines = lines
    return r, hello


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
        # Others see the page by its alias (its hello's `page`), never by its id.
        page = alice["page"]
        assert page and page != "alice-page"
        assert ok.status_code == 200 and people(s)[page]["pressing"]
        # Mallory sends Alice's page id, with no key, a wrong key, or asks to remove her.
        for body in ({"user": "Mallory", "pressing": False}, {"key": "0" * 32, "user": "Mallory", "pressing": False}):
            r = s.request("POST", "/api/session/presence", json=body, headers={"X-Workbench-Client": "alice-page", "X-Workbench-User": "Mallory"})
            assert r.status_code in (400, 403), r.text
        r = s.request("POST", "/api/session/presence", json={"key": "f" * 32, "leaving": True}, headers={"X-Workbench-Client": "alice-page"})
        assert r.status_code == 200
        alice_now = people(s)[page]
        assert alice_now["user"] == "Alice" and alice_now["pressing"]
        r = s.request("POST", "/api/session/presence", json={"key": key, "leaving": True}, headers={"X-Workbench-Client": "alice-page"})
        assert r.status_code == 200 and page not in people(s)
    finally:
        alice_stream.close()


def test_a_viewer_cannot_describe_an_editor():
    from test_share import SharedServer
    s = SharedServer()
    try:
        alice = s.person("Alice")
        r = requests.get(s.url + f"/api/events?client=ed-page&user=Alice&token={s.editor}&secret={alice.secret}", stream=True, timeout=10)
        assert r.status_code == 200
        try:
            mallory = s.person("Mallory", headers=s.as_(s.viewer))
            headers = {"Origin": s.url, "X-Workbench-Client": "ed-page", "X-Workbench-User": "Alice", **s.as_(s.viewer),
                       "X-Workbench-Secret": mallory.secret}
            for body in ({"key": "0" * 32, "user": "Mallory", "pressing": True}, {"user": "Mallory"}, {"key": "1" * 32, "leaving": True}):
                attempt = requests.post(s.url + "/api/session/presence", json=body, headers=headers, timeout=10)
                assert attempt.status_code in (200, 400, 403), attempt.text
            listed = {p["user"]: p for p in requests.get(s.url + "/api/session", headers=s.as_(s.editor), timeout=10).json()["people"]}
            assert "ed-page" not in {p["client"] for p in listed.values()}
            assert not listed["Alice"]["pressing"]
        finally:
            r.close()
    finally:
        s.close()
