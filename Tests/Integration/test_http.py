"""The HTTP layer against the real binary: status codes, content types, every refusal of a
local tool, malformed requests, concurrency and clean shutdown."""
import concurrent.futures
import json
import signal
import socket
import subprocess
import threading
import time
from pathlib import Path
from xml.etree import ElementTree

import pytest
import requests

from workbench_server import BINARY, ROOT, Server, small_csv


def raw(server, data, read_timeout=5):
    with socket.create_connection(("127.0.0.1", server.port), timeout=read_timeout) as s:
        s.sendall(data)
        chunks = []
        try:
            while True:
                chunk = s.recv(65536)
                if not chunk:
                    break
                chunks.append(chunk)
        except socket.timeout:
            pass
        return b"".join(chunks)


def test_status_codes_and_content_types(server):
    expectations = {
        "/": ("200", "text/html"), "/css/app.css": ("200", "text/css"), "/js/main.js": ("200", "text/javascript"),
        "/favicon.svg": ("200", "image/svg+xml"), "/api/schema": ("200", "application/json"),
        "/api/openapi.json": ("200", "application/json"), "/api/render": ("200", "image/svg+xml"),
        "/api/presets": ("200", "application/json"), "/nope.html": ("404", "application/json"),
        "/api/nope": ("404", "application/json"),
    }
    for path, (status, content_type) in expectations.items():
        r = server.get(path)
        assert str(r.status_code) == status, path
        assert r.headers["Content-Type"].startswith(content_type), path
        assert r.headers["X-Content-Type-Options"] == "nosniff"
    error = server.get("/api/nope").json()["error"]
    assert set(error) == {"code", "message", "field"}


def test_wrong_method_is_405_with_allow(server):
    r = server.request("DELETE", "/api/schema")
    assert r.status_code == 405
    assert "GET" in r.headers["Allow"]
    assert r.json()["error"]["code"] == "method_not_allowed"


def test_foreign_host_is_refused(server):
    for host in ["evil.example", "evil.example:%d" % server.port, "127.0.0.1:1", "localhost.evil.example"]:
        r = requests.get(server.url + "/", headers={"Host": host}, timeout=5)
        assert r.status_code == 421, host
    for host in [f"127.0.0.1:{server.port}", f"localhost:{server.port}", "localhost"]:
        assert requests.get(server.url + "/", headers={"Host": host}, timeout=5).status_code == 200, host
    response = raw(server, b"GET / HTTP/1.0\r\n\r\n")
    assert b" 421 " in response.split(b"\r\n")[0]


def test_cross_site_writes_are_refused(server):
    body = {"author": "x", "parameters": {}}
    for headers in [{"Origin": "http://evil.example"}, {"Origin": "null"}, {"Origin": f"https://127.0.0.1:{server.port}"},
                    {"Sec-Fetch-Site": "cross-site"}]:
        r = requests.put(server.url + "/api/presets/Sneaky", json=body, headers=headers, timeout=5)
        assert r.status_code == 403, headers
    assert not any("sneaky" in p.name for p in server.presets.iterdir())
    ok = requests.put(server.url + "/api/presets/Own%20page", json=body, headers=server.person().headers, timeout=5)
    assert ok.status_code in (200, 201)
    assert server.request("DELETE", "/api/presets/Own%20page").status_code == 200


