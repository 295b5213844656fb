"""`workbench serve --share`: join tokens over HTTP, the event stream and the render socket;
viewers cannot write; Host checks accept exactly the addresses served. Network traffic stays on
this machine: loopback and this machine's own non-loopback address."""
import base64
import hashlib
import json
import os
import re
import socket
import subprocess

import pytest
import requests

from workbench_server import Server, small_csv


def local_address():
    """One non-loopback IPv4 address of this machine, or None."""
    out = subprocess.run(["hostname", "-I"], capture_output=True, text=True).stdout.split()
    return next((a for a in out if re.fullmatch(r"\d+\.\d+\.\d+\.\d+", a) and not a.startswith("127.")), None)


class SharedServer(Server):
    def __init__(self):
        super().__init__("--share", data_csv=small_csv())
        lines = [self.process.stdout.readline() for _ in range(6)]
        text = self.printed = "".join(lines)
        self.editor_link = re.search(r"editors[^:]*:\s+(\S+)", text).group(1)
        self.viewer_link = re.search(r"viewers[^:]*:\s+(\S+)", text).group(1)
        self.device_link = re.search(r"phone[^:]*:\s+(\S+)", text).group(1)
        # Each printed link carries one personal invitation after its token (&invite=…).
        self.editor, self.editor_invitation = re.search(r"token=(\w+)&invite=(\w+)", self.editor_link).groups()
        self.viewer, self.viewer_invitation = re.search(r"token=(\w+)&invite=(\w+)", self.viewer_link).groups()
        self.cookie_name = f"workbench_page_{self.port}"
        self.person_headers = self.as_(self.editor)

    def as_(self, token):
        """What the page sends with an API call: the token in a header (cookies do not count there)."""
        return {"X-Workbench-Token": token}

    def page_cookie(self, token):
        """The cookie a join link sets: it loads the page's files and nothing else."""
        r = requests.get(self.url + "/?token=" + token, timeout=10, allow_redirects=False)
        return {"Cookie": r.headers["Set-Cookie"].split(";")[0]}


@pytest.fixture(scope="module")
def shared():
    s = SharedServer()
    yield s
    s.close()


def websocket_status(server, headers=""):
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
        key = base64.b64encode(os.urandom(16)).decode()
        sock.sendall((f"GET /api/render/socket HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nUpgrade: websocket\r\n"
                      f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
                      f"Origin: {server.url}\r\n{headers}\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = sock.recv(4096)
            if not chunk:
                break
            head += chunk
        return int(head.split(b" ")[1]), head


def test_links_carry_long_random_tokens(shared):
    for token in (shared.editor, shared.viewer):
        assert re.fullmatch(r"[0-9a-f]{32,}", token), token     # ≥ 128 bits
    assert shared.editor != shared.viewer
    assert shared.device_link.startswith(shared.editor_link.split("/?")[0] + "/device?token=")
    other = SharedServer()
    try:
        assert {other.editor, other.viewer}.isdisjoint({shared.editor, shared.viewer})
    finally:
        other.close()


def test_without_a_token_every_request_gets_401_and_no_data(shared):
    for path in ["/", "/index.html", "/device", "/api/presets", "/api/presets/Default", "/api/schema", "/api/data",
                 "/api/session", "/api/session/qr?link=editor", "/js/main.js"]:
        r = requests.get(shared.url + path, timeout=10)
        assert r.status_code == 401, path
        assert "Default" not in r.text and "favourite" not in r.text, path
    page = requests.get(shared.url + "/", headers={"Accept": "text/html"}, timeout=10)   # a person without the link
    assert page.status_code == 401 and "join link" in page.text and "Default" not in page.text
    r = requests.get(shared.url + "/api/events", timeout=10, stream=True)
    assert r.status_code == 401 and "event-stream" not in r.headers.get("Content-Type", "")
    r.close()
    assert websocket_status(shared)[0] == 401
    for method, path in [("PUT", "/api/presets/X"), ("DELETE", "/api/presets/Default"), ("POST", "/api/data"), ("POST", "/api/render")]:
        assert shared.request(method, path, data="{}", headers={"Content-Type": "application/json"}).status_code == 401, path
    # Wrong, truncated or extended tokens, in the link or the cookie.
    for token in ["", "0" * 48, shared.editor[:-1], shared.editor + "0", shared.viewer.upper()]:
        assert requests.get(shared.url + "/?token=" + token, timeout=10, allow_redirects=False).status_code == 401, token
        assert requests.get(shared.url + "/api/presets", headers=shared.as_(token), timeout=10).status_code == 401, token
    # Cookies never authorise an API call: not the page cookie a join link sets (browsers send it to
    # every port of this host, so another service there may hold it), nor a token as a cookie.
    page = shared.page_cookie(shared.editor)
    for headers in (page, {"Cookie": f"workbench_token_{shared.port}={shared.editor}"}, {"Cookie": f"{shared.cookie_name}={shared.editor}"}):
        assert requests.get(shared.url + "/api/presets", headers=headers, timeout=10).status_code == 401, headers
        assert requests.get(shared.url + "/api/events", headers=headers, timeout=10, stream=True).status_code == 401, headers
        assert websocket_status(shared, f"Cookie: {headers['Cookie']}\r\n")[0] == 401
        assert shared.request("POST", "/api/live", json={"enabled": True}, headers=headers).status_code == 401


def test_the_editor_link_sets_the_cookie_and_redirects_to_the_plain_url(shared):
    r = requests.get(shared.url + "/?token=" + shared.editor, timeout=10, allow_redirects=False)
    assert r.status_code == 303
    # The token moves to the fragment, which no server receives; the page keeps it in its origin's storage.
    assert r.headers["Location"] == "/#token=" + shared.editor
    cookie = r.headers["Set-Cookie"]
    assert cookie.startswith(f"{shared.cookie_name}=") and shared.editor not in cookie and shared.viewer not in cookie
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie and "Path=/" in cookie
    # A browser-like session follows the redirect with the cookie and gets the page; its API calls carry the token.
    session = requests.Session()
    page = session.get(shared.url + "/?token=" + shared.editor, timeout=10)
    assert page.status_code == 200 and "Chart Workbench" in page.text and page.url.startswith(shared.url + "/")
    assert session.get(shared.url + "/api/session", timeout=10).status_code == 401   # the cookie alone
    session.headers.update(shared.as_(shared.editor))
    assert session.get(shared.url + "/api/session", timeout=10).json()["role"] == "editor"
    session.headers["X-Workbench-Secret"] = shared.person().secret
    body = {"author": "t", "notes": "", "parameters": {"markerRadius": 5}}
    assert session.put(shared.url + "/api/presets/Shared%20one", json=body, headers={"Origin": shared.url}, timeout=10).status_code == 201
    assert session.delete(shared.url + "/api/presets/Shared%20one", headers={"Origin": shared.url}, timeout=10).status_code == 200
    # The event stream and the socket, which cannot set headers, carry the token in their address.
    events = requests.get(shared.url + "/api/events?token=" + shared.editor, stream=True, timeout=10)
    assert events.status_code == 200 and events.headers["Content-Type"].startswith("text/event-stream")
    events.close()
    with socket.create_connection(("127.0.0.1", shared.port), timeout=10) as sock:
        key = base64.b64encode(os.urandom(16)).decode()
        sock.sendall((f"GET /api/render/socket?token={shared.editor} HTTP/1.1\r\nHost: 127.0.0.1:{shared.port}\r\nUpgrade: websocket\r\n"
                      f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\nOrigin: {shared.url}\r\n\r\n").encode())
        assert sock.recv(4096).split(b" ")[1] == b"101"
    # A token in a GET's query is taken out before the handler reads the query.
    r = requests.get(shared.url + f"/api/render?width=390&token={shared.editor}", timeout=10)
    assert r.status_code == 200 and r.headers["Content-Type"].startswith("image/svg+xml")
    # The redirect stays on this server, whatever the path looks like.
    for path in ["//evil.example/", "/\\evil.example/", "///evil.example"]:
        r = requests.get(shared.url + path + "?token=" + shared.editor, timeout=10, allow_redirects=False)
        assert r.status_code == 303 and r.headers["Location"].startswith("/") and not r.headers["Location"].startswith(("//", "/\\")), path
    # The device link keeps its path.
    r = requests.get(shared.url + "/device?token=" + shared.viewer, timeout=10, allow_redirects=False)
    assert r.status_code == 303 and r.headers["Location"] == "/device#token=" + shared.viewer


def test_viewers_watch_press_and_render_but_every_write_is_403(shared):
    viewer = shared.as_(shared.viewer)
    get = lambda path: requests.get(shared.url + path, headers=viewer, timeout=10)
    assert requests.get(shared.url + "/", headers=shared.page_cookie(shared.viewer), timeout=10).status_code == 200
    assert get("/api/presets").status_code == 200
    assert get("/api/render?width=390&state=active&progress=1&selection=0.5").headers["Content-Type"].startswith("image/svg+xml")
    assert shared.request("POST", "/api/render", json={"width": 390}, headers=viewer).status_code == 200
    assert shared.request("POST", "/api/frames", json={"width": 390}, headers=viewer).status_code == 200
    events = requests.get(shared.url + "/api/events?token=" + shared.viewer, stream=True, timeout=10)
    assert events.status_code == 200
    events.close()
    info = get("/api/session").json()
    assert info["role"] == "viewer"
    assert "editor" not in info["links"] and shared.editor not in json.dumps(info)
    assert get("/api/session/qr?link=editor").status_code == 400      # a viewer cannot get the editor link
    before = shared.get("/api/presets/Default", headers=shared.as_(shared.editor)).text
    writes = [("PUT", "/api/presets/Default", {"parameters": {"markerRadius": 1}}),
              ("PUT", "/api/presets/New", {"parameters": {}}),
              ("DELETE", "/api/presets/Default", None),
              ("POST", "/api/presets/Default/rename", {"newName": "Gone"}),
              ("POST", "/api/live", {"enabled": True}),
              ("POST", "/api/drafts/Default/changes", {"parameters": {"markerRadius": 2}}),
              ("POST", "/api/data/builtin", {})]
    # The person's role decides for a person (the owner may make one an editor); here a viewer
    # person, and the viewer link with no person at all.
    vic = {**viewer, "X-Workbench-Secret": shared.person("Vic", headers=viewer).secret}
    for method, path, body in writes:
        for headers in (vic, viewer):
            r = shared.request(method, path, json=body, headers=headers, anonymous="X-Workbench-Secret" not in headers)
            assert r.status_code == 403, (method, path, r.status_code)
            assert r.json()["error"]["code"] == "viewer"
    r = shared.request("POST", "/api/data", data="time,price\n1,2\n", headers={**vic, "Content-Type": "text/csv"})
    assert r.status_code == 403
    # Asked what they may do with the newest revision, a viewer is told they may not decide, and why.
    said = shared.get("/api/presets/Default", headers=vic).json()["yourReview"]
    assert said["mayDecide"] is False and "viewer" in said["why"], said
    r = shared.request("POST", "/api/presets/Default/reviews", json={"revision": 1, "decision": "approve", "comment": ""}, headers=vic)
    assert r.status_code == 403 and r.json()["error"]["code"] == "viewer"
    assert shared.get("/api/presets/Default", headers=shared.as_(shared.editor)).text == before


def test_host_checks_accept_the_addresses_served_and_nothing_else(shared):
    editor = shared.as_(shared.editor)
    for host in [f"127.0.0.1:{shared.port}", f"localhost:{shared.port}"]:
        assert requests.get(shared.url + "/api/schema", headers={**editor, "Host": host}, timeout=10).status_code == 200, host
    for host in [f"10.255.255.1:{shared.port}", f"evil.example:{shared.port}", f"192.0.2.250:{shared.port}"]:
        assert requests.get(shared.url + "/api/schema", headers={**editor, "Host": host}, timeout=10).status_code == 421, host
    address = local_address()
    if address is None:
        pytest.skip("this machine has no non-loopback address")
    lan = f"http://{address}:{shared.port}"
    assert shared.editor_link.startswith(lan)
    assert requests.get(lan + "/api/presets", timeout=10).status_code == 401
    session = requests.Session()
    assert session.get(shared.editor_link, timeout=10).status_code == 200
    session.headers.update({**editor, "X-Workbench-Secret": shared.person().secret})
    assert session.get(lan + "/api/presets", timeout=10).status_code == 200
    r = session.put(lan + "/api/presets/From%20LAN", json={"parameters": {}}, headers={"Origin": lan}, timeout=10)
    assert r.status_code == 201
    r = session.delete(lan + "/api/presets/From%20LAN", headers={"Origin": f"http://127.0.0.1:{shared.port}"}, timeout=10)
    assert r.status_code == 200


def test_the_qr_codes_are_real_qr_codes_of_the_links(shared):
    r = requests.get(shared.url + "/api/session/qr?link=viewer", headers=shared.as_(shared.editor), timeout=10)
    assert r.status_code == 200 and r.headers["Content-Type"].startswith("image/svg+xml")
    assert "<path" in r.text and "QR code of the viewer link" in r.text
    assert requests.get(shared.url + "/api/session/qr?link=nope", headers=shared.as_(shared.editor), timeout=10).status_code == 400


def test_without_share_nothing_changes(server):
    assert server.get("/api/presets").status_code == 200
    info = server.get("/api/session").json()
    assert info["shared"] is False and info["role"] == "editor"
    assert set(info["links"]) == {"device"} and info["links"]["device"].endswith("/device")
    assert server.get("/device").status_code == 200
    assert "Set-Cookie" not in server.get("/?token=abc").headers


def test_the_printed_owner_link_gives_this_machine_the_owners_page():
    """Under --share the owner opens their own page on this machine from the link serve prints:
    the editor token without an invitation, whose first loopback visit makes the owner's page."""
    s = SharedServer()
    try:
        link = re.search(r"Your own page[^:]*:\s+(http://127\.0\.0\.1:\d+/\?token=(\w+))\n", s.printed)
        assert link and link.group(2) == s.editor and "invite=" not in link.group(1), s.printed
        opened = requests.get(link.group(1), timeout=10, allow_redirects=False)
        assert opened.status_code == 303 and "Set-Cookie" in opened.headers
        me = requests.post(s.url + "/api/people", json={"name": "Olga"}, headers={"Origin": s.url, **s.as_(s.editor)}, timeout=10)
        assert me.status_code == 201, me.text
        assert me.json()["person"]["owner"] is True
    finally:
        s.close()