def test_paths_cannot_escape_public(server, tmp_path):
    secret = b"root:x:0:0"
    for path in ["/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd", "/..%2f..%2fetc%2fpasswd",
                 "/css/../../Package.swift", "/%252e%252e/etc/passwd", "/index.html%00.css", "//etc/passwd",
                 "/..\\..\\etc\\passwd", "/.git/config", "/js/%2e%2e/%2e%2e/Package.swift"]:
        response = raw(server, f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nConnection: close\r\n\r\n".encode())
        status = response.split(b"\r\n")[0]
        assert b" 404 " in status or b" 400 " in status, (path, status)
        assert secret not in response and b"PackageDescription" not in response, path


def test_symlinks_out_of_public_are_not_followed(tmp_path):
    public = tmp_path / "Public"
    public.mkdir()
    (public / "index.html").write_text("<!doctype html><title>x</title>")
    (tmp_path / "secret.txt").write_text("top secret")
    (public / "leak.txt").symlink_to(tmp_path / "secret.txt")
    process = subprocess.Popen([BINARY, "serve", "--port", "0", "--public-folder", str(public), "--presets", str(tmp_path / "p"),
                                "--data", str(_csv(tmp_path))], stdout=subprocess.PIPE, text=True)
    try:
        port = int(process.stdout.readline().split(":")[2].split("/")[0])
        r = requests.get(f"http://127.0.0.1:{port}/leak.txt", timeout=5)
        assert r.status_code == 404 and "top secret" not in r.text
    finally:
        process.terminate()
        process.wait()


def _csv(folder):
    path = folder / "d.csv"
    path.write_text(small_csv(50))
    return path


def test_large_uploads_are_refused_without_buffering():
    server = Server("--upload-limit", "8", data_csv=small_csv())
    try:
        before = server.rss_kb()
        # Announced size: refused at once, before the body is read.
        head = (f"POST /api/data HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nContent-Type: text/csv\r\n"
                f"Origin: {server.url}\r\nContent-Length: {100 * 1024 * 1024}\r\n\r\n").encode()
        response = raw(server, head)
        assert b" 413 " in response.split(b"\r\n")[0]

        # Streamed without a length: read and thrown away as it arrives, then 413.
        def chunks():
            block = b"1,2\n" * 262_144  # 1 MB
            for _ in range(40):
                yield block
        r = requests.post(server.url + "/api/data", data=chunks(), headers={"Origin": server.url, "Content-Type": "text/csv"}, timeout=120)
        assert r.status_code == 413
        assert r.json()["error"]["code"] == "payload_too_large"
        after = server.rss_kb()
        assert after - before < 30_000, (before, after)
        assert server.get("/api/data?maxPoints=10").json()["summary"]["count"] == 2000
    finally:
        server.close()


def test_malformed_requests_get_errors_not_crashes(server):
    assert raw(server, b"GARBAGE\r\n\r\n").startswith(b"HTTP/1.1 400") or raw(server, b"GARBAGE\r\n\r\n") == b""
    assert b" 400 " in raw(server, f"GET /api/render?width=%ZZ HTTP/1.1\r\nHost: localhost:{server.port}\r\nConnection: close\r\n\r\n".encode())
    assert b" 400 " in raw(server, f"GET /api/render?x=%FF%FE HTTP/1.1\r\nHost: localhost:{server.port}\r\nConnection: close\r\n\r\n".encode())
    r = server.request("POST", "/api/render", data=b'{"width": ', headers={"Content-Type": "application/json"})
    assert r.status_code == 400 and "JSON" in r.json()["error"]["message"]
    r = server.request("POST", "/api/render", data=b"[" * 10000, headers={"Content-Type": "application/json"})
    assert r.status_code == 400
    r = server.request("PUT", "/api/presets/x", data=b"\xff\xfe", headers={"Content-Type": "application/json"})
    assert r.status_code == 400
    # A client that stops mid-request does not take the server down.
    with socket.create_connection(("127.0.0.1", server.port)) as s:
        s.sendall(f"POST /api/render HTTP/1.1\r\nHost: localhost:{server.port}\r\nContent-Length: 100\r\n\r\n{{".encode())
    assert server.get("/api/schema").status_code == 200


def test_fifty_concurrent_clients(server):
    paths = ["/", "/api/schema", "/api/render?period=ALL&state=active&selection=0.4", "/css/app.css", "/api/presets"]

    def client(i):
        with requests.Session() as session:
            return [session.get(server.url + paths[(i + k) % len(paths)], timeout=60).status_code for k in range(10)]

    with concurrent.futures.ThreadPoolExecutor(50) as pool:
        results = list(pool.map(client, range(50)))
    assert all(code == 200 for codes in results for code in codes)


def test_port_in_use_gives_one_clear_line():
    holder = socket.socket()
    holder.bind(("127.0.0.1", 0))
    holder.listen()
    port = holder.getsockname()[1]
    try:
        result = subprocess.run([BINARY, "serve", "--port", str(port), "--presets", "/tmp/unused-presets", "--data", "/dev/null"],
                                capture_output=True, text=True, timeout=30)
    finally:
        holder.close()
    assert result.returncode != 0
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and f"port {port} is already in use" in lines[0], result.stderr


def test_default_listens_on_loopback_only(tmp_path):
    process = subprocess.Popen([BINARY, "--port", "0", "--presets", str(tmp_path / "p"), "--data", str(_csv(tmp_path)),
                                "--public-folder", str(ROOT / "Public")], stdout=subprocess.PIPE, text=True)
    try:
        port = int(process.stdout.readline().split(":")[2].split("/")[0])
        listening = [line.split() for line in Path("/proc/net/tcp").read_text().splitlines()[1:]]
        mine = [row for row in listening if row[3] == "0A" and int(row[1].split(":")[1], 16) == port]
        assert mine and all(row[1].startswith("0100007F") for row in mine)
    finally:
        process.terminate()
        process.wait()


def test_sigterm_stops_cleanly_with_open_streams(tmp_path):
    s = Server(data_csv=small_csv())
    try:
        stream = requests.get(s.url + "/api/events", stream=True, timeout=10)
        socket_client = RawWebSocket(s)  # an open render socket must not hold the shutdown up
        assert socket_client.status == 101
        lines = stream.iter_lines()
        assert next(lines).startswith(b"retry")
        results = []
        slow = threading.Thread(target=lambda: results.append(s.get("/api/render?period=ALL&width=2000").status_code))
        slow.start()
        time.sleep(0.05)
        code = s.stop(signal.SIGTERM, timeout=10)
        slow.join(10)
        assert code == 0 and not slow.is_alive()
        with pytest.raises(requests.ConnectionError):  # the listener is closed, not just quiet
            requests.get(s.url + "/api/schema", timeout=2)
        assert results in ([200], [])  # finished, or never started before the listener closed
        remaining = list(lines)  # the stream ends instead of hanging
        assert all(not line.startswith(b"event: error") for line in remaining)
    finally:
        s.close()


class RawWebSocket:
    """A minimal WebSocket client over a plain socket, enough to test the render channel."""

    def __init__(self, server, origin=None):
        import base64
        import os
        self.sock = socket.create_connection(("127.0.0.1", server.port), timeout=10)
        key = base64.b64encode(os.urandom(16)).decode()
        origin = origin or server.url
        self.sock.sendall((f"GET /api/render/socket HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nUpgrade: websocket\r\n"
                           f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
                           f"Origin: {origin}\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            head += self.sock.recv(4096)
        self.status = int(head.split(b" ")[1])
        import hashlib
        expected = base64.b64encode(hashlib.sha1((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").encode()).digest())
        self.accepted = expected in head

    def send(self, text):
        import os
        payload, mask = text.encode(), os.urandom(4)
        n = len(payload)
        header = bytes([0x81, 0x80 | n]) if n < 126 else bytes([0x81, 0x80 | 126, n >> 8, n & 255]) if n < 65536 else \
            bytes([0x81, 0x80 | 127]) + n.to_bytes(8, "big")
        self.sock.sendall(header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

    def _exact(self, k):
        data = b""
        while len(data) < k:
            chunk = self.sock.recv(k - len(data))
            if not chunk:
                raise EOFError
            data += chunk
        return data

    def receive(self):
        first, second = self._exact(2)
        n = second & 127
        if n == 126:
            n = int.from_bytes(self._exact(2), "big")
        elif n == 127:
            n = int.from_bytes(self._exact(8), "big")
        return first & 0x0F, self._exact(n)


def test_render_socket_answers_in_order_and_names_bad_fields(server):
    ws = RawWebSocket(server)
    assert ws.status == 101 and ws.accepted
    for i in range(3):
        ws.send(json.dumps({"period": "1M", "width": 320, "inactiveLineWidth": 2 + i, "requestId": i, "id": "sock"}))
        opcode, data = ws.receive()
        head, svg = data.decode().split("\n", 1)
        head = json.loads(head)
        # A whole frame's head brings the numbers of its paths, whole units of 10^-p.
        assert opcode == 1 and {k: head[k] for k in ("requestId", "frame", "p")} == {"requestId": i, "frame": i + 1, "p": 2}
        assert set(head) == {"requestId", "frame", "p", "paths"} and head["paths"] and all(len(entry) == 3 for entry in head["paths"])
        assert svg.startswith("<svg") and 'stroke-width="%d"' % (2 + i) in svg and 'id="sock-title"' in svg
    elements = list(ElementTree.fromstring(svg).iter())  # the places a frame delta names elements by
    line = next(i for i, e in enumerate(elements) if e.get("id") == "sock-line")
    # With the frame the chart shows as `base`, only what changed travels; `again` repeats the
    # chart's request with only the fields sent.
    ws.send(json.dumps({"again": True, "id": "sock", "inactiveLineWidth": 9, "base": 3, "requestId": "p"}))
    head, body = ws.receive()[1].decode().split("\n", 1)
    head = json.loads(head)
    assert head["patch"] is True and head["frame"] == 4
    patch = json.loads(body)
    assert patch["p"] == 2 and [line, "stroke-width", "9"] in patch["a"] and "d" not in patch and len(body) < 200
    # A socket keeps a chart's last four frames: after one more, frame 1 is not among them.
    ws.send(json.dumps({"again": True, "id": "sock", "base": 4, "requestId": "q"}))
    assert json.loads(ws.receive()[1].decode().split("\n", 1)[0])["frame"] == 5
    ws.send(json.dumps({"again": True, "id": "sock", "base": 1, "requestId": "stale"}))   # not a frame kept: the whole SVG
    head, body = ws.receive()[1].decode().split("\n", 1)
    assert "patch" not in json.loads(head) and body.startswith("<svg") and 'stroke-width="9"' in body
    ws.send(json.dumps({"activeCurve": "wobbly", "requestId": "bad"}))
    head = json.loads(ws.receive()[1].decode().split("\n", 1)[0])
    assert head["requestId"] == "bad" and head["error"]["field"] == "activeCurve"
    ws.sock.close()
    assert server.get("/api/schema").status_code == 200


def thread_slices(pid):
    """Each thread's scheduler slice in nanoseconds, from /proc (Linux). The shared server's
    other connections come and go meanwhile: a thread that ended after the listing is not read."""
    slices = {}
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            sched = (task / "sched").read_text()
        except FileNotFoundError:
            continue
        for line in sched.splitlines():
            if line.startswith("se.slice"):
                slices[task.name] = int(line.split(":")[1])
    return slices


def test_a_render_sockets_thread_asks_for_short_scheduler_slices(server):
    """A socket answers a person as they act: its thread takes 0.3 ms slices, so that on a busy
    machine it runs as soon as a message wakes it. The server's other threads keep the default."""
    import platform
    release = tuple(int(part) for part in platform.release().split("-")[0].split(".")[:2])
    if release < (6, 12):
        pytest.skip(f"a fair thread's own slice needs Linux 6.12 (this is {platform.release()})")
    before = thread_slices(server.process.pid)
    assert 300_000 not in before.values()
    ws = RawWebSocket(server)
    ws.send(json.dumps({"period": "1M", "width": 320, "requestId": 1}))
    ws.receive()
    after = thread_slices(server.process.pid)
    assert [tid for tid, ns in after.items() if ns == 300_000 and tid not in before] != []
    assert all(ns != 300_000 for tid, ns in after.items() if tid in before)
    ws.sock.close()


def test_render_socket_refuses_foreign_pages_and_plain_requests(server):
    assert RawWebSocket(server, origin="http://evil.example").status == 403
    assert server.get("/api/render/socket").status_code == 426


def test_oversized_socket_message_closes_the_socket(server):
    ws = RawWebSocket(server)
    # The server refuses from the frame's header (a message is at most 64 KB) and closes: the
    # rest of a 1 MB message may no longer be accepted.
    try:
        ws.send("{" + " " * (1 << 20) + "}")
    except (BrokenPipeError, ConnectionResetError):
        pass
    try:
        opcode, data = ws.receive()
        assert opcode == 8 and int.from_bytes(data[:2], "big") == 1009
    except (ConnectionResetError, BrokenPipeError):
        pass  # closed before its close frame could be read back
    assert server.get("/api/schema").status_code == 200


def test_a_message_just_over_the_limit_gets_its_close_frame_not_a_reset(server):
    # As a page would send it: one 70 KB text frame. The server refuses it from the header and
    # drops the rest while it closes, so the page reads 1009 (a reset would show it as 1006).
    ws = RawWebSocket(server)
    ws.send("{" + " " * 70_000 + "}")
    opcode, data = ws.receive()
    assert opcode == 8 and int.from_bytes(data[:2], "big") == 1009
    assert server.get("/api/schema").status_code == 200


def test_openapi_document_is_valid_and_lists_every_parameter(server):
    validator = pytest.importorskip("openapi_spec_validator")
    document = server.get("/api/openapi.json").json()
    validator.validate(document)
    render = {p["name"] for p in document["paths"]["/api/render"]["get"]["parameters"]}
    schema = server.get("/api/schema").json()
    assert {p["key"] for p in schema["parameters"]} <= render
